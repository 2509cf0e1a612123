import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { tasks } from "../../../db/schema";
import type { Deps } from "../deps";
import { byDueThenId, openDue, openInListOrder } from "./list";
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
  // Two reads in one round trip, each reading only what it returns (tests/workerd/query-plans.test.ts):
  // the open tasks already due, in the list's own index order (tasks_user_list_idx: never the person's
  // done history, no sort); then the tasks snoozed before they were due (a handful), by status
  // (tasks_user_status_idx), put in order here. Every row of the first is due at or before `now` and
  // every row of the second after it, so together they are in order.
  const [due, snoozedAhead] = await deps.db.batch([
    deps.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, userId), openInListOrder, lte(openDue, now), inArray(tasks.status, ["PENDING", "SNOOZED"])))
      .orderBy(asc(openDue), asc(tasks.id))
      .limit(ACTIVE_REMINDERS_MAX),
    deps.db
      .select()
      .from(tasks)
      // The unary "+" keeps the planner off (user_id, due_at), which would read every task of the person due later.
      .where(and(eq(tasks.userId, userId), eq(tasks.status, "SNOOZED"), sql`+${tasks.dueAt} > ${now}`)),
  ]);
  const ahead = [...snoozedAhead].sort(byDueThenId);
  return [...due, ...ahead].slice(0, ACTIVE_REMINDERS_MAX).map((row) => toTaskJson(row, now));
}

/** The reminder to put in front of the user: the longest-waiting one that is not snoozed, or null. */
export function mostUrgentReminder(reminders: readonly TaskJson[]): TaskJson | null {
  return reminders.find((r) => r.status !== "SNOOZED") ?? null;
}
