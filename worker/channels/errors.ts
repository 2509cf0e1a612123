import { ChannelUnavailableError } from "./unavailable";

/**
 * How a provider failed, so the engine knows whether to try again (issue 7 item 4, ADR 042):
 * - "transient": the provider is in trouble or busy (429, 5xx, a timeout, a network error); the same
 *   request may well succeed later. The engine reschedules the step with growing delays for hours.
 * - "permanent": the provider refused this request and will refuse it again (a bad address, a bad
 *   API key, a malformed request). The delivery fails for good and the person is reached another way.
 * `reason` is a sentence a person understands ("Resend refused the address: ..."): it is what the
 * delivery row's `error` shows; `message` may stay technical ("Resend answered 422: ...").
 */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    readonly kind: "transient" | "permanent",
    message: string,
    options: { retryAfterMs?: number; reason?: string } = {},
  ) {
    super(message);
    this.retryAfterMs = options.retryAfterMs;
    this.reason = options.reason ?? message;
  }
  /** The provider asked us to wait at least this long (Retry-After); transient only. */
  readonly retryAfterMs: number | undefined;
  /** The failure as a sentence for a person (the delivery row's `error`); the message by default. */
  readonly reason: string;
}

export type Failure =
  | { kind: "transient"; reason: string; retryAfterMs?: number }
  | { kind: "permanent"; reason: string }
  /** Not a provider's verdict (a bug, a D1 error in the dev outbox): the queue's short retries handle it. */
  | { kind: "unknown"; reason: string };

/** Reads what a channel's send threw. A medium that cannot be used here is a permanent failure for it. */
export function classifyFailure(error: unknown): Failure {
  if (error instanceof ProviderError) {
    return error.kind === "transient" ? { kind: "transient", reason: error.reason, retryAfterMs: error.retryAfterMs } : { kind: "permanent", reason: error.reason };
  }
  if (error instanceof ChannelUnavailableError) return { kind: "permanent", reason: error.message };
  return { kind: "unknown", reason: error instanceof Error ? error.message : String(error) };
}

/**
 * The wait an HTTP `Retry-After` header asks for, in ms: delay-seconds or an HTTP date (RFC 9110
 * 10.2.3). Null when absent or unreadable; never negative.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
