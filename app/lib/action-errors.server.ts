import { isAppError } from "../../worker/services/errors";
import { errorFields, log } from "../../worker/services/log";

/**
 * The message a screen shows for a failed service call (spec 01 section 8): the server's own
 * sentence first, then a status-specific text, then the screen's fallback. Unknown errors are
 * logged (they are bugs) and never shown raw.
 */
export function errorMessage(error: unknown, fallback: string, byStatus: Partial<Record<number, string>> = {}): string {
  if (isAppError(error)) return error.message || byStatus[error.status] || fallback;
  log.error("screen_call_failed", errorFields(error));
  return fallback;
}

/** The HTTP status to answer a failed action with (4xx for known errors, 500 otherwise). */
export function errorStatus(error: unknown): number {
  return isAppError(error) ? error.status : 500;
}
