/**
 * The one error type services throw for anything a caller can act on. Hono's onError maps it to
 * `{ message, code }` with `status`; Remix actions show `message`. Anything else is a bug: a 500
 * with a request id and no stack in the body.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;

export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    message: string,
    /** Seconds to wait, for 429 answers (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
    /** Validation failures: one sentence per field path ("dueDate", "steps.0.channels"), so a form can point at the field. */
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, code = "BAD_REQUEST") =>
  new AppError(400, code, message);
export const unauthorized = (message = "Please sign in to continue.", code = "UNAUTHORIZED") =>
  new AppError(401, code, message);
export const forbidden = (message: string, code = "FORBIDDEN") => new AppError(403, code, message);
export const notFound = (message = "We couldn't find that.", code = "NOT_FOUND") =>
  new AppError(404, code, message);
export const conflict = (message: string, code = "CONFLICT") => new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = "RATE_LIMITED") =>
  new AppError(429, code, message, retryAfterSeconds);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
