import { and, eq, inArray, sql } from "drizzle-orm";
import { deliveries, escalationSteps } from "../../../db/schema";
import type { Deps } from "../deps";
import { advanceChainStatements, type StepJob } from "./deliver";
import { runBatch } from "./start";

/**
 * A step whose message used up its queue retries (it arrived on the dead-letter queue): the step
 * becomes "dead", its unsent deliveries "dead" with the reason, and the chain moves on, so one broken
 * provider never silences the later steps (a phone call after a failed email still happens).
 */
export async function markStepDead(deps: Deps, job: StepJob): Promise<"dead" | "stale" | "missing"> {
  const now = deps.clock.now().getTime();
  const [step] = await deps.db
    .select({
      escalationId: escalationSteps.escalationId,
      stepIndex: escalationSteps.stepIndex,
      taskId: escalationSteps.taskId,
      state: escalationSteps.state,
      claimedBy: escalationSteps.claimedBy,
      attempts: escalationSteps.attempts,
      lastError: escalationSteps.lastError,
      lastIndex: sql<number>`(select max(s2.step_index) from escalation_steps as s2 where s2.escalation_id = ${escalationSteps.escalationId})`.as("last_index"),
    })
    .from(escalationSteps)
    .where(eq(escalationSteps.id, job.stepId))
    .limit(1);
  if (!step) return "missing";
  // Only the claim this message carried may be buried; a step re-claimed or finished since is left alone.
  if ((step.state !== "claimed" && step.state !== "sending") || step.claimedBy !== job.claimId) return "stale";

  const gaveUp = `Gave up after ${step.attempts} attempt${step.attempts === 1 ? "" : "s"}.`;
  const reason = `${gaveUp} Last error: ${step.lastError ?? "none recorded (the message kept failing before sending)"}`;
  await runBatch(deps.db, [
    deps.db
      .update(escalationSteps)
      .set({ state: "dead", leaseUntil: null, lastError: reason })
      .where(and(eq(escalationSteps.id, job.stepId), inArray(escalationSteps.state, ["claimed", "sending"]), eq(escalationSteps.claimedBy, job.claimId))),
    deps.db
      .update(deliveries)
      .set({ status: "dead", error: sql`${gaveUp} || ' Last error: ' || coalesce(${deliveries.error}, 'none recorded (never attempted)')` })
      // task_id first: it is indexed (deliveries_task_idx), escalation_step_id is not.
      .where(and(eq(deliveries.taskId, step.taskId), eq(deliveries.escalationStepId, job.stepId), inArray(deliveries.status, ["pending", "failed"]))),
    ...advanceChainStatements(deps, { ...step, stepId: job.stepId, claimId: job.claimId, finishedState: "dead", now }),
  ]);
  console.error(
    JSON.stringify({ level: "error", event: "escalation.step.dead", stepId: job.stepId, taskId: step.taskId, stepIndex: step.stepIndex, reason }),
  );
  return "dead";
}
