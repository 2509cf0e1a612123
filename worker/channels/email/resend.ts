import type { Env } from "../../env";
import { PROVIDER_TIMEOUT_MS, type Channel, type OutboundMessage, type SendResult } from "../types";

/**
 * Email through Resend's HTTP API: `POST {RESEND_API_BASE}/emails` with `Authorization: Bearer
 * {RESEND_API_KEY}` and `{from, to, subject, html, text}`. Used when EMAIL_PROVIDER=resend with a key
 * and the dev outbox is off (./config.ts says when; worker/channels/index.ts builds it).
 *
 * The message's idempotency key (the engine's deliveries key) goes in the `Idempotency-Key` header:
 * Resend sends a retried request with the same key only once within 24 hours. The engine's retries
 * send an identical body (link tokens are derived per delivery, ADR 027); should a body still
 * differ, Resend answers 409 `invalid_idempotent_request`, which means the first request with that
 * key was accepted: it counts as sent.
 *
 * Every request is aborted after PROVIDER_TIMEOUT_MS (20 s): a hung request fails like any other
 * provider error (the queue retries it) instead of outliving the step's "sending" lease.
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

export class ResendError extends Error {
  override name = "ResendError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
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
          }),
          signal,
        });
        raw = await response.text();
      } catch (error) {
        if (signal.aborted) throw new ResendError(0, `Resend did not answer within ${timeoutMs / 1000} seconds.`);
        throw error;
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
      throw new ResendError(response.status, `Resend answered ${response.status}: ${detail}`);
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

/** The provider the email face builds once ./config.ts found Resend configured. */
export function resendFromEnv(env: Env): Channel {
  return resendEmailChannel({ apiKey: env.RESEND_API_KEY ?? "", apiBase: env.RESEND_API_BASE, from: env.EMAIL_FROM });
}
