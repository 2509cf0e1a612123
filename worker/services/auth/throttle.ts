import { eq, like, or } from "drizzle-orm";
import { rateLimits } from "../../../db/schema";
import type { Deps } from "../deps";
import type { Env } from "../../env";
import { tooManyRequests } from "../errors";
import { blockIfLimitReached, clearKey, releaseAttempt, reserveAttempt, takeToken, type BlockRule, type WindowRule } from "../rate-limit";
import { sha256Hex } from "../tokens";

/**
 * The auth throttles (ADR 013), all exact counters in D1:
 * - sign-in, per email + IP: 10 attempts within 10 minutes, then that pair is blocked for 10 minutes.
 *   The attempt is reserved BEFORE the password is checked (one atomic upsert), so parallel requests
 *   cannot slip past the limit; a success clears the pair's count.
 * - sign-in, per email across every IP: 50 failures within an hour block the account's sign-in for an
 *   hour (a distributed guesser gets 50 tries an hour, not 10 per IP).
 *   Unknown emails are counted the same way, so neither throttle reveals which accounts exist.
 * - a browser holding a trusted device cookie for the email (login-device.ts, ADR 039) is counted
 *   on its own key instead of the account-wide one: 10 failures in 10 minutes block that device.
 * - a successful password reset lifts every sign-in block of the address (liftLoginBlocks).
 * - verification emails: 5 per hour per user.
 * - sign-in link emails without a session: 5 per hour per address (silently, ADR 039).
 * - password-reset emails: 5 per hour per email address (silently: the answer never changes).
 * - the session-less code page (POST /v1/auth/verify-email): 10 checks per hour per IP + email and
 *   30 per hour per IP, so nobody can cheaply burn the 5 tries of someone else's code.
 * - the 6-digit email code: 20 tries per address in 24 hours across re-sends (ADR 040).
 * - registration: 10 accounts per hour per IP (ADR 043). A request without CF-Connecting-IP (local
 *   development and tests; Cloudflare always sets it) is not counted per IP.
 * The IP is always `CF-Connecting-IP` (set by Cloudflare, not by the client); X-Forwarded-For is
 * never read, because a client can write anything into it.
 */
export const LOGIN_RULE: BlockRule = { limit: 10, windowMs: 10 * 60_000, blockMs: 10 * 60_000 };
export const ACCOUNT_LOGIN_RULE: BlockRule = { limit: 50, windowMs: 60 * 60_000, blockMs: 60 * 60_000 };
export const VERIFICATION_EMAIL_RULE: WindowRule = { limit: 5, windowMs: 60 * 60_000 };
export const RESET_EMAIL_RULE: WindowRule = { limit: 5, windowMs: 60 * 60_000 };
export const SIGN_IN_LINK_EMAIL_RULE: WindowRule = { limit: 5, windowMs: 60 * 60_000 };
export const VERIFY_LINK_RULE: WindowRule = { limit: 10, windowMs: 60 * 60_000 };
export const VERIFY_LINK_IP_RULE: WindowRule = { limit: 30, windowMs: 60 * 60_000 };
/** Tries of the 6-digit email code per address, across every code sent to it (ADR 040). */
export const EMAIL_CODE_LIFETIME_RULE: WindowRule = { limit: 20, windowMs: 24 * 60 * 60_000 };

/** Registrations per IP (ADR 043): a household or an office registers a few; a script registers thousands. */
export const REGISTER_IP_RULE: WindowRule = { limit: 10, windowMs: 60 * 60_000 };

/** "1 minute" / "N minutes", rounded up so people never come back too early. */
function minutesText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The 429 sentence of sign-in, saying how long the block really has left. */
export function loginBlockedMessage(retryAfterSeconds: number): string {
  return `Too many sign-in attempts. Please wait ${minutesText(retryAfterSeconds)} and try again.`;
}

/** The 429 sentence of the code page. */
export function verifyBlockedMessage(retryAfterSeconds: number): string {
  return `Too many verification attempts. Please wait ${minutesText(retryAfterSeconds)} and try again, or ask for a new email.`;
}

/** The 429 sentence of registration. */
export function registerBlockedMessage(retryAfterSeconds: number): string {
  return `Too many accounts were created from this network. Please wait ${minutesText(retryAfterSeconds)} and try again.`;
}

/**
 * The registrations one IP may make per hour: REGISTER_IP_RULE's 10, unless the deployment says
 * otherwise (`REGISTRATIONS_PER_IP_PER_HOUR`). The browser suite registers a hundred accounts from
 * 127.0.0.1 and raises it; production keeps the default.
 */
function registerRule(env: Pick<Env, "REGISTRATIONS_PER_IP_PER_HOUR">): WindowRule {
  const configured = Number(env.REGISTRATIONS_PER_IP_PER_HOUR);
  return Number.isInteger(configured) && configured > 0 ? { ...REGISTER_IP_RULE, limit: configured } : REGISTER_IP_RULE;
}

/** Counts one registration from this IP, or throws 429 REGISTER_THROTTLED with Retry-After. */
export async function takeRegistration(deps: Pick<Deps, "db" | "clock" | "env">, ip: string | null): Promise<void> {
  if (!ip) return;
  const result = await takeToken(deps, `register-ip:${ip}`, registerRule(deps.env));
  if (!result.allowed) throw tooManyRequests(registerBlockedMessage(result.retryAfterSeconds), result.retryAfterSeconds, "REGISTER_THROTTLED");
}

