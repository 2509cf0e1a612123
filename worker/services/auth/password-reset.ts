import { eq } from "drizzle-orm";
import { users, type User } from "../../../db/schema";
import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { emailAccountAfterAnswer, type AfterAnswerOptions } from "./after-answer";
import { badRequest } from "../errors";
import { renderEmail } from "../email/layout";
import { parseInput } from "../validation";
import { checkCode, createCode, RESET_CODE_POLICY } from "./codes";
import { hashPassword } from "./passwords";
import { endCodes, endLinkTokens, endSessions } from "./revoke";
import { sessionsEndedFields } from "./session-end";
import { resetPasswordSchema } from "./schemas";
import { takeBackStatements, logTakeBack } from "./take-back";
import { liftLoginBlocks, resetEmailAllowed } from "./throttle";
import { findUserByEmail } from "./users";

export const INVALID_RESET_CODE_MESSAGE = "Invalid or expired reset code. Please try again.";
export const RESET_REQUESTED_MESSAGE = "If an account exists for that email address, we've sent it a reset code. Please check your inbox.";
export const RESET_DONE_MESSAGE = "Your password has been reset successfully! You can now sign in with your new password.";

/** How the account work of a reset request finishes (after-answer.ts). */
export type ResetRequestOptions = AfterAnswerOptions;

/**
 * POST /v1/auth/forgot-password. Never reveals whether the account exists: the same (lack of) answer,
 * the same work before answering. Sends an 8-digit code (60 minutes, 5 tries, single use) and a link
 * to the reset page; at most 5 emails per hour per address, silently.
 */
export async function requestPasswordReset(deps: Deps, email: string, options: ResetRequestOptions = {}): Promise<void> {
  await emailAccountAfterAnswer(deps, email, { allowed: resetEmailAllowed, compose, failureEvent: "password_reset_email_failed" }, options);

  async function compose(user: User) {
    const code = await createCode(deps, user.id, "password_reset", user.email, RESET_CODE_POLICY);
    const minutes = Math.round(RESET_CODE_POLICY.ttlMs / 60_000);
    return renderEmail({
      subject: "Reset your Nudge password",
      preheader: `Your reset code is inside. It expires in ${minutes} minutes.`,
      heading: "Reset your password",
      paragraphs: [
        `Hi ${user.name}, someone asked to reset the password of the Nudge account for ${user.email}.`,
        "Enter this code on the reset page together with your new password.",
      ],
      code,
      actions: [{ label: "Choose a new password", url: appLink(deps.env, "/auth/reset-password", { email: user.email }) }],
      footer: [`The code works once and expires in ${minutes} minutes.`, "If you didn't ask for this, ignore this email: your password stays the same."],
    });
  }
}

/**
 * POST /v1/auth/reset-password. A wrong, used, expired or exhausted code and an unknown email all get
 * the same 400 (the spec's 404 for unknown emails would reveal accounts: docs/spec-deviations.md).
 * Success sets the password, marks the email verified (the code proved the mailbox is theirs) and
 * ends every session of the user and every magic link, reset link and code still in their mailbox
 * (an old email must not sign anyone in after the password changed). An unverified account also
 * loses the channels its registrant set up (take-back.ts, ADR 038), and every sign-in block of the
 * address is lifted (ADR 039), all in one batch.
 */
export async function resetPassword(deps: Deps, input: unknown): Promise<void> {
  const { email, code, newPassword } = parseInput(resetPasswordSchema, input);
  const user = await findUserByEmail(deps, email);
  if (!user || !(await checkCode(deps, user.id, "password_reset", user.email, code, RESET_CODE_POLICY))) {
    throw badRequest(INVALID_RESET_CODE_MESSAGE, "INVALID_RESET_CODE");
  }
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock.now().getTime();
  const lift = await liftLoginBlocks(deps, user.email);
  // An unverified account is first taken back from whoever registered it (ADR 038): the reset
  // proved the mailbox. Those statements do nothing for a verified account.
  const [sessions, links, codes, telegram, push, takeBack] = takeBackStatements(deps, user.id, now);
  const results = await deps.db.batch([
    sessions,
    links,
    codes,
    telegram,
    push,
    takeBack,
    deps.db.update(users).set({ passwordHash, isVerified: true, ...sessionsEndedFields(now), updatedAt: now }).where(eq(users.id, user.id)),
    endSessions(deps, user.id, now),
    endLinkTokens(deps, user.id, now),
    endCodes(deps, user.id, now),
    // The reset proved the mailbox and changed the password: nobody's guesses block it any more (ADR 039).
    lift.statement,
  ]);
  if (results[5].length > 0) logTakeBack(user.id, "password_reset");
}
