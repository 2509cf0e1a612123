import { and, asc, eq, inArray, lte, or } from "drizzle-orm";
import { tasks } from "../../../db/schema";
import type { Deps } from "../deps";
import { toTaskJson, type TaskJson } from "./serialize";

/**
 * The reminders that are waiting for an answer (the /reminder-dialog screen): the user's tasks
 * that are neither done nor acknowledged and whose due time has passed, or that are snoozed (the
 * escalation is paused and will ring again). Longest-waiting first, so the first one that is not
 * snoozed is the most urgent. Acknowledged tasks are left out: their reminders have stopped.
 */
export const ACTIVE_REMINDERS_MAX = 50;

export async function listActiveReminders(deps: Pick<Deps, "db" | "clock">, userId: string): Promise<TaskJson[]> {
  const now = deps.clock.now().getTime();
  const rows = await deps.db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        inArray(tasks.status, ["PENDING", "SNOOZED"]),
        or(lte(tasks.dueAt, now), eq(tasks.status, "SNOOZED")),
      ),
    )
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .limit(ACTIVE_REMINDERS_MAX);
  return rows.map((row) => toTaskJson(row, now));
}

/** The reminder to put in front of the user: the longest-waiting one that is not snoozed, or null. */
export function mostUrgentReminder(reminders: readonly TaskJson[]): TaskJson | null {
  return reminders.find((r) => r.status !== "SNOOZED") ?? null;
}
