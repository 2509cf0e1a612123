/**
 * What travels on the escalation queue (the producer is the cron tick, the consumer the queue
 * handler; `Env.ESCALATION_QUEUE` is typed with it). Each message is small and idempotent to
 * handle: the consumer re-reads the state from D1, so a duplicate delivery or a replayed batch does
 * nothing twice.
 */

/** One claimed escalation step. */
export interface StepJob {
  stepId: string;
  /**
   * The id of the tick that claimed the step (escalation_steps.claimed_by, the cron_runs row): the
   * consumer acts only while the step is still claimed under this id.
   */
  claimId: string;
}

/** A message on the escalation queue (and its dead-letter queue). */
export type Job = { type: "escalation.step" } & StepJob;
