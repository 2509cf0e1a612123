import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { runBatch, runNamedBatch, type Statement } from "../../../db/batch";
import { escalations, tasks, type Task, type User } from "../../../db/schema";
import type { Deps } from "../deps";
import { conflict } from "../errors";
import type { EscalationStepSpec } from "../escalation/catalogue";
import { checkBackStatements, haltEscalationStatements, startEscalationStatements } from "../escalation/start-and-halt";
import { snoozeChainStatements } from "../escalation/snooze";
import { nextOccurrenceDueAt, nextOccurrenceId, nextOccurrenceStatements } from "../series";
import { parseInput } from "../validation";
import { thankAlertedBuddies } from "../buddies/thanks";
import { rewriteChatMessages } from "./chat-confirmations";
import { doneMessageEdits, sentReminderMessagesOrNone } from "./chat-reminder-messages";
import { nextMorning } from "./morning";
import { nextTimeOfDay, parseTimeOfDay } from "./time-of-day";
import { snoozeSchema } from "./schemas";
import { toTaskJson, type TaskJson } from "./serialize";
import { findUser, loadOwnTask, loadUser, ownTaskOf, ownTaskQuery, userOrSignIn } from "./service";

/**
 * Acknowledge, done and snooze: the three answers a person can give from any channel (dashboard,
 * email link, and later Telegram buttons, SMS replies, the call keypad). Each is idempotent.
 */

export const ALREADY_DONE_SNOOZE = "This task is already done, so there is nothing to snooze.";

/**
 * A recurring task's next occurrence, written in the same batch as the answer and only if the
 * answer's own update took (the task really is in `status` after it): see services/series/next-occurrence.ts.
 */
async function seriesStatements(deps: Deps, userId: string, task: Task, status: "ACKNOWLEDGED" | "COMPLETED", now: number): Promise<Statement[]> {
  if (!task.recurrence) return [];
  const user = await loadUser(deps, userId);
  const answered = sql`exists (select 1 from tasks as t where t.id = ${task.id} and t.status = ${status})`;
  return nextOccurrenceStatements(deps, task, user.timezone, now, answered);
}

/**
 * Stops the escalation; the task stays open (ACKNOWLEDGED) until it is marked done, and the
 * strategy's check-back asks about it later (issue 13). A recurring task's series goes on: its next
 * occurrence is created now (ADR 028).
 */
export async function acknowledgeTask(deps: Deps, userId: string, taskId: string): Promise<TaskJson> {
  const task = await loadOwnTask(deps, userId, taskId);
  const now = deps.clock.now().getTime();
  if (task.status === "COMPLETED") return toTaskJson(task, now);
  if (task.status === "ACKNOWLEDGED") {
    // Twice before any check-in went out (a double press, two channels) is the same as once.
    if (task.checkBackAt === null || now < task.checkBackAt) return toTaskJson(task, now);
    await stopCheckingBack(deps, task, now);
    return toTaskJson(await loadOwnTask(deps, userId, taskId), now);
  }
  // "Acknowledged but not done" (issue 13): the strategy's check-back, if it has one, starts in the
  // same batch, after the halt, and only if this answer's own update took.
  const tookEffect = sql`exists (select 1 from tasks as t where t.id = ${task.id} and t.status = 'ACKNOWLEDGED' and t.acknowledged_at = ${now})`;
  const checkBack = checkBackStatements(deps.db, { taskId: task.id, strategyKey: task.strategyKey, checkBackMinutes: task.checkBackMinutes, now, onlyIf: tookEffect });
  const writes: Statement[] = [
    deps.db
      .update(tasks)
      .set({
        status: "ACKNOWLEDGED",
        acknowledgedAt: now,
        checkBackAt: checkBack?.firstDueAt ?? null,
        snoozedUntil: null,
        updatedAt: now,
        escalationHaltedAt: sql`coalesce(${tasks.escalationHaltedAt}, ${now})`,
      })
      .where(and(eq(tasks.id, task.id), inArray(tasks.status, ["PENDING", "SNOOZED"]))),
    ...haltEscalationStatements(deps.db, task.id, "acknowledged", now),
    ...(checkBack?.statements ?? []),
    ...(await seriesStatements(deps, userId, task, "ACKNOWLEDGED", now)),
  ];
  // The answer's read-back rides at the end of the batch, as in snooze and edit; then the thanks.
  const { acknowledged } = await runNamedBatch(deps.db, { acknowledged: ownTaskQuery(deps, userId, taskId) }, writes);
  await thankAlertedBuddies(deps, userId, task);
  return toTaskJson(ownTaskOf(acknowledged), now);
}

