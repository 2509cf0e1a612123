import { and, eq, type SQL } from "drizzle-orm";
import { escalationSteps } from "../../../db/schema";
import type { Medium } from "../../channels/types";
import type { StepJob } from "../../queue-payloads";
import type { Deps } from "../deps";
import { RETRY_LEASE_MS } from "./leases";
import { errorText, type StepOutcome } from "./outcomes";
import { planStep, readsNeeded, type ClaimedStep, type StepPlan } from "./plan";
import type { MediaStatus } from "./recipients";
import { holdStatements } from "./quiet-writes";
import { runBatch } from "../../../db/batch";
import { readReachability } from "./step-read";

/**
 * What happens to one step a consumer has taken (deliver-batch.ts runs these for each step of a queue
 * batch): where its person can be reached and the pure core's plan; a cancel, defer or hold written in
 * one guarded write; a vanished task's step cancelled; an unexpected error handed back to the queue.
 * Sends run through run-plan.ts.
 */

/**
 * The plan for a step just taken: where its person can be reached (only what it needs), then the
 * pure core. A batch passes the push subscriptions it read for all its people at once.
 */
export async function planTaken(deps: Deps, job: StepJob, step: ClaimedStep, now: number, pushEndpoints?: string[]): Promise<StepPlan> {
  const media = mediaStatus(deps);
  const needs = readsNeeded(step, media, now);
  const reach = await readReachability(deps, step, { ...needs, push: needs.push && !pushEndpoints }, job.stepId);
  if (needs.push && pushEndpoints) reach.pushEndpoints = pushEndpoints;
  return planStep({ job, step, reach, media, now });
}

/** A taken step whose task vanished. Cannot happen while the foreign keys cascade; never leave a step "sending" for ever. */
export async function cancelVanished(deps: Pick<Deps, "db">, job: StepJob): Promise<StepOutcome> {
  await deps.db
    .update(escalationSteps)
    .set({ state: "cancelled", leaseUntil: null })
    .where(and(eq(escalationSteps.id, job.stepId), eq(escalationSteps.state, "sending")));
  return "missing";
}

/** A plan that sends nothing: cancel, defer (a snooze) or hold (quiet hours), each in one guarded write. */
export async function runDecision(deps: Deps, plan: Exclude<StepPlan, { decision: "send" }>, mine: SQL, job: StepJob): Promise<StepOutcome> {
  switch (plan.decision) {
    case "cancel":
      await deps.db.update(escalationSteps).set({ state: "cancelled", leaseUntil: null }).where(mine);
      return "cancelled";
    case "defer":
      // A new round at the end of the snooze: its attempts start again.
      await deps.db.update(escalationSteps).set({ state: "pending", dueAt: plan.until, roundAt: null, heldUntil: null, leaseUntil: null, claimedBy: null, attempts: 0 }).where(mine);
      return "deferred";
    case "hold":
      // Quiet hours (ADR 064): pending again at their end, the chain's later steps shifted along.
      await runBatch(deps.db, holdStatements(deps.db, { ...plan, stepId: job.stepId, claimId: job.claimId }, mine, plan.until));
      console.log(JSON.stringify({ level: "info", event: "escalation.quiet_hold", taskId: plan.taskId, stepIndex: plan.stepIndex, until: plan.until }));
      return "held";
  }
}

/** Channels that fell back because this server cannot use their medium, for the log. */
export function logFallbacks(plan: Extract<StepPlan, { decision: "send" }>) {
  if (plan.unavailable.length === 0) return;
  const fallbacks = plan.unavailable.map(({ channel, reason }) => ({ channel, reason }));
  console.log(JSON.stringify({ level: "info", event: "escalation.fallback", taskId: plan.finish.chain.taskId, fallbacks }));
}

/** Which media this server can use: the channel registry's statuses. */
export function mediaStatus(deps: Pick<Deps, "channels">): MediaStatus {
  const status = (medium: Medium) => deps.channels[medium].status;
  return { email: status("email"), sms: status("sms"), voice: status("voice"), telegram: status("telegram"), push: status("push") };
}

/**
 * An unexpected error after the take (a D1 error, a bug): hand the step back to the queue's retry
 * (claimed under the same claim, retry lease) instead of leaving it "sending", where the retry
 * would be acked as stale and only the lease would bring it back. Best effort: if D1 is down this
 * fails too, and the lease path takes over.
 */
export async function release(deps: Deps, mine: SQL, error: unknown) {
  try {
    await deps.db
      .update(escalationSteps)
      .set({ state: "claimed", lastError: errorText(error), leaseUntil: deps.clock.now().getTime() + RETRY_LEASE_MS })
      .where(mine);
  } catch (releaseError) {
    console.warn(JSON.stringify({ level: "warn", event: "escalation.step.release_failed", error: errorText(releaseError) }));
  }
}
