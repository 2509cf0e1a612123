import type { StepJob } from "../../queue-payloads";
import type { Deps } from "../deps";
import { release } from "./deliver";
import { StepDeliveryError, type StepOutcome } from "./outcomes";
import type { ClaimedStep, StepPlan } from "./plan";
import type { Prepared, SendState } from "./run-plan";
import { stillMine } from "./step-read";

/**
 * One step of a queue batch on its way through deliver-batch.ts, batch-send.ts and batch-finish.ts,
 * and what those share: the message's result, how a step stops, and how an error hands it back.
 */

/** What became of one message of the batch: an outcome, or an error (the queue retries it). */
export type BatchResult = { outcome: StepOutcome } | { error: unknown };

export type SendPlan = Extract<StepPlan, { decision: "send" }>;

export interface Sending {
  index: number;
  job: StepJob;
  step: ClaimedStep;
  plan: SendPlan;
  prepared: Prepared[];
  send?: SendState;
  /** The next of its deliveries to look at. */
  next: number;
  done: boolean;
}

/** Marks a step finished with its result; false, so it can end a filter. */
export function stop(s: Sending, results: BatchResult[], result: BatchResult): false {
  s.done = true;
  results[s.index] = result;
  return false;
}

/**
 * Whether an earlier try of this round may have written rows: a take after the first, or a provider
 * retry within the round (attempts start again there, but round_at is set). A step's first take of a
 * round cannot: its keys carry the round, and every new round (a snooze, quiet hours) starts at 0.
 */
export function triedBefore(step: ClaimedStep): boolean {
  return (step.attempts ?? 1) > 1 || step.roundAt != null;
}

/** An unexpected error: the step back to the queue's retry (deliver.ts `release`); the error is the message's result. */
export async function handBack(deps: Deps, job: StepJob, error: unknown): Promise<unknown> {
  // A send failure no provider classified has already handed the step back (run-plan.ts retryStep).
  if (!(error instanceof StepDeliveryError)) await release(deps, stillMine(job), error);
  return error;
}