/** Keys hold a hash of the email, not the address itself. */
async function emailKey(email: string): Promise<string> {
  return (await sha256Hex(email)).slice(0, 32);
}

async function loginKeys(email: string, ip: string | null, device: string | null) {
  const hashed = await emailKey(email);
  return { pair: `login:${hashed}:${ip ?? "unknown"}`, account: device ? `login-device:${device}` : `login-account:${hashed}` };
}

/** The account-wide rule, or a trusted device's own (ADR 039). */
const accountRule = (device: string | null) => (device ? LOGIN_RULE : ACCOUNT_LOGIN_RULE);

/**
 * Takes one sign-in attempt for this email + IP and for the account, or throws 429. Call it before
 * the password is checked; then exactly one of `recordLoginFailure` / `clearLoginFailures`.
 * `device` is the id of a trusted device cookie for this email (login-device.ts): such a browser
 * is not held back by the account-wide count that strangers fill, only by its own 10 in 10 minutes.
 */
export async function reserveLoginAttempt(deps: Deps, email: string, ip: string | null, device: string | null = null): Promise<void> {
  const keys = await loginKeys(email, ip, device);
  const pair = await reserveAttempt(deps, keys.pair, LOGIN_RULE);
  if (!pair.allowed) throw tooManyRequests(loginBlockedMessage(pair.retryAfterSeconds), pair.retryAfterSeconds, "LOGIN_THROTTLED");
  const account = await reserveAttempt(deps, keys.account, accountRule(device));
  if (!account.allowed) {
    // No password was checked: this attempt does not count against the person's own IP.
    await releaseAttempt(deps, keys.pair);
    throw tooManyRequests(loginBlockedMessage(account.retryAfterSeconds), account.retryAfterSeconds, "LOGIN_THROTTLED");
  }
}

/** The reserved attempt failed: a full count now becomes a block. */
export async function recordLoginFailure(deps: Deps, email: string, ip: string | null, device: string | null = null): Promise<void> {
  const keys = await loginKeys(email, ip, device);
  await blockIfLimitReached(deps, keys.pair, LOGIN_RULE);
  await blockIfLimitReached(deps, keys.account, accountRule(device));
}

/**
 * The reserved attempt succeeded: the email + IP pair starts from zero; the account keeps counting
 * the failures of others (only this attempt's own reservation is given back).
 */
export async function clearLoginFailures(deps: Deps, email: string, ip: string | null, device: string | null = null): Promise<void> {
  const keys = await loginKeys(email, ip, device);
  await clearKey(deps, keys.pair);
  if (device) await clearKey(deps, keys.account);
  else await releaseAttempt(deps, keys.account);
}

/**
 * A successful password reset proved the mailbox and changed the password: every sign-in count and
 * block of the address ends (the account-wide one and every email + IP pair), so the owner signs in
 * at once with the new password (ADR 039). Returned as a statement for the reset's batch.
 */
export async function liftLoginBlocks(deps: Deps, email: string) {
  const hashed = await emailKey(email);
  // Wrapped: a query builder is awaitable, and returning it from an async function would run it here.
  return { statement: deps.db.delete(rateLimits).where(or(eq(rateLimits.key, `login-account:${hashed}`), like(rateLimits.key, `login:${hashed}:%`))) };
}

/** POST /v1/auth/verify-email: one check of a code without a session, or 429. */
export async function assertVerifyLinkAllowed(deps: Deps, email: string, ip: string | null): Promise<void> {
  if (ip) {
    const perIp = await takeToken(deps, `verify-link-ip:${ip}`, VERIFY_LINK_IP_RULE);
    if (!perIp.allowed) throw tooManyRequests(verifyBlockedMessage(perIp.retryAfterSeconds), perIp.retryAfterSeconds, "VERIFY_THROTTLED");
  }
  const perEmail = await takeToken(deps, `verify-link:${await emailKey(email)}:${ip ?? "unknown"}`, VERIFY_LINK_RULE);
  if (!perEmail.allowed) throw tooManyRequests(verifyBlockedMessage(perEmail.retryAfterSeconds), perEmail.retryAfterSeconds, "VERIFY_THROTTLED");
}

export async function assertVerificationEmailAllowed(deps: Deps, userId: string): Promise<void> {
  const result = await takeToken(deps, `email-send:${userId}`, VERIFICATION_EMAIL_RULE);
  if (!result.allowed) {
    throw tooManyRequests(
      `We've already sent you ${VERIFICATION_EMAIL_RULE.limit} verification emails this hour. Please check your inbox (and spam folder), or try again in ${minutesText(result.retryAfterSeconds)}.`,
      result.retryAfterSeconds,
      "EMAIL_RATE_LIMITED",
    );
  }
}

/** True when another reset email may go to this address now. */
export async function resetEmailAllowed(deps: Deps, email: string): Promise<boolean> {
  const result = await takeToken(deps, `reset-send:${await emailKey(email)}`, RESET_EMAIL_RULE);
  return result.allowed;
}

/** One try of a code sent to `target` within the address's budget across codes; false when spent. */
export async function takeCodeTry(deps: Deps, purpose: string, target: string, rule: WindowRule): Promise<boolean> {
  return (await takeToken(deps, `code-tries:${purpose}:${await emailKey(target)}`, rule)).allowed;
}

/** True when another sign-in link email may go to this address now (silently refused beyond). */
export async function signInLinkEmailAllowed(deps: Deps, email: string): Promise<boolean> {
  return (await takeToken(deps, `sign-in-link-send:${await emailKey(email)}`, SIGN_IN_LINK_EMAIL_RULE)).allowed;
}
