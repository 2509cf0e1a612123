import { ProviderError } from "./errors";
import type { Channel } from "./types";

/**
 * A bound on how fast one isolate sends through a provider (ADR 042), so a burst (the 08:00 peak: a
 * consumer batch sends up to 25 messages at once) stays under the provider's own rate limit instead
 * of collecting 429s. A token bucket: `perSecond` tokens a second, at most `burst` saved up. A send
 * that finds it empty waits for a token, at most `maxWaitMs`; if none comes in time the send fails as
 * TRANSIENT (the engine reschedules the step), so nothing is ever dropped. Per isolate only: several
 * isolates sending at once each get the full rate (docs/escalation.md, "Provider trouble").
 */
export interface TokenBucket {
  readonly perSecond: number;
  /** Takes a token, waiting for one up to the bound; false when none came in time (nothing taken). */
  take(): Promise<boolean>;
  /** How long until the next token would be free (for the transient error's retry-after). */
  waitMs(): number;
}

export interface BucketOptions {
  perSecond: number;
  /**
   * Sends that may go at once after a quiet spell; 1 by default: sends are evenly spaced, one every
   * 1/perSecond s, so any one-second window holds at most `perSecond` of them (a provider counting
   * per second never sees more). With a burst b a window of T seconds holds at most b - 1 + perSecond * T.
   */
  burst?: number;
  /** The longest a send waits for a token; 5 s by default (well inside the 2-minute sending lease). */
  maxWaitMs?: number;
  /** Injected in tests; a monotonic clock (performance.now) and setTimeout otherwise. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_MAX_WAIT_MS = 5_000;

export function tokenBucket(options: BucketOptions): TokenBucket {
  const { perSecond } = options;
  const burst = options.burst ?? 1;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const interval = 1000 / perSecond;
  // GCRA (the virtual-scheduling form of a token bucket): `tat` is when the bucket would be full
  // again; a send may go once tat - now is within the burst allowance, and moves tat on by one
  // interval. No timers, no drift, first come first served.
  const tolerance = (burst - 1) * interval;
  let tat = -Infinity;
  const waitMs = () => Math.max(0, tat - tolerance - now());
  return {
    perSecond,
    waitMs,
    async take() {
      const at = now();
      const from = Math.max(tat, at);
      const wait = Math.max(0, from - tolerance - at);
      if (wait > maxWaitMs) return false;
      tat = from + interval;
      if (wait > 0) await sleep(wait);
      return true;
    },
  };
}

/** `channel` behind `bucket`: each send takes a token first, or fails as transient. */
export function rateLimited(channel: Channel, bucket: TokenBucket): Channel {
  return {
    medium: channel.medium,
    status: channel.status,
    async send(message) {
      if (!(await bucket.take())) {
        throw new ProviderError("transient", `Held back: more than ${bucket.perSecond} sends a second to ${channel.status.provider}; tried again later.`, {
          retryAfterMs: bucket.waitMs(),
        });
      }
      return channel.send(message);
    },
  };
}
