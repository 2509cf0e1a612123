import { sql } from "drizzle-orm";
import { escalations, tasks } from "../../../db/schema";
import type { Deps } from "../deps";
import { openInListOrder } from "./list";
import { conflict } from "../errors";

/**
 * Per-account caps (ADR 043): a guard against a runaway script or a compromised token filling the
 * database and the tick, far above what a person uses (a heavy user has tens of open reminders).
 * - open tasks (not COMPLETED): 5,000;
 * - escalations running or paused at once: 500 (each is a chain the tick and the queue carry).
 * Checked before a task is created (the API, plain language). The check reads the counts, then
 * the batch writes: a burst of parallel creates can pass a cap by the few in flight, which is fine
 * for a guard. A recurring series is never stopped by a cap: its next occurrence replaces the one
 * answered, and a reminder someone relies on must not fall silent.
 */
export const OPEN_TASKS_MAX = 5000;
export const LIVE_ESCALATIONS_MAX = 500;

export const TASK_LIMIT_MESSAGE = `You have ${OPEN_TASKS_MAX.toLocaleString("en-US")} open reminders, the most one account can hold. Mark some as done or delete them, then try again.`;
export const ESCALATION_LIMIT_MESSAGE = `You have ${LIVE_ESCALATIONS_MAX} reminders going off right now, the most one account can have at once. Acknowledge or finish some of them, then try again.`;

/** The account's counts the caps are checked against. */
export interface TaskRoom {
  openTasks: number;
  liveEscalations: number;
}

/**
 * Reads the counts. The create paths start it together with the person's row (one D1 wait, not
 * two, ADR 071) and check it with assertRoom after their own checks, in the spec's order.
 */
export async function readTaskRoom(deps: Pick<Deps, "db">, userId: string): Promise<TaskRoom> {
  // Both counts walk the range of this user's OPEN tasks in tasks_user_list_idx (openInListOrder is its
  // second key, "done or not", as the index writes it), then escalations_task_idx: never the done
  // history, which "status <> 'COMPLETED'" on (user_id, status) read in full on every create.
  const [counts] = await deps.db.all<{ openTasks: number; liveEscalations: number }>(sql`
    select
      (select count(*) from ${tasks} where ${tasks.userId} = ${userId} and ${openInListOrder}) as openTasks,
      (select count(*) from ${tasks} join ${escalations} on ${escalations.taskId} = ${tasks.id}
        where ${tasks.userId} = ${userId} and ${openInListOrder} and ${escalations.state} in ('running', 'paused')) as liveEscalations`);
  return { openTasks: counts?.openTasks ?? 0, liveEscalations: counts?.liveEscalations ?? 0 };
}

/** Throws 409 TASK_LIMIT_REACHED or ESCALATION_LIMIT_REACHED when one more task (or `adding` more) would pass a cap. */
export function assertRoom(room: TaskRoom, adding = 1): void {
  if (room.openTasks + adding > OPEN_TASKS_MAX) throw conflict(TASK_LIMIT_MESSAGE, "TASK_LIMIT_REACHED");
  if (room.liveEscalations >= LIVE_ESCALATIONS_MAX) throw conflict(ESCALATION_LIMIT_MESSAGE, "ESCALATION_LIMIT_REACHED");
}
