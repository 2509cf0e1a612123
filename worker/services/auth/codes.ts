import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { users, verificationCodes } from "../../../db/schema";
import type { Deps } from "../deps";
import { constantTimeEqual, hmacSha256Hex, randomDigits } from "../tokens";
import type { WindowRule } from "../rate-limit";
import { EMAIL_CODE_LIFETIME_RULE, takeCodeTry } from "./throttle";
import { subKey } from "./keys";
import { completePendingPairing } from "./pairing";
import { findUserById } from "./users";

export { subKey, pairingCodeHash } from "./keys";

/**
 * Short numeric codes a person types (ADR 012): email verification (6 digits, 15 minutes) and
 * password reset (8 digits, 60 minutes). Single use, at most 5 tries per code, and only the latest
 * code of a user and purpose counts, so asking for a new email ends the old code.
 */
export type CodePurpose = "email_verify" | "password_reset" | "phone_verify" | "email_change";

export interface CodePolicy {
  digits: number;
  ttlMs: number;
  maxAttempts: number;
  /** Tries per address across every code sent to it (ADR 040); none for the 8-digit reset code. */
  lifetime?: WindowRule;
}

export const EMAIL_CODE_POLICY: CodePolicy = { digits: 6, ttlMs: 15 * 60_000, maxAttempts: 5, lifetime: EMAIL_CODE_LIFETIME_RULE };
export const RESET_CODE_POLICY: CodePolicy = { digits: 8, ttlMs: 60 * 60_000, maxAttempts: 5 };

/**
 * What `code_hash` stores: HMAC-SHA-256 under a key derived from JWT_SECRET (ADR 019). A 6-digit code
 * has only 10^6 values, so an unkeyed SHA-256 of it would be reversed in seconds by anyone holding a
 * copy of the database; without the key the hash says nothing. The message binds the code to its
 * user and purpose, so equal codes of two users never collide. Rows written before this change
 * (plain SHA-256) simply stop matching and expire within the hour.
 */
export async function codeHash(env: Pick<Deps["env"], "JWT_SECRET">, purpose: CodePurpose, userId: string, code: string): Promise<string> {
  return hmacSha256Hex(await subKey(env, "nudge/short-code-hash/v1"), `${purpose}:${userId}:${code}`);
}

export async function createCode(deps: Deps, userId: string, purpose: CodePurpose, target: string, policy: CodePolicy): Promise<string> {
  const code = randomDigits(policy.digits);
  const now = deps.clock.now().getTime();
  await deps.db.insert(verificationCodes).values({
    id: crypto.randomUUID(),
    userId,
    purpose,
    target,
    codeHash: await codeHash(deps.env, purpose, userId, code),
    expiresAt: now + policy.ttlMs,
    createdAt: now,
  });
  return code;
}

/** Why a code check failed, so a screen can say what to do next (the /v1 routes still answer a boolean). */
export type CodeFailure = "wrong" | "expired" | "too_many_tries" | "no_code";
export type CodeCheckResult = { ok: true } | { ok: false; reason: CodeFailure };

/**
 * Checks and, when right, consumes the latest code. Each check first takes one of the code's tries
 * with a conditional update, so parallel guesses cannot exceed the limit; the right code is then
 * consumed with a compare-and-set, so it works once. A code that is used, or was sent to an address
 * the account no longer has, counts as no code at all. With `consume: false` a right code is only
 * recognised (and its try given back), so a question can be asked before it is used.
 */
export async function checkCodeDetailed(
  deps: Deps,
  userId: string,
  purpose: CodePurpose,
  target: string,
  code: string,
  policy: CodePolicy,
  options: { consume?: boolean } = {},
): Promise<CodeCheckResult> {
  const now = deps.clock.now().getTime();
  const [latest] = await deps.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt), desc(sql`rowid`))
    .limit(1);
  if (!latest || latest.consumedAt !== null || latest.target !== target) return { ok: false, reason: "no_code" };
  if (latest.expiresAt <= now) return { ok: false, reason: "expired" };
  if (latest.attempts >= policy.maxAttempts) return { ok: false, reason: "too_many_tries" };
  // Re-sending gives a fresh 5 tries, so the address also has a budget across codes (ADR 040).
  if (policy.lifetime && !(await takeCodeTry(deps, purpose, target, policy.lifetime))) return { ok: false, reason: "too_many_tries" };
  const tried = await deps.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt), lt(verificationCodes.attempts, policy.maxAttempts)))
    .returning({ id: verificationCodes.id });
  // Lost a race since the read: parallel guesses took the last tries (or, rarely, a parallel check used the code).
  if (tried.length === 0) return { ok: false, reason: "too_many_tries" };
  if (!constantTimeEqual(await codeHash(deps.env, purpose, userId, code.trim()), latest.codeHash)) return { ok: false, reason: "wrong" };
  if (options.consume === false) {
    // Only looking (the ownership question is asked before the code is used): the right code gives its try back.
    await deps.db.update(verificationCodes).set({ attempts: sql`max(${verificationCodes.attempts} - 1, 0)` }).where(eq(verificationCodes.id, latest.id));
    return { ok: true };
  }
  const consumed = await deps.db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return consumed.length === 1 ? { ok: true } : { ok: false, reason: "no_code" };
}

/** checkCodeDetailed as a yes/no, for callers that show one sentence for every failure (password reset). */
export async function checkCode(deps: Deps, userId: string, purpose: CodePurpose, target: string, code: string, policy: CodePolicy): Promise<boolean> {
  return (await checkCodeDetailed(deps, userId, purpose, target, code, policy)).ok;
}

/** Marks the user's email as verified (idempotent). */
export async function markEmailVerified(deps: Deps, userId: string): Promise<void> {
  const now = deps.clock.now().getTime();
  await deps.db.update(users).set({ isVerified: true, updatedAt: now }).where(and(eq(users.id, userId), eq(users.isVerified, false)));
  // A Telegram chat that asked to be paired at registration is linked now that the email is proven.
  await completePendingPairing(deps, userId);
}

/**
 * The email code check with its reason, for the web verify screen: 'wrong' (a try was spent, or the
 * input cannot be a code; an older code than the newest is simply wrong), 'expired' (15 minutes),
 * 'too_many_tries' (5 tries used), 'no_code' (none sent, already used, sent to an address the account
 * no longer has, or no such account). Marks the email verified when right.
 */
export async function checkEmailCode(deps: Deps, userId: string, code: string): Promise<CodeCheckResult> {
  if (typeof code !== "string" || code.length === 0 || code.length > 36) return { ok: false, reason: "wrong" };
  const user = await findUserById(deps, userId);
  if (!user) return { ok: false, reason: "no_code" };
  const result = await checkCodeDetailed(deps, user.id, "email_verify", user.email, code, EMAIL_CODE_POLICY);
  if (result.ok) await markEmailVerified(deps, user.id);
  return result;
}

/** POST /v1/auth/otp/verify: true when the code is the latest one, unexpired, unused, within 5 tries (spec: a boolean). */
export async function verifyEmailCode(deps: Deps, userId: string, code: string): Promise<boolean> {
  return (await checkEmailCode(deps, userId, code)).ok;
}
