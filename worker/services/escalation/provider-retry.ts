/**
 * How long the engine keeps trying a provider in transient trouble (429, 5xx, a timeout, a network
 * error; ADR 042). The step itself is rescheduled (pending again, later due_at, same round), so no
 * queue message is held and the queue's own retries (5, about 10 minutes) are not used up: a
 * provider outage of minutes or hours delays a reminder instead of killing it.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The wait after the n-th failed try of a delivery: 30 s, 1, 2, 5, 10, 20 minutes, then every
 * 30 minutes. Short at first (most trouble is a blip, and a reminder is worth most on time), then
 * sparse, so a long outage costs about a dozen tries per delivery.
 */
export const PROVIDER_RETRY_DELAYS_MS = [30 * SECOND, MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 20 * MINUTE, 30 * MINUTE] as const;

/** Transient trouble on a chain's LAST step is retried for this long after its round began. */
export const PROVIDER_RETRY_WINDOW_MS = 6 * 60 * MINUTE;

/**
 * A step with a next step is retried until that one is due, and at least this long (about what the
 * queue's own retries gave before): one medium's outage must never hold back the louder steps after
 * it. An urgent chain's push in trouble must not keep its phone call waiting for hours; the next
 * step goes out on time, on its own channels, and the person is still nudged.
 */
export const PROVIDER_RETRY_MIN_WINDOW_MS = 10 * MINUTE;

/** When a step's provider retries end: the next step's due time, or 6 hours for the last step. */
export function providerRetryWindowEnd(round: number, nextDueAt: number | null): number {
  return nextDueAt === null ? round + PROVIDER_RETRY_WINDOW_MS : Math.max(nextDueAt, round + PROVIDER_RETRY_MIN_WINDOW_MS);
}

/** The wait after `tries` failed tries (1 = the first failure); a provider's Retry-After is a floor. */
export function providerRetryDelayMs(tries: number, retryAfterMs?: number): number {
  const index = Math.min(Math.max(1, tries), PROVIDER_RETRY_DELAYS_MS.length) - 1;
  return Math.max(PROVIDER_RETRY_DELAYS_MS[index] ?? 30 * MINUTE, retryAfterMs ?? 0);
}

/**
 * When to try again, or null when that would be past the window: the step is then given up ("dead",
 * with the reason on its delivery rows), like a step whose queue retries ran out.
 */
export function nextProviderTry(input: { round: number; nextDueAt: number | null; now: number; tries: number; retryAfterMs?: number }): number | null {
  const at = input.now + providerRetryDelayMs(input.tries, input.retryAfterMs);
  return at > providerRetryWindowEnd(input.round, input.nextDueAt) ? null : at;
}

/** What a given-up step's rows say first ("Gave up after 6 hours of provider trouble."). */
export function gaveUpOnProvider(round: number, now: number): string {
  const minutes = Math.round((now - round) / MINUTE);
  if (minutes < 60) return `Gave up after ${minutes} minute${minutes === 1 ? "" : "s"} of provider trouble, when the next step was due.`;
  const hours = Math.round(((now - round) / (60 * MINUTE)) * 10) / 10;
  return `Gave up after ${hours} hour${hours === 1 ? "" : "s"} of provider trouble.`;
}