/**
 * Acknowledge again after a check-in went out (its own Acknowledge button): the person has it in
 * hand and asked not to be asked again, so the check-backs stop. The task stays ACKNOWLEDGED.
 */
async function stopCheckingBack(deps: Deps, task: Task, now: number): Promise<void> {
  await runBatch(deps.db, [
    deps.db.update(tasks).set({ checkBackAt: null, updatedAt: now }).where(and(eq(tasks.id, task.id), eq(tasks.status, "ACKNOWLEDGED"))),
    ...haltEscalationStatements(deps.db, task.id, "acknowledged", now),
  ]);
}

export interface DoneResult extends TaskJson {
  /** The next occurrence of a recurring task (a new PENDING task with its own escalation), else null. */
  nextTask: TaskJson | null;
}

/**
 * Marks a task done and ends its chain. A recurring task gets its next occurrence: the first one
 * after both its due time and now (so a late "done" never creates a reminder in the past),
 * computed in the user's zone across DST. Its ids are derived from this task's id and written with
 * ON CONFLICT DO NOTHING in the same batch, so "done" twice, or done after acknowledge (which
 * already created it), creates ONE next occurrence.
 */
export async function completeTask(deps: Deps, userId: string, taskId: string): Promise<DoneResult> {
  const task = await loadOwnTask(deps, userId, taskId);
  const now = deps.clock.now().getTime();
  const nextId = task.recurrence ? await nextOccurrenceId(task.id) : null;
  if (task.status === "COMPLETED") return { ...toTaskJson(task, now), nextTask: await nextTaskJson(deps, userId, nextId, now) };

  const writes: Statement[] = [
    deps.db
      .update(tasks)
      .set({ status: "COMPLETED", completedAt: now, snoozedUntil: null, checkBackAt: null, updatedAt: now, escalationHaltedAt: sql`coalesce(${tasks.escalationHaltedAt}, ${now})` })
      .where(and(eq(tasks.id, task.id), sql`${tasks.status} <> 'COMPLETED'`)),
    ...haltEscalationStatements(deps.db, task.id, "completed", now),
    ...(await seriesStatements(deps, userId, task, "COMPLETED", now)),
  ];
  // The answer's read-back rides at the end of the batch, as in snooze and edit; then the thanks,
  // the next occurrence and the reminder's messages in the person's chat together (one wait).
  const { done } = await runNamedBatch(deps.db, { done: ownTaskQuery(deps, userId, taskId) }, writes);
  const [, nextTask, messages] = await Promise.all([thankAlertedBuddies(deps, userId, task), nextTaskJson(deps, userId, nextId, now), sentReminderMessagesOrNone(deps, userId, task.id)]);
  // Its messages in the chat say it is done, their buttons replaced by the way back (ADR 116).
  await rewriteChatMessages(deps, doneMessageEdits(messages, task));
  return { ...toTaskJson(ownTaskOf(done), now), nextTask };
}

async function nextTaskJson(deps: Deps, userId: string, nextId: string | null, now: number): Promise<TaskJson | null> {
  if (!nextId) return null;
  const [next] = await deps.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, nextId), eq(tasks.userId, userId)))
    .limit(1);
  return next ? toTaskJson(next, now) : null;
}

/**
 * Pauses the escalation for `minutes`, or until the next morning on the person's clock (`until:
 * "morning"`, morning.ts) or the next time it shows a time of day (`until: "19:00"`, time-of-day.ts),
 * without moving the due date. The chain resumes at the SAME
 * step: the first unsent step fires at snoozedUntil (or at its own time if that is later), and the
 * steps after it keep their spacing. If nothing is left to send (the chain was acknowledged or ran
 * out), one more ping is added at snoozedUntil, since "remind me in 30 minutes" must remind.
 * A snoozed task is no longer acknowledged: acknowledgedAt is cleared with the status change.
 * A recurring task snoozed past its next occurrence's time (a day or more for a daily one) gets
 * that next occurrence now, so it still comes on time (ADR 043): "done" after such a snooze would
 * otherwise compute the next one from its own, later time and skip a day.
 */
