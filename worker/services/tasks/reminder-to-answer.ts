import { and, desc, eq, gt, isNotNull } from "drizzle-orm";
import { deliveries } from "../../../db/schema";
import type { Deps } from "../deps";
import { listActiveReminders, mostUrgentReminder } from "./active-reminders";
import type { TaskJson } from "./serialize";

/**
 * Which reminder a typed answer without a thread is for ("DONE" by text, "done" in the Telegram chat,
 * "done" in a reply to a reminder email):
 * the one whose reminder reached the person last on that medium, while it still waits for an answer,
 * otherwise the one waiting longest. Each message says "Reply DONE" about its own reminder, so with
 * two reminders out the answer belongs to the last one sent; answering the older one instead could
 * mark pills taken that were not. Null when nothing waits.
 */
export async function reminderToAnswer(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  medium: "sms" | "telegram" | "email",
  /** The title the answer names, when its medium carries one (an email reply's "Re: Reminder: <title>"). */
  named?: string | null,
): Promise<TaskJson | null> {
  const [active, lastSent] = await Promise.all([listActiveReminders(deps, userId), lastReminderTaskId(deps, userId, medium)]);
  return (named ? active.find((task) => task.title === named) : undefined) ?? active.find((task) => task.id === lastSent) ?? mostUrgentReminder(active);
}

/** The task of the last reminder sent to this person on `medium` in the last day (deliveries_user_idx, newest first). */
async function lastReminderTaskId(deps: Pick<Deps, "db" | "clock">, userId: string, medium: string): Promise<string | null> {
  const since = deps.clock.now().getTime() - 24 * 60 * 60_000;
  const [row] = await deps.db
    .select({ taskId: deliveries.taskId })
    .from(deliveries)
    .where(and(eq(deliveries.userId, userId), eq(deliveries.channel, medium), gt(deliveries.createdAt, since), isNotNull(deliveries.taskId)))
    .orderBy(desc(deliveries.createdAt))
    .limit(1);
  return row?.taskId ?? null;
}
