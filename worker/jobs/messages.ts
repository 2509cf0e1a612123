/**
 * Messages on the escalation queue. Each is small and idempotent to handle: the consumer re-reads
 * the state from D1, so a duplicate delivery or a replayed batch does nothing twice.
 */
export type Job =
  /**
   * Deliver one claimed escalation step. `claimId` is the id of the tick that claimed it (the
   * cron_runs row): the consumer acts only while the step is still claimed under this id.
   */
  { type: "escalation.step"; stepId: string; claimId: string };
