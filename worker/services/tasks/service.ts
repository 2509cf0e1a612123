import { and, eq, sql, type SQL } from "drizzle-orm";
import { runBatch, runNamedBatch, type Statement } from "../../../db/batch";
import { tasks, users, type Task, type User } from "../../../db/schema";
import type { Deps } from "../deps";
import { forbidden, notFound, unauthorized } from "../errors";
import { resolveStrategyKey } from "../escalation/catalogue";
import { haltEscalationStatements, startEscalationStatements } from "../escalation/start-and-halt";
import { newTaskStatements, nextOccurrenceStatements, readStoredRule, storedRuleJson, type TaskSource } from "../series";
import { errorFields, log } from "../log";
import { parseInput } from "../validation";
import { SENT_MESSAGE_TEXTS } from "../telegram/sent-message-texts";
import { confirmationsOf, goneConfirmationEdits, keepConfirmationsAfterEdit, mayHaveConfirmations, rewriteChatMessages } from "./chat-confirmations";
import { assertRoom, readTaskRoom } from "./quotas";
import { restartFor, type Restart } from "./restart";
import { createTaskSchema, dueDateToInstant, updateTaskSchema } from "./schemas";
import { toTaskJson, type TaskJson } from "./serialize";

export const EMAIL_NOT_VERIFIED = "You must verify your email address before creating tasks.";
export const TASK_NOT_FOUND = "We couldn't find that task. It may have been deleted.";

export type { TaskSource };

export async function loadUser(deps: Pick<Deps, "db">, userId: string): Promise<User> {
  return userOrSignIn(await findUser(deps, userId));
}

/**
 * The person's row, or null for an account gone. For a read started beside the task's, where the
 * task's own answer (404) must decide first and `userOrSignIn` applies only if the row is needed.
 */
export async function findUser(deps: Pick<Deps, "db">, userId: string): Promise<User | null> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

/** The person's row, or 401 'Your account could not be found. Please sign in again.' */
export function userOrSignIn(user: User | null): User {
  if (!user) throw unauthorized("Your account could not be found. Please sign in again.", "USER_NOT_FOUND");
  return user;
}

/** The select of a task of this user (no row for another user's task): awaited, or the last statement of a batch. */
export function ownTaskQuery(deps: Pick<Deps, "db">, userId: string, taskId: string) {
  return deps.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
    .limit(1);
}

/** The task of `ownTaskQuery`'s rows, or 404 (another user's task is "not found", never "forbidden"). */
export function ownTaskOf(rows: Task[]): Task {
  const [task] = rows;
  if (!task) throw notFound(TASK_NOT_FOUND, "TASK_NOT_FOUND");
  return task;
}

/** A task of this user, or 404 (another user's task is "not found", never "forbidden"). */
export async function loadOwnTask(deps: Pick<Deps, "db">, userId: string, taskId: string): Promise<Task> {
  return ownTaskOf(await ownTaskQuery(deps, userId, taskId));
}

/** POST /v1/tasks. Order of checks as in spec 02 section 5: verified email, title, due date; then the account's caps (quotas.ts). */
export async function createTask(deps: Deps, userId: string, input: unknown, source: TaskSource = "web"): Promise<TaskJson> {
  // The person and the account's counts, read together (one D1 wait); the checks keep the spec's order.
  const [user, room] = await Promise.all([loadUser(deps, userId), readTaskRoom(deps, userId)]);
  if (!user.isVerified) throw forbidden(EMAIL_NOT_VERIFIED, "EMAIL_NOT_VERIFIED");
  const data = parseInput(createTaskSchema, input);
  assertRoom(room);
  const now = deps.clock.now().getTime();
  const { task, statements } = newTaskStatements(deps, {
    userId,
    title: data.title,
    dueAt: dueDateToInstant(data.dueDate, user.timezone) as number,
    strategyKey: resolveStrategyKey(data.strategy, user.defaultEscalationStrategy),
    recurrence: data.recurrence ? JSON.stringify(data.recurrence) : null,
    ignoreQuietHours: data.ignoreQuietHours ?? false,
    checkBackMinutes: data.checkBackMinutes ?? null,
    seriesId: null,
    source,
    now,
  });
  await runBatch(deps.db, statements);
  return toTaskJson(task, now);
}

export async function getTask(deps: Deps, userId: string, taskId: string): Promise<TaskJson> {
  return toTaskJson(await loadOwnTask(deps, userId, taskId), deps.clock.now().getTime());
}

