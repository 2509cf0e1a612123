/**
 * The email-verification answers of /auth/verify (and the panel on Reminder Channels): the
 * services called exactly as the /v1 routes call them, their outcomes turned into the sentences
 * of spec 01 section 8. Kept apart from the route so the mapping is unit-tested
 * (tests/workerd/web-messages.test.ts).
 */
import { checkEmailCode, sendVerificationEmail, type CodeFailure, type PublicUser } from "../../worker/services/auth";
import type { Deps } from "../../worker/services/deps";
import { RESEND_FAILED, VERIFY_FAILED } from "./messages";
import { errorMessage } from "./action-errors.server";

export { RESEND_FAILED, VERIFY_FAILED };

export const CODE_INVALID = "Invalid email verification code. Please check and try again.";
export const CODE_USED_UP = "This code has expired or had too many tries. Press Resend code for a new one.";
export const CODE_MISSING = "Please enter the code from your email.";
export const VERIFIED = "Your email address is verified. Thank you!";

/**
 * The sentence for each reason checkEmailCode gives. A code that expired or used up its 5 tries can
 * never work again, so the person is told to ask for a new one; 'no_code' (none outstanding, e.g.
 * already used) keeps the spec's sentence, as before.
 */
export const CODE_FAILURE_MESSAGES: Record<CodeFailure, string> = {
  wrong: CODE_INVALID,
  expired: CODE_USED_UP,
  too_many_tries: CODE_USED_UP,
  no_code: CODE_INVALID,
};

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
 * 'Verify': checks the code (checkEmailCode, the same check as POST /v1/auth/otp/verify) and says
 * why it failed (CODE_FAILURE_MESSAGES); a thrown 429 keeps the server's sentence; anything else
 * thrown is 'Email verification failed…'.
 */
export async function checkVerificationCode(deps: Deps, userId: string, code: string): Promise<VerificationAnswer> {
  if (!code) return { ok: false, message: CODE_MISSING };
  try {
    const result = await checkEmailCode(deps, userId, code);
    return result.ok ? { ok: true, message: VERIFIED } : { ok: false, message: CODE_FAILURE_MESSAGES[result.reason] };
  } catch (error) {
    return { ok: false, message: errorMessage(error, VERIFY_FAILED) };
  }
}
