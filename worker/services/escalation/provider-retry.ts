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

/** Transient trouble is retried for this long after the step's round began; then the step is given up. */
export const PROVIDER_RETRY_WINDOW_MS = 6 * 60 * MINUTE;

/** The wait after `tries` failed tries (1 = the first failure); a provider's Retry-After is a floor. */
export function providerRetryDelayMs(tries: number, retryAfterMs?: number): number {
  const index = Math.min(Math.max(1, tries), PROVIDER_RETRY_DELAYS_MS.length) - 1;
  return Math.max(PROVIDER_RETRY_DELAYS_MS[index] ?? 30 * MINUTE, retryAfterMs ?? 0);
}

/**
 * When to try again, or null when that would be past the window: the step is then given up ("dead",
 * with the reason on its delivery rows), like a step whose queue retries ran out.
 */
export function nextProviderTry(input: { round: number; now: number; tries: number; retryAfterMs?: number }): number | null {
  const at = input.now + providerRetryDelayMs(input.tries, input.retryAfterMs);
  return at > input.round + PROVIDER_RETRY_WINDOW_MS ? null : at;
}

/** What a given-up step's rows say first ("Gave up after 6 hours of provider trouble."). */
export function gaveUpOnProvider(round: number, now: number): string {
  const hours = Math.round(((now - round) / (60 * MINUTE)) * 10) / 10;
  return `Gave up after ${hours} hour${hours === 1 ? "" : "s"} of provider trouble.`;
}
