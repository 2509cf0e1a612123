import { and, eq, sql, type SQL } from "drizzle-orm";
import { runNamedBatch, type Statement } from "../../../db/batch";
import { tasks } from "../../../db/schema";
import type { Deps } from "../deps";
import { deterministicUuid } from "../escalation/ids";
import { startEscalationStatements } from "../escalation/start-and-halt";
import { nextOccurrenceId } from "../series";
import { assertRoom, readTaskRoom } from "./quotas";
import { toTaskJson, type TaskJson } from "./serialize";
import { loadOwnTask, ownTaskOf, ownTaskQuery } from "./service";

/**
 * "Not done yet" (ADR 083): a task marked done by mistake (a mis-tap on a card, a Done button pressed
 * for the wrong reminder) is opened again, and its reminders start over.
 */
export interface ReopenResult extends TaskJson {
  /** False when the task was not done (nothing changed): a second press, or another screen was first. */
  reopened: boolean;
  /**
   * The next occurrence of a repeat that marking it done had created, taken away again because
   * nothing had happened to it yet (not due, never reminded, never answered or edited); else null.
   * Screens drop its card.
   */
  removedNextTaskId: string | null;
}

/** What "Not done yet" answers on a screen: the task is open again, and when its reminders come back. */
export function reopenedMessage(title: string, dueAhead: boolean): string {
  return dueAhead ? `"${title}" is open again. We'll remind you when it's due.` : `"${title}" is open again. We'll remind you again in a moment, starting gently.`;
}

/** What "Not done yet" answers when the task was not done (a second press, or another screen was first). */
export function stillOpenMessage(title: string): string {
  return `"${title}" is still open. We'll keep reminding you.`;
}

/**
 * Opens a done task again: PENDING, with a new chain from its due time, or from now when that has
 * passed (gently: the chain's first step, never the step the old chain had reached). Opening a task
 * that is not done changes nothing (a double press, two screens), like the other answers.
 *
 * A repeat's next occurrence, created by the Done, goes again if nothing has happened to it yet, so
 * undoing Done undoes what Done did. If it is due, was reminded, answered or edited, it stays: it is
 * the person's reminder now, and the series simply has two open occurrences (the next Done of this
 * one creates nothing more, ADR 043).
 *
 * The task's update takes only while it is still done with the completion time that was read; the
 * other writes only if the task is open after it. The chain's id is derived from that completion, so
 * two presses at once write one chain, and a later Done and "Not done yet" write a new one.
 */
export async function reopenTask(deps: Deps, userId: string, taskId: string): Promise<ReopenResult> {
  // Read together (one D1 wait): the task, the occurrence its Done may have created, and the caps.
  const nextId = await nextOccurrenceId(taskId);
  const [task, nextBefore, room] = await Promise.all([loadOwnTask(deps, userId, taskId), ownTaskQuery(deps, userId, nextId), readTaskRoom(deps, userId)]);
  const now = deps.clock.now().getTime();
  if (task.status !== "COMPLETED" || task.completedAt === null) return { ...toTaskJson(task, now), reopened: false, removedNextTaskId: null };
  // A reopened task is one more open task with a live chain: the same caps as creating one.
  assertRoom(room);

  const own = and(eq(tasks.id, task.id), eq(tasks.userId, userId));
  const reopened = sql`exists (select 1 from tasks as t where t.id = ${task.id} and t.status = 'PENDING')`;
  const chain = startEscalationStatements(deps.db, {
    taskId: task.id,
    strategyKey: task.strategyKey,
    dueAt: task.dueAt,
    now,
    escalationId: await deterministicUuid(`${task.id}:reopened:${task.completedAt}`),
    onlyIf: reopened,
  });
  const statements: Statement[] = [
    deps.db
      .update(tasks)
      .set({ status: "PENDING", completedAt: null, acknowledgedAt: null, snoozedUntil: null, checkBackAt: null, escalationHaltedAt: null, updatedAt: now })
      .where(and(own, eq(tasks.status, "COMPLETED"), eq(tasks.completedAt, task.completedAt))),
    ...chain.statements,
    ...(task.recurrence && nextBefore.length > 0 ? [removeUntouchedNextStatement(deps, userId, nextId, now, reopened)] : []),
  ];
  // The read-backs ride at the end of the batch: what it left, with no second wait.
  const { after, nextAfter } = await runNamedBatch(deps.db, { after: ownTaskQuery(deps, userId, taskId), nextAfter: ownTaskQuery(deps, userId, nextId) }, statements);
  const removedNextTaskId = nextBefore.length > 0 && nextAfter.length === 0 ? nextId : null;
  const result = ownTaskOf(after);
  return { ...toTaskJson(result, now), reopened: result.status !== "COMPLETED", removedNextTaskId };
}

/**
 * The next occurrence, deleted only if nothing has happened to it: still PENDING, not yet due, never
 * reminded, never written since it was created (an edit or an answer sets updated_at). Its chain and
 * steps go with it (ON DELETE CASCADE).
 */
function removeUntouchedNextStatement(deps: Deps, userId: string, nextId: string, now: number, reopened: SQL): Statement {
  return deps.db
    .delete(tasks)
    .where(
      and(
        eq(tasks.id, nextId),
        eq(tasks.userId, userId),
        eq(tasks.status, "PENDING"),
        sql`${tasks.dueAt} > ${now}`,
        sql`${tasks.lastReminderSentAt} is null`,
        sql`${tasks.updatedAt} is null`,
        reopened,
      ),
    );
}
