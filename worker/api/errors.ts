import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isAppError } from "../services/errors";

/** The error envelope every /v1 answer uses: a human sentence first, then a stable code. */
export interface ErrorBody {
  message: string;
  code: string;
  requestId?: string;
}

export function errorResponse(c: Context, status: ContentfulStatusCode, body: ErrorBody) {
  return c.json(body, status);
}

/** Hono onError: known errors keep their status and message; anything else is a logged 500. */
export function handleError(error: Error, c: Context) {
  const requestId = (c.get("requestId") as string | undefined) ?? crypto.randomUUID();
  if (isAppError(error)) {
    if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
    return errorResponse(c, error.status, { message: error.message, code: error.code });
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's own 4xx (e.g. malformed JSON from the validator): keep the status, give a sentence.
    const message =
      error.status === 400
        ? "The request body could not be read. Please send valid JSON."
        : error.message || "The request could not be handled.";
    return errorResponse(c, error.status as ContentfulStatusCode, { message, code: "BAD_REQUEST" });
  }
  console.error(JSON.stringify({ level: "error", requestId, path: c.req.path, error: String(error), stack: error.stack }));
  return errorResponse(c, 500, {
    message: "Something went wrong on our side. Please try again in a moment.",
    code: "INTERNAL_ERROR",
    requestId,
  });
}

export function handleNotFound(c: Context) {
  return errorResponse(c, 404, {
    message: `There is no ${c.req.method} ${c.req.path} in this API.`,
    code: "ROUTE_NOT_FOUND",
  });
}