/**
 * PUT /v1/tasks/:id. A new due date or strategy starts the escalation again (the old one is cancelled,
 * a new snapshot starts by the rule of restart.ts, ADR 113); a title or recurrence change does not. A
 * completed task keeps its status: its fields change, no reminders restart.
 *
 * "done" can land between the read below and the batch (another tab, an email link). So the
 * restart is conditional in SQL: the status is reset only `WHERE status <> 'COMPLETED'`, the new
 * escalation is inserted only if the task is still open after that, and otherwise the field changes
 * alone are applied, as for any edit of a completed task (ADR 029).
 */
export async function updateTask(deps: Deps, userId: string, taskId: string, input: unknown): Promise<TaskJson> {
  // The task and the person (whose zone and default strategy a new due date or strategy is read in),
  // together: one D1 wait. The checks keep their order: 404, then the fields (400).
  const [task, person] = await Promise.all([loadOwnTask(deps, userId, taskId), findUser(deps, userId)]);
  return (await editLoadedTask(deps, task, person, input)).task;
}

/** What an edit did: the task as the batch left it, and how its reminders started again (restart.ts). */
export interface TaskEdit {
  task: TaskJson;
  restart: Restart;
}

/**
 * PUT's edit of a task its caller has already read (`loadOwnTask`) with its person (`findUser`), for a
 * service that looks at both before it decides to edit ("make it urgent", a move): no second read.
 */
export async function editLoadedTask(deps: Deps, task: Task, person: User | null, input: unknown): Promise<TaskEdit> {
  const data = parseInput(updateTaskSchema, input);
  const now = deps.clock.now().getTime();
  const user = data.dueDate !== undefined || data.strategy !== undefined ? userOrSignIn(person) : null;

  // Only the columns this request changes are written, so a reminder recorded meanwhile by the
  // engine (lastReminderSentAt, escalationHaltedAt) is never overwritten with a stale copy.
  const changes: Partial<Task> = { updatedAt: now };
  if (data.title !== undefined) changes.title = data.title;
  if (data.dueDate !== undefined) changes.dueAt = dueDateToInstant(data.dueDate, user?.timezone ?? "UTC") as number;
  if (data.strategy !== undefined) changes.strategyKey = resolveStrategyKey(data.strategy, user?.defaultEscalationStrategy);
  if (data.ignoreQuietHours !== undefined) changes.ignoreQuietHours = data.ignoreQuietHours;
  // Takes effect at the next Acknowledge; a check-back already running keeps its times.
  if (data.checkBackMinutes !== undefined) changes.checkBackMinutes = data.checkBackMinutes;
  if (data.recurrence !== undefined) {
    changes.recurrence = data.recurrence ? JSON.stringify(data.recurrence) : null;
    if (data.recurrence && !task.seriesId) changes.seriesId = task.id;
  } else if (data.dueDate !== undefined && task.recurrence) {
    // A new due date is a time of day on the person's present clock: a zone the old one was set in
    // (series/stored-rule.ts) no longer applies.
    const { rule, wallZone } = readStoredRule(task.recurrence);
    if (wallZone) changes.recurrence = storedRuleJson(rule);
  }
  const next: Task = { ...task, ...changes };
  const restart = restartFor(task, next, now);
  const own = and(eq(tasks.id, task.id), eq(tasks.userId, task.userId));
  const statements = restart.kind === "none" ? [deps.db.update(tasks).set(changes).where(own)] : restartStatements(deps, next, changes, restart, now, own);
  // The answer's read-back rides at the end of the batch: what the batch left, with no second wait.
  const { updated } = await runNamedBatch(deps.db, { updated: ownTaskQuery(deps, task.userId, task.id) }, statements);
  const edited = ownTaskOf(updated);
  await keepChatConfirmationTrue(deps, task, edited, person);
  return { task: toTaskJson(edited, now), restart };
}

/**
 * A reminder made in the chat: its confirmation there is rewritten to what is now set (ADR 114), wherever this
 * edit came from. Only when something it says changed (the title, the time, the repeat, the sequence).
 */
async function keepChatConfirmationTrue(deps: Deps, before: Task, after: Task, person: User | null): Promise<void> {
  if (!mayHaveConfirmations(after)) return;
  const said = (t: Task) => [t.title, t.dueAt, t.recurrence, t.strategyKey].join("\u0000");
  if (said(before) === said(after)) return;
  try {
    const owner = person ?? (await findUser(deps, after.userId));
    if (owner) await keepConfirmationsAfterEdit(deps, after, owner);
  } catch (error) {
    // The edit is saved and answered; its chat confirmation is a courtesy that must not turn it into a failure.
    log.warn("telegram.confirmation_not_rewritten", { taskId: after.id, ...errorFields(error) });
  }
}

