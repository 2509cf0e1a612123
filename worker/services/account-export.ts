import { asc, eq } from "drizzle-orm";
import { emergencyContacts, tasks } from "../../db/schema";
import { profileOf, requireUserRow, type PublicUser } from "./auth";
import { toBuddyJson, type BuddyJson } from "./buddies";
import type { Deps } from "./deps";
import { listDevices, type DeviceView } from "./push";
import { breakJson, quietHoursJson, type BreakJson, type QuietHoursJson } from "./quiet-hours";
import { toTaskJson, type TaskJson } from "./tasks";
import { listOrder } from "./tasks/list";

/**
 * GET /v1/users/me/export (Settings: Download My Data; ADR 080): everything Nudge keeps about the person that
 * they gave it or it made for them, as JSON: the profile, quiet hours, a break running, every task with its state and repeat,
 * the nudge buddies and the devices with notifications on. Not the secrets (password hash, codes, session
 * tokens), and not the delivery log, which is the engine's record of sends, kept 90 days (retention).
 */
export interface AccountExport {
  exportedAt: string;
  profile: PublicUser;
  quietHours: QuietHoursJson;
  /** A break running now (ADR 095), else its fields null. */
  break: BreakJson;
  tasks: TaskJson[];
  nudgeBuddies: BuddyJson[];
  devices: DeviceView[];
}

export async function exportAccount(deps: Deps, userId: string): Promise<AccountExport> {
  const now = deps.clock.now().getTime();
  // Every read at once: one D1 wait, whatever the number of tasks.
  const [row, taskRows, buddyRows, devices] = await Promise.all([
    requireUserRow(deps, userId),
    // In the list's order (open first, soonest due; then done, latest due), which its index holds: no sort of its own.
    deps.db.select().from(tasks).where(eq(tasks.userId, userId)).orderBy(...listOrder),
    deps.db.select().from(emergencyContacts).where(eq(emergencyContacts.userId, userId)).orderBy(asc(emergencyContacts.order)),
    listDevices(deps, userId),
  ]);
  return {
    exportedAt: new Date(now).toISOString(),
    profile: await profileOf(deps, row),
    quietHours: quietHoursJson(row, now),
    break: breakJson(row, now),
    tasks: taskRows.map((task) => toTaskJson(task, now)),
    nudgeBuddies: buddyRows.map((buddy) => toBuddyJson(buddy)),
    devices,
  };
}
