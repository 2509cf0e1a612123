/**
 * What happened to one queued step:
 * - sent: every delivery of the step went out (now or in an earlier attempt), the chain moved on;
 * - stale: the step is no longer claimed by this message's live lease, or another copy of the
 *   message is sending it right now (duplicate or replayed message), or the step is gone, or it
 *   was snoozed, acknowledged or completed while this attempt was sending (it stopped there);
 * - missing: the task of the step vanished between two reads;
 * - cancelled: the task was acknowledged or completed, or its escalation ended: the step is cancelled;
 * - deferred: the task is snoozed past now: the step waits for the end of the snooze;
 * - held: it is the person's quiet hours: the step waits for their end (ADR 064);
 * - rescheduled: a provider failed transiently: the step is pending again later in the same round
 *   (provider-retry.ts, ADR 042), and the message is acked;
 * - dead: a provider's transient trouble outlasted the retry window: the step was given up.
 */
export type StepOutcome = "sent" | "stale" | "missing" | "cancelled" | "deferred" | "held" | "rescheduled" | "dead";

/**
 * Thrown when a send failed with an error no provider classified (a bug, a D1 error in the dev
 * outbox): the queue retries the message with a growing delay. Classified provider failures do not
 * throw: transient ones reschedule the step, permanent ones fail the delivery (ADR 042).
 */
export class StepDeliveryError extends Error {
  override name = "StepDeliveryError";
}

/** An error as one line for `last_error`, a delivery's `error` or a log, at most 500 characters. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}