export async function snoozeTask(deps: Deps, userId: string, taskId: string, input: unknown): Promise<TaskJson> {
  // Everything the batch is built from, read together: one D1 wait. The person is read for every
  // task though only a recurring one needs their zone: a query by key costs less than a second wait.
  const [task, escalation, person] = await Promise.all([loadOwnTask(deps, userId, taskId), latestEscalationOfOwnTask(deps, userId, taskId), findUser(deps, userId)]);
  if (task.status === "COMPLETED") throw conflict(ALREADY_DONE_SNOOZE, "TASK_COMPLETED");
  const { minutes, until: untilWhen } = parseInput(snoozeSchema, input ?? {});
  const now = deps.clock.now().getTime();
  const until = snoozeEnd(now, userOrSignIn(person).timezone, minutes, untilWhen);

  const statements: Statement[] = [
    deps.db
      .update(tasks)
      .set({ status: "SNOOZED", snoozedUntil: until, acknowledgedAt: null, escalationHaltedAt: null, updatedAt: now })
      .where(and(eq(tasks.id, task.id), sql`${tasks.status} <> 'COMPLETED'`)),
    ...resumeAtStatements(deps, task, escalation, until, now),
    ...(await snoozedPastNextStatements(deps, task, person, until, now)),
  ];
  // The answer's read-back rides at the end of the batch: what the batch left, with no second wait.
  const { snoozed } = await runNamedBatch(deps.db, { snoozed: ownTaskQuery(deps, userId, taskId) }, statements);
  return toTaskJson(ownTaskOf(snoozed), now);
}

/** When a snooze ends: after `minutes`, or at the next morning or time of day the person's clock shows (`until`). */
function snoozeEnd(now: number, zone: string, minutes: number, until: string | undefined): number {
  if (until === "morning") return nextMorning(now, zone);
  const time = until === undefined ? null : parseTimeOfDay(until);
  return time ? nextTimeOfDay(now, zone, time) : now + minutes * 60_000;
}

/** The next occurrence of a recurring task whose snooze reaches past it (in the person's zone), written only if the snooze took. */
async function snoozedPastNextStatements(deps: Deps, task: Task, person: User | null, until: number, now: number): Promise<Statement[]> {
  if (!task.recurrence) return [];
  const { timezone } = userOrSignIn(person);
  const nextDue = nextOccurrenceDueAt(task, timezone, now);
  if (nextDue === null || nextDue > until) return [];
  const snoozed = sql`exists (select 1 from tasks as t where t.id = ${task.id} and t.status = 'SNOOZED')`;
  return nextOccurrenceStatements(deps, task, timezone, now, snoozed);
}

/**
 * The escalation a snooze moves: the running or paused one, else the latest. Read beside the task,
 * so it is limited to this person's task in SQL (another person's task id finds nothing here, and
 * the task's own read answers 404).
 */
async function latestEscalationOfOwnTask(deps: Deps, userId: string, taskId: string) {
  const [escalation] = await deps.db
    .select({
      id: escalations.id,
      steps: escalations.steps,
      // Written out in full: in a one-table select Drizzle leaves the column unqualified, and inside
      // the subquery that would name the step's own id.
      lastIndex: sql<number | null>`(select max(s.step_index) from escalation_steps as s where s.escalation_id = "escalations"."id")`.as("last_index"),
    })
    .from(escalations)
    .where(and(eq(escalations.taskId, taskId), sql`exists (select 1 from tasks as t where t.id = ${taskId} and t.user_id = ${userId})`))
    .orderBy(sql`(${escalations.state} in ('running', 'paused')) desc`, desc(escalations.createdAt), desc(sql`rowid`))
    .limit(1);
  return escalation ?? null;
}

/**
 * The chain's part of a snooze. Which step is current and how far the chain moves are decided in
 * SQL when the batch runs (escalation/snooze.ts), never from the read before it: that read only
 * finds the escalation, its first step's channels and its last step index (ADR 041).
 */
function resumeAtStatements(deps: Deps, task: Task, escalation: Awaited<ReturnType<typeof latestEscalationOfOwnTask>>, until: number, now: number): Statement[] {
  const { db } = deps;
  if (!escalation) {
    return startEscalationStatements(db, { taskId: task.id, strategyKey: task.strategyKey, dueAt: until, now }).statements;
  }
  const snapshot = JSON.parse(escalation.steps) as EscalationStepSpec[];
  return snoozeChainStatements(db, {
    escalationId: escalation.id,
    taskId: task.id,
    until,
    now,
    extraChannels: snapshot[0]?.channels ?? ["email"],
    lastIndex: escalation.lastIndex ?? -1,
    snoozed: sql`exists (select 1 from tasks as t where t.id = ${task.id} and t.status = 'SNOOZED')`,
  });
}
