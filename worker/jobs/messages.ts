/**
 * Messages on the escalation queue. Each is small and idempotent to handle: the consumer re-reads
 * the state from D1, so a duplicate delivery or a replayed batch does nothing twice.
 */
export type Job =
  /** Deliver one claimed escalation step. */
  | { type: "escalation.step"; stepId: string }
  /** Close the bookkeeping of one cron tick (proves tick -> queue -> D1 works end to end). */
  | { type: "tick.finished"; cronRunId: string };
