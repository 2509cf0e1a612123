/**
 * A fake of Resend's email API (https://resend.com/docs/api-reference/emails/send-email), as our
 * Resend channel uses it. It speaks the real protocol:
 * - `POST /emails` with `Authorization: Bearer <key>` and a JSON `{from, to, subject, html?, text?, reply_to?}`;
 *   200 `{ "id": "<uuid>" }` when accepted.
 * - Errors as Resend shapes them, `{ statusCode, name, message }`: 401 `missing_api_key`,
 *   403 `invalid_api_key`, 422 `missing_required_field`, 422 `validation_error` on a bad `to`,
 *   404 `not_found`, 405 `method_not_allowed`.
 * - `Idempotency-Key` (1-256 characters, else 400 `invalid_idempotency_key`): within 24 hours the
 *   same key with the same body answers the first answer again without sending twice; with a
 *   different body it is 409 `invalid_idempotent_request`.
 * - Trouble on demand (`failNext`): Resend's throttle, 429 `rate_limit_exceeded` with a `retry-after`
 *   in seconds, or its outage answer, 500 `internal_server_error` (or any 5xx), for the next N
 *   requests or until a time of the fake's clock. Nothing is sent or remembered meanwhile.
 * It records every request it received (`received`) and every email it accepted (`sent`).
 * Start it with `fakeFetch(resend)` in workerd or `startFake(resend, port)` in Node (docs/testing.md).
 */
import type { Fake } from "./fake";

export interface FakeResendOptions {
  /** The key a request must carry as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** Where the channel sends (its RESEND_API_BASE); Resend's own by default. */
  origin?: string;
  /** The id of the next accepted email; a fresh UUID by default. */
  newId?: () => string;
  /** The clock for the 24-hour idempotency window; Date.now by default. */
  now?: () => number;
}

/** A spell of trouble: `status` 429 or 5xx, for `times` requests or until `until` (the fake's clock), whichever ends first. */
export interface Trouble {
  status: number;
  /** The `retry-after` header of a 429, in seconds (Resend sends seconds). */
  retryAfterSeconds?: number;
  times?: number;
  until?: number;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface SentEmail {
  id: string;
  from: string;
  to: string[];
  /** `reply_to`, as a list (Resend takes one address or several). */
  replyTo: string[];
  subject: string;
  html?: string;
  text?: string;
  idempotencyKey: string | null;
}

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
// An address alone, or `Name <address>`, as Resend accepts in `to`.
const ADDRESS = /^(?:[^<>]*<\s*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

function resendError(statusCode: number, name: string, message: string): Response {
  return Response.json({ statusCode, name, message }, { status: statusCode });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createFakeResend(options: FakeResendOptions) {
  const received: ReceivedRequest[] = [];
  const sent: SentEmail[] = [];
  // Idempotency key -> the body it was first used with, its answer's id, and when.
  const keys = new Map<string, { body: string; id: string; at: number }>();
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());

  /** Validates a send request's body: the accepted email, or Resend's error answer. */
  function emailFrom(body: unknown, idempotencyKey: string | null): SentEmail | Response {
    if (!body || typeof body !== "object") return resendError(422, "validation_error", "Invalid JSON body.");
    const { from, to, subject, html, text, reply_to: replyTo } = body as Record<string, unknown>;
    const missing = [["from", from], ["to", to], ["subject", subject]].filter(([, value]) => value === undefined).map(([name]) => `\`${String(name)}\``);
    if (missing.length > 0) return resendError(422, "missing_required_field", `Missing ${missing.join(", ")} field${missing.length > 1 ? "s" : ""}.`);
    const recipients = Array.isArray(to) ? to : [to];
    if (recipients.length === 0 || recipients.length > 50 || !recipients.every((address) => typeof address === "string" && ADDRESS.test(address.trim()))) {
      return resendError(422, "validation_error", "Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
    }
    if (typeof from !== "string" || !ADDRESS.test(from.trim())) {
      return resendError(422, "validation_error", "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
    }
    const replyAddresses = replyTo === undefined ? [] : Array.isArray(replyTo) ? replyTo : [replyTo];
    if (!replyAddresses.every((address) => typeof address === "string" && ADDRESS.test(address.trim()))) {
      return resendError(422, "validation_error", "Invalid `reply_to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
    }
    return {
      id: newId(),
      from,
      to: recipients as string[],
      replyTo: replyAddresses as string[],
      subject: String(subject),
      html: typeof html === "string" ? html : undefined,
      text: typeof text === "string" ? text : undefined,
      idempotencyKey,
    };
  }

  let trouble: (Trouble & { answered: number }) | null = null;
  /** The trouble answer for this request, if a spell of trouble is on. */
  function troubleAnswer(): Response | null {
    if (!trouble) return null;
    if ((trouble.times !== undefined && trouble.answered >= trouble.times) || (trouble.until !== undefined && now() >= trouble.until)) {
      trouble = null;
      return null;
    }
    trouble.answered += 1;
    if (trouble.status === 429) {
      const response = resendError(429, "rate_limit_exceeded", "Too many requests. You can only make 2 requests per second. See rate limit response headers for more information.");
      if (trouble.retryAfterSeconds !== undefined) response.headers.set("retry-after", String(trouble.retryAfterSeconds));
      return response;
    }
    return resendError(trouble.status, "internal_server_error", "An unexpected error occurred.");
  }

  async function sendEmail(request: Request): Promise<Response> {
    const authorization = request.headers.get("Authorization");
    if (!authorization?.startsWith("Bearer ")) return resendError(401, "missing_api_key", "Missing API key in the authorization header.");
    if (authorization !== `Bearer ${options.apiKey}`) return resendError(403, "invalid_api_key", "API key is invalid.");
    const troubled = troubleAnswer();
    if (troubled) return troubled;
    const raw = await request.text();
    const key = request.headers.get("Idempotency-Key");
    if (key !== null && (key.length < 1 || key.length > 256)) return resendError(400, "invalid_idempotency_key", "The key must be between 1-256 chars.");
    const earlier = key === null ? undefined : keys.get(key);
    if (earlier && now() - earlier.at < IDEMPOTENCY_WINDOW_MS) {
      if (earlier.body !== raw) return resendError(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload.");
      return Response.json({ id: earlier.id });
    }
    const email = emailFrom(parseJson(raw), key);
    if (email instanceof Response) return email;
    sent.push(email);
    if (key !== null) keys.set(key, { body: raw, id: email.id, at: now() });
    return Response.json({ id: email.id });
  }

  const fake: Fake = {
    name: "resend",
    origin: (options.origin ?? "https://api.resend.com").replace(/\/+$/, ""),
    async handle(request) {
      const url = new URL(request.url);
      const copy = request.clone();
      received.push({ method: request.method, path: url.pathname, headers: Object.fromEntries(request.headers), body: parseJson(await copy.text()) ?? null });
      if (url.pathname !== "/emails") return resendError(404, "not_found", "The requested endpoint does not exist.");
      if (request.method !== "POST") return resendError(405, "method_not_allowed", "Method is not allowed for the requested path.");
      return sendEmail(request);
    },
  };

  return {
    ...fake,
    received,
    sent,
    /** Starts a spell of trouble (replacing any other); `null` ends it. */
    failNext(spell: Trouble | null) {
      trouble = spell ? { ...spell, answered: 0 } : null;
    },
  };
}

export type FakeResend = ReturnType<typeof createFakeResend>;