/** The batch of an edit that starts the reminders again, conditional on the task still being open (ADR 029). */
function restartStatements(deps: Deps, next: Task, changes: Partial<Task>, restart: Exclude<Restart, { kind: "none" }>, now: number, own: SQL | undefined): Statement[] {
  // A kept snooze keeps its status and its end; any other restart opens the task afresh.
  const reopen: Partial<Task> =
    restart.kind === "after_snooze" ? { ...changes, escalationHaltedAt: null } : { ...changes, status: "PENDING", acknowledgedAt: null, snoozedUntil: null, escalationHaltedAt: null };
  const stillOpen = sql`exists (select 1 from tasks as t where t.id = ${next.id} and t.status <> 'COMPLETED')`;
  const start = { taskId: next.id, strategyKey: next.strategyKey, dueAt: restart.startAt, now, onlyIf: stillOpen };
  return [
    deps.db.update(tasks).set(reopen).where(and(own, sql`${tasks.status} <> 'COMPLETED'`)),
    // Stops nothing if done won (done already ended the chain).
    ...haltEscalationStatements(deps.db, next.id, "cancelled", now),
    ...startEscalationStatements(deps.db, restart.kind === "after_seen" ? { ...start, fromStep: restart.fromStep } : start).statements,
    // Done won the race: the task stays completed and only its fields change.
    deps.db.update(tasks).set(changes).where(and(own, eq(tasks.status, "COMPLETED"))),
  ];
}

export interface DeleteOptions {
  /** End a repeating task's whole series instead of skipping this occurrence. */
  series?: boolean;
  /**
   * "leave": the caller rewrites the chat's confirmations itself (the bot, which must not rewrite the message a
   * button was pressed under twice). By default the deletion does it.
   */
  chatConfirmations?: "rewrite" | "leave";
}

/**
 * DELETE /v1/tasks/:id: the escalation and its steps go with it (foreign keys cascade).
 * A recurring task (ADR 043): deleting an open occurrence skips that one, and the series goes on
 * with the next occurrence, created in the same batch (as "done" would; its ids are derived, so a
 * racing answer writes it once). `series: true` ends the series instead: every open occurrence
 * goes, completed ones stay as history, and nothing comes next.
 */
export async function deleteTask(deps: Deps, userId: string, taskId: string, options: DeleteOptions = {}): Promise<void> {
  const task = await loadOwnTask(deps, userId, taskId);
  const own = and(eq(tasks.id, task.id), eq(tasks.userId, userId));
  const oneOff = !task.recurrence || !task.seriesId;
  // Wholly gone (not one skipped occurrence of a series that goes on): a reminder made in the chat has its
  // confirmation there say so (ADR 114). Read first: the rows go with the task.
  const wholly = oneOff || options.series === true;
  const confirmations = wholly && options.chatConfirmations !== "leave" && mayHaveConfirmations(task) ? await confirmationsOf(deps, task.id) : [];
  const sayGone = () => rewriteChatMessages(deps, goneConfirmationEdits(confirmations, oneOff ? SENT_MESSAGE_TEXTS.deleted(task.title) : SENT_MESSAGE_TEXTS.seriesStopped(task.title)));
  if (oneOff || !task.seriesId) {
    const deleted = await deps.db.delete(tasks).where(own).returning({ id: tasks.id });
    if (deleted.length === 0) throw notFound(TASK_NOT_FOUND, "TASK_NOT_FOUND");
    await sayGone();
    return;
  }
  if (options.series) {
    const openOfSeries = and(eq(tasks.userId, userId), eq(tasks.seriesId, task.seriesId), sql`${tasks.status} <> 'COMPLETED'`);
    await runBatch(deps.db, [deps.db.delete(tasks).where(own), deps.db.delete(tasks).where(openOfSeries)]);
    await sayGone();
    return;
  }
  const user = await loadUser(deps, userId);
  const now = deps.clock.now().getTime();
  const gone = sql`not exists (select 1 from tasks as t where t.id = ${task.id})`;
  const next = task.status === "COMPLETED" ? [] : await nextOccurrenceStatements(deps, task, user.timezone, now, gone);
  await runBatch(deps.db, [deps.db.delete(tasks).where(own), ...next]);
}
