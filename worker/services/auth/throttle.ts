import type { Deps } from "../deps";
import { tooManyRequests } from "../errors";
import { blockedFor, clearKey, recordFailure, takeToken, type BlockRule, type WindowRule } from "../rate-limit";
import { sha256Hex } from "../tokens";

/**
 * The auth throttles (ADR 013), all exact counters in D1:
 * - sign-in: 10 failures per email + IP within 10 minutes block that pair for 10 minutes. Unknown
 *   emails are counted the same way, so the throttle does not reveal which accounts exist.
 * - verification emails: 5 per hour per user.
 * - password-reset emails: 5 per hour per email address (silently: the answer never changes).
 */
export const LOGIN_RULE: BlockRule = { limit: 10, windowMs: 10 * 60_000, blockMs: 10 * 60_000 };
export const VERIFICATION_EMAIL_RULE: WindowRule = { limit: 5, windowMs: 60 * 60_000 };
export const RESET_EMAIL_RULE: WindowRule = { limit: 5, windowMs: 60 * 60_000 };

export const LOGIN_BLOCKED_MESSAGE = "Too many sign-in attempts. Please wait 10 minutes and try again.";

/** Keys hold a hash of the email, not the address itself. */
async function loginKey(email: string, ip: string | null): Promise<string> {
  return `login:${(await sha256Hex(email)).slice(0, 32)}:${ip ?? "unknown"}`;
}

export async function assertLoginAllowed(deps: Deps, email: string, ip: string | null): Promise<void> {
  const seconds = await blockedFor(deps, await loginKey(email, ip));
  if (seconds !== null) throw tooManyRequests(LOGIN_BLOCKED_MESSAGE, seconds, "LOGIN_THROTTLED");
}

export async function recordLoginFailure(deps: Deps, email: string, ip: string | null): Promise<void> {
  await recordFailure(deps, await loginKey(email, ip), LOGIN_RULE);
}

export async function clearLoginFailures(deps: Deps, email: string, ip: string | null): Promise<void> {
  await clearKey(deps, await loginKey(email, ip));
}

export async function assertVerificationEmailAllowed(deps: Deps, userId: string): Promise<void> {
  const result = await takeToken(deps, `email-send:${userId}`, VERIFICATION_EMAIL_RULE);
  if (!result.allowed) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    throw tooManyRequests(
      `We've already sent you ${VERIFICATION_EMAIL_RULE.limit} verification emails this hour. Please check your inbox (and spam folder), or try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      result.retryAfterSeconds,
      "EMAIL_RATE_LIMITED",
    );
  }
}

/** True when another reset email may go to this address now. */
export async function resetEmailAllowed(deps: Deps, email: string): Promise<boolean> {
  const result = await takeToken(deps, `reset-send:${(await sha256Hex(email)).slice(0, 32)}`, RESET_EMAIL_RULE);
  return result.allowed;
}
