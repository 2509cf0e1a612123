import type { Env } from "../env";
import type { Channel, OutboundMessage, SendResult } from "./types";

/**
 * Email through Resend's HTTP API: `POST {RESEND_API_BASE}/emails` with `Authorization: Bearer
 * {RESEND_API_KEY}` and `{from, to, subject, html, text}`. Used when EMAIL_PROVIDER=resend and the
 * dev outbox is off (worker/channels/index.ts).
 *
 * The message's idempotency key (the engine's deliveries key) goes in the `Idempotency-Key` header:
 * Resend sends a retried request with the same key only once within 24 hours. A retry whose body
 * differs (a reminder email carries fresh link tokens on each attempt) is answered 409
 * `invalid_idempotent_request`, which means the first request with that key was accepted: it
 * counts as sent.
 */
export interface ResendOptions {
  apiKey: string;
  apiBase?: string;
  from: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
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
  return {
    medium: "email",
    async send(message: OutboundMessage): Promise<SendResult> {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${options.apiKey}`,
        "Content-Type": "application/json",
      };
      if (message.idempotencyKey) headers["Idempotency-Key"] = message.idempotencyKey.slice(0, 256);
      const response = await doFetch(`${base}/emails`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          from: options.from,
          to: [message.to],
          subject: message.subject ?? "A message from Nudge",
          html: message.html,
          text: message.text,
        }),
      });
      const raw = await response.text();
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

/** The provider factory registered for "email": null (dev outbox) unless Resend is configured. */
export function resendProvider(env: Env): Channel | null {
  if (env.EMAIL_PROVIDER !== "resend" || !env.RESEND_API_KEY) return null;
  return resendEmailChannel({ apiKey: env.RESEND_API_KEY, apiBase: env.RESEND_API_BASE, from: env.EMAIL_FROM });
}
