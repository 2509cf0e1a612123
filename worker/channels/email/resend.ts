import type { Env } from "../../env";
import { ProviderError, retryAfterMs } from "../errors";
import { rateLimited, tokenBucket } from "../rate-limit";
import { PROVIDER_TIMEOUT_MS, type Channel, type OutboundMessage, type SendResult } from "../types";

/**
 * Email through Resend's HTTP API: `POST {RESEND_API_BASE}/emails` with `Authorization: Bearer
 * {RESEND_API_KEY}` and `{from, to, subject, html, text, reply_to?}`. Used when EMAIL_PROVIDER=resend with a key
 * and the dev outbox is off (./config.ts says when; worker/channels/index.ts builds it).
 *
 * The message's idempotency key (the engine's deliveries key) goes in the `Idempotency-Key` header:
 * Resend sends a retried request with the same key only once within 24 hours. The engine's retries
 * send an identical body (link tokens are derived per delivery, ADR 027); should a body still
 * differ, Resend answers 409 `invalid_idempotent_request`, which means the first request with that
 * key was accepted: it counts as sent.
 *
 * Every request is aborted after PROVIDER_TIMEOUT_MS (20 s): a hung request fails like any other
 * provider error instead of outliving the step's "sending" lease.
 *
 * Failures are classified (ADR 042): 429, 5xx, 409 concurrent_idempotent_requests, a timeout or a
 * network error are transient (the engine retries for hours; a `Retry-After` in seconds or as an
 * HTTP date is passed on); any other 4xx (422 a bad address, 401/403 a bad key, 400) is permanent.
 */
export interface ResendOptions {
  apiKey: string;
  apiBase?: string;
  from: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** How long to wait for Resend before giving up; PROVIDER_TIMEOUT_MS unless a test says otherwise. */
  timeoutMs?: number;
}

export class ResendError extends ProviderError {
  override name = "ResendError";
  constructor(
    readonly status: number,
    message: string,
    options: { retryAfterMs?: number; reason?: string } = {},
  ) {
    super(isTransientStatus(status) ? "transient" : "permanent", message, options);
  }
}

/** 0 (no answer: a timeout or a network error), 429, 5xx and 409 (same key still in progress) may pass. */
function isTransientStatus(status: number): boolean {
  return status === 0 || status === 429 || status === 409 || status >= 500;
}

/** What Resend's refusal means, for a person reading the delivery row. */
function refusal(status: number, detail: string): string {
  if (status === 422) return `Resend refused the address or the message: ${detail}`;
  if (status === 401 || status === 403) return `Resend refused our API key (check RESEND_API_KEY): ${detail}`;
  if (status === 429) return `Resend asked us to slow down (too many requests): ${detail}`;
  if (status >= 500) return `Resend is having trouble (${status}): ${detail}`;
  return `Resend refused the request (${status}): ${detail}`;
}

const DEFAULT_BASE = "https://api.resend.com";

export function resendEmailChannel(options: ResendOptions): Channel {
  const base = (options.apiBase || DEFAULT_BASE).replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  return {
    medium: "email",
    status: { available: true, provider: "resend", reason: null },
    async send(message: OutboundMessage): Promise<SendResult> {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${options.apiKey}`,
        "Content-Type": "application/json",
      };
      if (message.idempotencyKey) headers["Idempotency-Key"] = message.idempotencyKey.slice(0, 256);
      const signal = AbortSignal.timeout(timeoutMs);
      let response: Response;
      let raw: string;
      try {
        response = await doFetch(`${base}/emails`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            from: options.from,
            to: [message.to],
            subject: message.subject ?? "A message from Nudge",
            html: message.html,
            text: message.text,
            ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          }),
          signal,
        });
        raw = await response.text();
      } catch (error) {
        if (signal.aborted) throw new ResendError(0, `Resend did not answer within ${timeoutMs / 1000} seconds.`);
        throw new ResendError(0, `Resend could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      const body = parseJson(raw);
      if (response.ok) {
        const id = typeof body?.id === "string" ? body.id : "unknown";
        return { providerMessageId: `resend:${id}` };
      }
      if (response.status === 409 && body?.name === "invalid_idempotent_request" && message.idempotencyKey) {
        return { providerMessageId: `resend:idempotent:${message.idempotencyKey}` };
      }
      const detail = typeof body?.message === "string" ? body.message : raw.slice(0, 200) || response.statusText;
      const wait = retryAfterMs(response.headers.get("Retry-After"), Date.now());
      throw new ResendError(response.status, `Resend answered ${response.status}: ${detail}`, { retryAfterMs: wait ?? undefined, reason: refusal(response.status, detail) });
    },
  };
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Sends per second to Resend from one isolate. Resend allows 2 requests a second per team by default
 * (raised on request; https://resend.com/docs/api-reference/rate-limit); the 08:00 peak would otherwise
 * fire up to 25 sends at once per consumer batch and collect 429s. Set RESEND_MAX_PER_SECOND to the
 * team's limit (divided by the isolates that send at once, if several do).
 */
export const RESEND_DEFAULT_PER_SECOND = 2;

/** One bucket per isolate (module scope): every Resend channel built here shares it. */
let resendBucket: ReturnType<typeof tokenBucket> | null = null;

/** The provider the email face builds once ./config.ts found Resend configured, behind the rate bound. */
export function resendFromEnv(env: Env): Channel {
  const perSecond = Number(env.RESEND_MAX_PER_SECOND) > 0 ? Number(env.RESEND_MAX_PER_SECOND) : RESEND_DEFAULT_PER_SECOND;
  if (!resendBucket || resendBucket.perSecond !== perSecond) resendBucket = tokenBucket({ perSecond });
  return rateLimited(resendEmailChannel({ apiKey: env.RESEND_API_KEY ?? "", apiBase: env.RESEND_API_BASE, from: env.EMAIL_FROM }), resendBucket);
}
