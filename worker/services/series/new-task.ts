import type { SQL } from "drizzle-orm";
import { insertIfStatement, type Statement } from "../../../db/batch";
import { tasks, type Task } from "../../../db/schema";
import type { Deps } from "../deps";
import { startEscalationStatements } from "../escalation/start-and-halt";

export type TaskSource = "web" | "nl" | "telegram" | "email" | "api";

export interface NewTask {
  id?: string;
  escalationId?: string;
  userId: string;
  title: string;
  dueAt: number;
  strategyKey: string;
  recurrence: string | null;
  seriesId: string | null;
  source: TaskSource;
  /** "Remind me even during quiet hours" (issue 13); a series' next occurrence keeps it. */
  ignoreQuietHours?: boolean;
  /** The task's own check-back (null: the sequence's); a series' next occurrence keeps it. */
  checkBackMinutes?: number | null;
  /** Shared with the others made from the same message naming several times (ADR 187); a series' next occurrence has none. */
  madeTogetherId?: string | null;
  now: number;
  /** Write the task and its escalation only if this holds when the statements run. */
  onlyIf?: SQL;
}

/**
 * The writes that create a task and start its escalation, for `createTask`, plain-language
 * reminders and the next occurrence of a recurring task (which passes deterministic ids, so a
 * double "done" writes it once: the inserts are ON CONFLICT DO NOTHING, and `onlyIf` makes them
 * depend on an earlier write of the same batch). It lives below the task service and the
 * escalation engine because both create tasks: the engine when a series' chain runs out (ADR 028).
 */
export function newTaskStatements(deps: Pick<Deps, "db">, input: NewTask): { task: Task; statements: Statement[] } {
  const id = input.id ?? crypto.randomUUID();
  const task: Task = {
    id,
    userId: input.userId,
    title: input.title,
    dueAt: input.dueAt,
    status: "PENDING",
    strategyKey: input.strategyKey,
    recurrence: input.recurrence,
    seriesId: input.recurrence ? (input.seriesId ?? id) : input.seriesId,
    source: input.source,
    escalationHaltedAt: null,
    lastReminderSentAt: null,
    buddiesAlertedAt: null,
    acknowledgedAt: null,
    ignoreQuietHours: input.ignoreQuietHours ?? false,
    quietHeldUntil: null,
    checkBackAt: null,
    checkBackMinutes: input.checkBackMinutes ?? null,
    completedAt: null,
    snoozedUntil: null,
    madeTogetherId: input.madeTogetherId ?? null,
    createdAt: input.now,
    updatedAt: null,
  };
  const escalation = startEscalationStatements(deps.db, {
    taskId: id,
    strategyKey: input.strategyKey,
    dueAt: input.dueAt,
    now: input.now,
    escalationId: input.escalationId,
    onlyIf: input.onlyIf,
  });
  const insertTask = input.onlyIf ? insertIfStatement(deps.db, tasks, [task], input.onlyIf) : deps.db.insert(tasks).values(task).onConflictDoNothing();
  return { task, statements: [insertTask, ...escalation.statements] };
}
