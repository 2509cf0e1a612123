import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Statement } from "../../../db/batch";
import type { Db } from "../../../db/client";
import { escalations, escalationSteps, tasks, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { nextOccurrenceStatements, type OccurrenceSource } from "../series";
import { LIVE_ESCALATION_STATES } from "./states";

/** What the chain's end needs to continue a recurring series. */
export interface SeriesContext {
  task: OccurrenceSource;
  timezone: string;
}

/**
 * The task's and user's columns a chain's end needs (select them with tasks and users joined), and
 * the series context they make: null for a one-off task.
 */
export const seriesColumns = {
  taskId: tasks.id,
  userId: tasks.userId,
  title: tasks.title,
  taskDueAt: sql<number>`${tasks.dueAt}`.as("task_due_at"),
  strategyKey: tasks.strategyKey,
  recurrence: tasks.recurrence,
  seriesId: tasks.seriesId,
  source: tasks.source,
  ignoreQuietHours: tasks.ignoreQuietHours,
  checkBackMinutes: tasks.checkBackMinutes,
  timezone: users.timezone,
};

type SeriesRow = Omit<OccurrenceSource, "id" | "dueAt"> & { taskId: string; taskDueAt: number; timezone: string };

export function seriesContextOf(row: SeriesRow): SeriesContext | null {
  if (!row.recurrence) return null;
  const { taskId, userId, title, taskDueAt, strategyKey, recurrence, seriesId, source, ignoreQuietHours, checkBackMinutes, timezone } = row;
  return { task: { id: taskId, userId, title, dueAt: taskDueAt, strategyKey, recurrence, seriesId, source, ignoreQuietHours, checkBackMinutes }, timezone };
}

/** Where the chain stands once a step finished: what `advanceChainStatements` needs. */
export interface ChainAdvance {
  escalationId: string;
  stepIndex: number;
  lastIndex: number;
  taskId: string;
  stepId: string;
  claimId: string;
  finishedState: "sent" | "dead";
  now: number;
  /** false when the escalation is known to be running (saves a statement). */
  paused?: boolean;
  /** The task, when it recurs: the chain's end creates its next occurrence. */
  series?: SeriesContext | null;
}

/**
 * Moves the chain on after a step finished (sent, or dead after its retries): the next step becomes
 * pending (its due_at was fixed when the escalation started), or, after the last step, the
 * escalation is exhausted, the task's escalationHaltedAt is set and a recurring task gets its next
 * occurrence (ADR 028). Guarded by "the step really is in `finishedState` under this claim", so a
 * racing acknowledge or snooze is never overridden.
 */
export async function advanceChainStatements(deps: Pick<Deps, "db">, input: ChainAdvance): Promise<Statement[]> {
  const { db } = deps;
  const finished = sql`exists (select 1 from escalation_steps as cur where cur.id = ${input.stepId} and cur.state = ${input.finishedState} and cur.claimed_by = ${input.claimId})`;
  if (input.stepIndex < input.lastIndex) {
    const next: Statement[] = [nextStepPendingStatement(db, { escalationId: input.escalationId, stepIndex: input.stepIndex + 1, onlyIf: finished })];
    if (input.paused !== false) {
      next.push(
        db
          .update(escalations)
          .set({ state: "running" })
          .where(and(eq(escalations.id, input.escalationId), eq(escalations.state, "paused"), finished)),
      );
    }
    return next;
  }
  return chainEndStatements(deps, { escalationId: input.escalationId, taskId: input.taskId, now: input.now, series: input.series ?? null, onlyIf: finished });
}

/** The step at `stepIndex` becomes pending (its due_at was fixed when the escalation started), if `onlyIf` holds. */
export function nextStepPendingStatement(db: Db, input: { escalationId: string; stepIndex: number; onlyIf: SQL }) {
  return db
    .update(escalationSteps)
    .set({ state: "pending" })
    .where(and(eq(escalationSteps.escalationId, input.escalationId), eq(escalationSteps.stepIndex, input.stepIndex), eq(escalationSteps.state, "waiting"), input.onlyIf))
    .returning({ id: escalationSteps.id });
}

/**
 * The chain's end, if `onlyIf` holds: the task's escalationHaltedAt, a recurring task's next
 * occurrence (ADR 028), and the escalation exhausted LAST, so a guard that asks "is the chain
 * still live?" (the auditor's) holds for every statement before it.
 */
export async function chainEndStatements(
  deps: Pick<Deps, "db">,
  input: { escalationId: string; taskId: string; now: number; series: SeriesContext | null; onlyIf: SQL },
): Promise<Statement[]> {
  const { db } = deps;
  return [
    db
      .update(tasks)
      .set({ escalationHaltedAt: sql`coalesce(${tasks.escalationHaltedAt}, ${input.now})` })
      .where(and(eq(tasks.id, input.taskId), input.onlyIf)),
    ...(input.series ? await nextOccurrenceStatements(deps, input.series.task, input.series.timezone, input.now, input.onlyIf) : []),
    db
      .update(escalations)
      .set({ state: "exhausted", endedAt: input.now })
      .where(and(eq(escalations.id, input.escalationId), inArray(escalations.state, [...LIVE_ESCALATION_STATES]), input.onlyIf))
      .returning({ id: escalations.id }),
  ];
}
