import type { Env } from "../../env";
import { forwardToSentry, isSentryConfigured } from "./forward";
import { scrubText, scrubUrl } from "./scrub";

/** Where an unhandled error happened, for the event's tags. */
export interface ErrorPlace {
  /** "api", "page", "cron", "queue", "webhook". */
  where: string;
  /** The id the 500 answer shows (X-Request-Id, `requestId` in the body). */
  requestId?: string;
  method?: string;
  url?: string;
}

/**
 * A Sentry error event for an unhandled error: its type, its scrubbed message and stack lines, the
 * request id and the path (no query, no headers, no body, no user data).
 */
export function errorEvent(error: unknown, place: ErrorPlace, now = new Date()) {
  const err = error instanceof Error ? error : new Error(typeof error === "string" ? error : "Non-Error thrown");
  const lines = (err.stack ?? "").split("\n").slice(1).map((line) => line.trim()).filter(Boolean);
  return {
    event_id: crypto.randomUUID().replace(/-/g, ""),
    timestamp: now.getTime() / 1000,
    platform: "javascript",
    level: "error",
    logger: "nudge-worker",
    exception: {
      values: [
        {
          type: err.name || "Error",
          value: scrubText(err.message),
          stacktrace: { frames: lines.reverse().map((line) => ({ function: scrubText(line), in_app: !line.includes("node_modules") })) },
        },
      ],
    },
    tags: { where: place.where, ...(place.requestId ? { request_id: place.requestId } : {}) },
    ...(place.url ? { request: { method: place.method ?? "GET", url: scrubUrl(place.url) } } : {}),
  };
}

/** Sends the event when SENTRY_DSN is set; never throws (reporting must not turn one failure into two). */
export async function reportError(env: Pick<Env, "SENTRY_DSN">, error: unknown, place: ErrorPlace, fetcher: typeof fetch = fetch): Promise<void> {
  if (!isSentryConfigured(env.SENTRY_DSN)) return;
  const event = errorEvent(error, place);
  try {
    await forwardToSentry(env.SENTRY_DSN, [[{ type: "event" }, event]], { event_id: event.event_id }, fetcher);
  } catch {
    // Sentry unreachable: the error is in the Worker's log already.
  }
}

/** Hands the report to waitUntil when there is an execution context; otherwise it is awaited. */
export async function reportErrorInBackground(ctx: { waitUntil(p: Promise<unknown>): void } | null, env: Pick<Env, "SENTRY_DSN">, error: unknown, place: ErrorPlace) {
  const work = reportError(env, error, place);
  if (ctx) ctx.waitUntil(work);
  else await work;
}
