/**
 * What happened to one queued step:
 * - sent: every delivery of the step went out (now or in an earlier attempt), the chain moved on;
 * - stale: the step is no longer claimed by this message's live lease, or another copy of the
 *   message is sending it right now (duplicate or replayed message), or the step is gone, or it
 *   was snoozed, acknowledged or completed while this attempt was sending (it stopped there);
 * - missing: the task of the step vanished between two reads;
 * - cancelled: the task was acknowledged or completed, or its escalation ended: the step is cancelled;
 * - deferred: the task is snoozed past now: the step waits for the end of the snooze.
 */
export type StepOutcome = "sent" | "stale" | "missing" | "cancelled" | "deferred";

/** Thrown when a provider failed: the queue retries the message with a growing delay. */
export class StepDeliveryError extends Error {
  override name = "StepDeliveryError";
}

/** An error as one line for `last_error`, a delivery's `error` or a log, at most 500 characters. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}
