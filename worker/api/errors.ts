import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { BAD_JSON_MESSAGE } from "../http";
import { isAppError, type AppError } from "../services/errors";
import { createLogger, errorFields } from "../services/log";
import type { ApiEnv } from "./context";
import { reportErrorInBackground } from "../services/sentry/report";

/**
 * The error envelope every /v1 answer uses: a human sentence first, then a stable code; a
 * validation failure adds the sentence of each field (`fields`), a 500 the request id.
 */
export interface ErrorBody {
  message: string;
  code: string;
  fields?: Readonly<Record<string, string>>;
  requestId?: string;
}

export function errorResponse(c: Context, status: ContentfulStatusCode, body: ErrorBody) {
  return c.json(body, status);
}

/**
 * Spec 01's account routes (/v1/auth, /v1/users and its /me and /{id} routes) answer exactly
 * `{ message, code }`: their contract tests pin the body, so `fields` stays off there (ADR 037).
 */
export const exactEnvelope = createMiddleware<ApiEnv>(async (c, next) => {
  c.set("exactEnvelope", true);
  await next();
});

/** The envelope of an AppError, keeping headers already set on the context (cookies). */
export function appErrorResponse(c: Context<ApiEnv>, error: AppError) {
  if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
  const body: ErrorBody = { message: error.message, code: error.code };
  if (error.fields && !c.get("exactEnvelope")) body.fields = error.fields;
  return errorResponse(c, error.status, body);
}

/**
 * A known error, also where a library wrapped it: Drizzle answers a query that failed with its own "Failed
 * query" error, the cause being what D1 (or the write gate, ADR 115) threw.
 */
function knownErrorIn(error: unknown): AppError | null {
  for (let seen: unknown = error, depth = 0; seen && depth < 4; seen = (seen as { cause?: unknown }).cause, depth++) {
    if (isAppError(seen)) return seen;
  }
  return null;
}

/** Hono onError: known errors keep their status and message; anything else is a logged 500. */
export function handleError(error: Error, c: Context<ApiEnv>) {
  const known = knownErrorIn(error);
  if (known) return appErrorResponse(c, known);
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's own 4xx: keep the status, give a sentence.
    const message = error.status === 400 ? BAD_JSON_MESSAGE : error.message || "The request could not be handled.";
    return errorResponse(c, error.status as ContentfulStatusCode, { message, code: "BAD_REQUEST" });
  }
  const requestId = c.get("requestId") ?? crypto.randomUUID();
  const log = c.get("log") ?? createLogger({ requestId });
  log.error("request_failed", { path: c.req.path, ...errorFields(error) });
  reportUnhandled(c, error, requestId);
  return errorResponse(c, 500, {
    message: "Something went wrong on our side. Please try again in a moment.",
    code: "INTERNAL_ERROR",
    requestId,
  });
}

/** Issue 14: the error goes to Sentry (when SENTRY_DSN is set) with the request id the answer shows. */
function reportUnhandled(c: Context<ApiEnv>, error: Error, requestId: string) {
  let ctx: ExecutionContext | null = null;
  try {
    ctx = c.executionCtx as ExecutionContext;
  } catch {
    ctx = null;
  }
  const place = { where: c.req.path.startsWith("/webhooks") ? "webhook" : "api", requestId, method: c.req.method, url: c.req.url };
  void reportErrorInBackground(ctx, c.env ?? {}, error, place);
}

export function handleNotFound(c: Context) {
  return errorResponse(c, 404, {
    message: `There is no ${c.req.method} ${c.req.path} in this API.`,
    code: "ROUTE_NOT_FOUND",
  });
}
