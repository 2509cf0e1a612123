import { and, eq, inArray, type SQL } from "drizzle-orm";
import { insertIfStatement, type Statement } from "../../../db/batch";
import type { Db } from "../../../db/client";
import { escalations, escalationSteps } from "../../../db/schema";
import { getStrategy, type CheckBack, type EscalationStepSpec } from "./catalogue";
import { LIVE_ESCALATION_STATES, UNSENT_STEP_STATES } from "./states";

/**
 * The writes that start a task's escalation and the writes that stop it: statements for a caller's
 * batch (the task service's create, update and answers, and the next occurrence of a series).
 */

const MINUTE = 60_000;

export interface StartEscalation {
  taskId: string;
  strategyKey: string;
  dueAt: number;
  now: number;
  /** Pass a deterministic id when the same start may be written twice (a double "done"). */
  escalationId?: string;
  /** Write the escalation only if this holds when its statements run (see insertIfStatement). */
  onlyIf?: SQL;
  /**
   * The first step written (0 unless said). A sequence changed on a reminder already due starts at its
   * second step, the person having just seen it (ADR 113); the snapshot keeps every step, and the rows
   * keep their indexes, so the engine's "last step" and its messages ("Still waiting") read as usual.
   */
  fromStep?: number;
}

/**
 * The writes that start an escalation: the strategy's steps copied into `escalations.steps`, and
 * one `escalation_steps` row per step with its absolute due time. The first step is "pending"
 * (the cron tick may claim it once due); later steps are "waiting" and become "pending" only when
 * the step before them has been sent, so a delayed step never lets the next one overtake it.
 *
 * The chain starts at the due time, or now if the due time has already passed (a task created or
 * moved into the past starts at once instead of firing every missed step in a burst).
 *
 * Every insert is ON CONFLICT DO NOTHING, so writing the same start twice is harmless.
 */
export function startEscalationStatements(db: Db, input: StartEscalation): { escalationId: string; statements: Statement[] } {
  const strategy = getStrategy(input.strategyKey);
  const escalationId = input.escalationId ?? crypto.randomUUID();
  const startAt = Math.max(input.dueAt, input.now);
  const snapshot: EscalationStepSpec[] = strategy.steps.map((s) => ({ afterMinutes: s.afterMinutes, channels: [...s.channels] }));
  const escalation = { id: escalationId, taskId: input.taskId, strategyKey: strategy.key, steps: JSON.stringify(snapshot), state: "running", startedAt: startAt, createdAt: input.now };
  const steps = stepRows({ escalationId, taskId: input.taskId, snapshot, startAt, now: input.now, fromStep: input.fromStep ?? 0 });
  const statements: Statement[] = input.onlyIf
    ? [insertIfStatement(db, escalations, [escalation], input.onlyIf), insertIfStatement(db, escalationSteps, steps, input.onlyIf)]
    : [db.insert(escalations).values(escalation).onConflictDoNothing(), db.insert(escalationSteps).values(steps).onConflictDoNothing()];
  return { escalationId, statements };
}

/**
 * The writes that stop a task's escalation: every unsent step cancelled (a claimed step in flight
 * is cancelled too; its consumer re-reads the step and skips it), the live escalation ended.
 */
export function haltEscalationStatements(
  db: Db,
  taskId: string,
  endState: "acknowledged" | "completed" | "cancelled",
  now: number,
): Statement[] {
  return [
    db
      .update(escalationSteps)
      .set({ state: "cancelled", leaseUntil: null })
      .where(and(eq(escalationSteps.taskId, taskId), inArray(escalationSteps.state, [...UNSENT_STEP_STATES]))),
    db
      .update(escalations)
      .set({ state: endState, endedAt: now })
      .where(and(eq(escalations.taskId, taskId), inArray(escalations.state, [...LIVE_ESCALATION_STATES]))),
  ];
}

/**
 * The writes that start the check-back after an Acknowledge (issue 13, catalogue.ts `checkBack`):
 * a chain of `times` steps on the strategy's first (gentlest) channels, the first `afterMinutes` after
 * the answer and each next one as long again. Its escalation is of kind "check_back", which the
 * engine lets fire while the task is ACKNOWLEDGED; Done or another Acknowledge halts it like any
 * chain. Null when the strategy has no check-back. `firstDueAt` is for the task's card. Written only
 * if `onlyIf` holds when the batch runs (the Acknowledge's own update took), after the batch's halt.
 */
export function checkBackStatements(
  db: Db,
  input: { taskId: string; strategyKey: string; now: number; onlyIf: SQL; checkBackMinutes?: number | null },
): { firstDueAt: number; statements: Statement[] } | null {
  const strategy = getStrategy(input.strategyKey);
  const plan = checkBackFor(strategy.checkBack, input.checkBackMinutes ?? null);
  const first = strategy.steps[0];
  if (!plan || !first || plan.times < 1) return null;
  const escalationId = crypto.randomUUID();
  const snapshot: EscalationStepSpec[] = Array.from({ length: plan.times }, (_, i) => ({ afterMinutes: (i + 1) * plan.afterMinutes, channels: [...first.channels] }));
  const escalation = { id: escalationId, taskId: input.taskId, strategyKey: strategy.key, kind: "check_back", steps: JSON.stringify(snapshot), state: "running", startedAt: input.now, createdAt: input.now };
  const steps = stepRows({ escalationId, taskId: input.taskId, snapshot, startAt: input.now, now: input.now });
  return { firstDueAt: steps[0]!.dueAt, statements: [insertIfStatement(db, escalations, [escalation], input.onlyIf), insertIfStatement(db, escalationSteps, steps, input.onlyIf)] };
}

/** Check-ins when the sequence has none and the task asks for some: how often it asks. */
export const TASK_CHECK_BACK_TIMES = 2;

/**
 * The check-back a task gets: the sequence's, unless the task has its own (issue 13): 0 is never,
 * N minutes keeps the sequence's number of check-ins (or 2 when the sequence has none).
 */
export function checkBackFor(sequence: CheckBack | null, taskMinutes: number | null): CheckBack | null {
  if (taskMinutes === null) return sequence;
  if (taskMinutes <= 0) return null;
  return { afterMinutes: taskMinutes, times: sequence?.times ?? TASK_CHECK_BACK_TIMES };
}

/** One `escalation_steps` row per step of a chain starting at `startAt`: the first pending, the rest waiting. */
function stepRows(input: { escalationId: string; taskId: string; snapshot: EscalationStepSpec[]; startAt: number; now: number; fromStep?: number }) {
  const from = input.fromStep ?? 0;
  return input.snapshot.flatMap((step, index) =>
    index < from
      ? []
      : [
          {
            id: crypto.randomUUID(),
            escalationId: input.escalationId,
            taskId: input.taskId,
            stepIndex: index,
            channels: JSON.stringify(step.channels),
            dueAt: input.startAt + step.afterMinutes * MINUTE,
            state: index === from ? "pending" : "waiting",
            createdAt: input.now,
          },
        ],
  );
}
