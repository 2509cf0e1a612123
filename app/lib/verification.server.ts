/**
 * The email-verification answers of /auth/verify (and the panel on Reminder Channels): the
 * services called exactly as the /v1 routes call them, their outcomes turned into the sentences
 * of spec 01 section 8. Kept apart from the route so the mapping is unit-tested
 * (tests/workerd/web-messages.test.ts).
 */
import { sendVerificationEmail, verifyEmailCode, type PublicUser } from "../../worker/services/auth";
import type { Deps } from "../../worker/services/deps";
import { isAppError } from "../../worker/services/errors";
import { RESEND_FAILED, VERIFY_FAILED } from "./messages";
import { errorMessage } from "./messages.server";

export { RESEND_FAILED, VERIFY_FAILED };

export const CODE_INVALID = "Invalid email verification code. Please check and try again.";
export const CODE_USED_UP = "This code has expired or had too many tries. Press Resend code for a new one.";
export const CODE_MISSING = "Please enter the code from your email.";
export const VERIFIED = "Your email address is verified. Thank you!";

/** Error codes by which the service says a code can no longer work (expired, or its tries used up). */
const USED_UP_CODES = new Set(["CODE_EXPIRED", "CODE_TOO_MANY_TRIES", "CODE_LOCKED", "CODE_USED_UP"]);

export interface VerificationAnswer {
  ok: boolean;
  message: string;
}

/** 'Resend code': a new code and link by email. A 429 keeps the server's sentence (how long to wait). */
export async function resendVerification(deps: Deps, user: Pick<PublicUser, "id" | "email">): Promise<VerificationAnswer> {
  try {
    await sendVerificationEmail(deps, user.id);
    return { ok: true, message: `We sent a new code to ${user.email}. It can take a minute to arrive.` };
  } catch (error) {
    return { ok: false, message: errorMessage(error, RESEND_FAILED) };
  }
}

/**
 * 'Verify': checks the code. A wrong code is the spec's 'Invalid email verification code…'; when
 * the service says the code expired or its tries are used up, the user is told to ask for a new
 * one; a 429 keeps the server's sentence; anything else is 'Email verification failed…'.
 */
export async function checkVerificationCode(deps: Deps, userId: string, code: string): Promise<VerificationAnswer> {
  if (!code) return { ok: false, message: CODE_MISSING };
  try {
    const verified = await verifyEmailCode(deps, userId, code);
    return verified ? { ok: true, message: VERIFIED } : { ok: false, message: CODE_INVALID };
  } catch (error) {
    if (isAppError(error) && error.code && USED_UP_CODES.has(error.code)) return { ok: false, message: CODE_USED_UP };
    return { ok: false, message: errorMessage(error, VERIFY_FAILED) };
  }
}
