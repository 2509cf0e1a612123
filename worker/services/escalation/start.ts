import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { escalations, escalationSteps } from "../../../db/schema";
import { getStrategy, type EscalationStepSpec } from "./catalogue";

/** One statement of a D1 batch (D1 runs a batch as one transaction). */
export type Statement = BatchItem<"sqlite">;

export async function runBatch(db: Db, statements: Statement[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as [Statement, ...Statement[]]);
}

/** Step states that have not been sent yet (and may still be cancelled, shifted or claimed). */
export const UNSENT_STEP_STATES = ["waiting", "pending", "claimed", "sending", "paused"] as const;
/** Escalation states of a chain that is still going (or only paused by a snooze). */
export const LIVE_ESCALATION_STATES = ["running", "paused"] as const;

const MINUTE = 60_000;

export interface StartEscalation {
  taskId: string;
  strategyKey: string;
  dueAt: number;
  now: number;
  /** Pass a deterministic id when the same start may be written twice (a double "done"). */
  escalationId?: string;
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
  const statements: Statement[] = [
    db
      .insert(escalations)
      .values({ id: escalationId, taskId: input.taskId, strategyKey: strategy.key, steps: JSON.stringify(snapshot), state: "running", startedAt: startAt, createdAt: input.now })
      .onConflictDoNothing(),
    db
      .insert(escalationSteps)
      .values(
        snapshot.map((step, index) => ({
          id: crypto.randomUUID(),
          escalationId,
          taskId: input.taskId,
          stepIndex: index,
          channels: JSON.stringify(step.channels),
          dueAt: startAt + step.afterMinutes * MINUTE,
          state: index === 0 ? "pending" : "waiting",
          createdAt: input.now,
        })),
      )
      .onConflictDoNothing(),
  ];
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
