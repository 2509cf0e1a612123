import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Statement } from "../../../db/batch";
import type { Db } from "../../../db/client";
import { escalationSteps, tasks } from "../../../db/schema";

/**
 * Quiet hours' writes to a chain (issue 13, ADR 064). Both move the step this consumer holds to a
 * later time as a new round and shift the chain's later ("waiting") steps by as much, so they keep
 * their spacing, like a snooze. Every write is guarded by "the step is still ours"; the step's own
 * update goes last, since it ends that.
 */
function stillOurs(input: { stepId: string; claimId: string }): SQL {
  return sql`exists (select 1 from escalation_steps as cur where cur.id = ${input.stepId} and cur.state = 'sending' and cur.claimed_by = ${input.claimId})`;
}

interface MovedStep {
  escalationId: string;
  stepIndex: number;
  taskId: string;
  stepId: string;
  claimId: string;
  /** The step's round: its due time when it fired. */
  round: number;
}

function moveStatements(db: Db, step: MovedStep, mine: SQL, at: number, heldUntil: number): Statement[] {
  const shift = Math.max(0, at - step.round);
  return [
    db
      .update(escalationSteps)
      .set({ dueAt: sql`${escalationSteps.dueAt} + ${shift}` })
      .where(and(eq(escalationSteps.escalationId, step.escalationId), gt(escalationSteps.stepIndex, step.stepIndex), eq(escalationSteps.state, "waiting"), stillOurs(step))),
    db.update(escalationSteps).set({ state: "pending", dueAt: at, roundAt: null, heldUntil, claimedBy: null, leaseUntil: null, attempts: 0, lastError: null }).where(mine),
  ];
}

/** The step is held until the quiet hours end; the task's card says so (tasks.quiet_held_until). */
export function holdStatements(db: Db, step: MovedStep, mine: SQL, until: number): Statement[] {
  const [shiftLater, moveStep] = moveStatements(db, step, mine, until, until);
  return [shiftLater!, db.update(tasks).set({ quietHeldUntil: until }).where(and(eq(tasks.id, step.taskId), stillOurs(step))), moveStep!];
}

/**
 * After the catch-up went out: a loud held step fires at `at` (a new round, still marked as held
 * for `heldUntil`, so it sends its own channels then, not a second catch-up).
 */
export function rependAfterCatchUpStatements(db: Db, step: MovedStep, mine: SQL, at: number, heldUntil: number): Statement[] {
  return moveStatements(db, step, mine, at, heldUntil);
}
