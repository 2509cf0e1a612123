import { eq } from "drizzle-orm";
import { users, type User } from "../../../db/schema";
import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { renderEmail } from "../email/layout";
import { AppError, badRequest, conflict, tooManyRequests } from "../errors";
import { errorFields, log } from "../log";
import { takeToken, type WindowRule } from "../rate-limit";
import { parseInput } from "../validation";
import { proveItIsThem } from "./account";
import { checkCodeDetailed, createCode, EMAIL_CODE_POLICY, type CodeFailure } from "./codes";
import { completePendingPairing } from "./pairing";
import { endCodes, endLinkTokens } from "./revoke";
import { emailChangeConfirmSchema, emailChangeSchema } from "./schemas";
import { EMAIL_TAKEN_MESSAGE } from "./sign-in";
import type { PublicUser } from "./types";
import { findUserByEmail, requireUserRow, toPublicUser } from "./users";

/**
 * A new email address for the account (Settings, Your account; ADR 080): the person proves it is them
 * (password, or the current address for a Google-only account), a 6-digit code goes to the NEW address,
 * and only the code makes the change. So nobody can move an account to a mailbox they do not read, and a
 * session left open cannot move it without the password. The old address is told afterwards.
 */
export const EMAIL_CODE_SENT = (address: string) => `We sent a 6-digit code to ${address}. Enter it here to finish. It works for 15 minutes.`;
export const SAME_EMAIL = "That is already your email address.";
export const EMAIL_CHANGED_MESSAGE = (address: string) => `Your email address is now ${address}. Sign in with it from now on.`;
export const WRONG_EMAIL_CHANGE_PASSWORD = "That isn't your password, so the email address stays as it is. Please try again.";
export const WRONG_EMAIL_CHANGE_EMAIL = "That isn't the email address of this account. Please type your current address.";
const CODE_FAILURES: Record<CodeFailure, string> = {
  wrong: "That code isn't right. Please check the email and try again.",
  expired: "That code has expired. Ask for a new one.",
  too_many_tries: "Too many wrong codes. Ask for a new one.",
  no_code: "There is no code for that address. Ask for a new one.",
};

/** Codes sent to new addresses per account: enough for typos, not for mailing strangers. */
export const EMAIL_CHANGE_SEND_RULE: WindowRule = { limit: 5, windowMs: 60 * 60_000 };

/** POST /v1/users/me/email: checks the proof and the address, then sends the code to it. */
export async function requestEmailChange(deps: Deps, userId: string, input: unknown): Promise<{ message: string }> {
  const { newEmail, password, email } = parseInput(emailChangeSchema, input);
  const user = await requireUserRow(deps, userId);
  if (newEmail === user.email) throw new AppError(400, "SAME_EMAIL", SAME_EMAIL, undefined, { newEmail: SAME_EMAIL });
  await proveItIsThem(deps, user, { password, email }, { password: WRONG_EMAIL_CHANGE_PASSWORD, email: WRONG_EMAIL_CHANGE_EMAIL });
  if (await findUserByEmail(deps, newEmail)) throw conflict(EMAIL_TAKEN_MESSAGE, "EMAIL_TAKEN");
  const sends = await takeToken(deps, `email-change-send:${userId}`, EMAIL_CHANGE_SEND_RULE);
  if (!sends.allowed) throw tooManyRequests(`You asked for several codes. Please wait ${Math.ceil(sends.retryAfterSeconds / 60)} minutes and try again.`, sends.retryAfterSeconds);
  const code = await createCode(deps, userId, "email_change", newEmail, EMAIL_CODE_POLICY);
  const mail = renderEmail({
    subject: "Confirm your new email address for Nudge",
    preheader: `Your code: ${code}. It works for 15 minutes.`,
    heading: "Confirm your new email address",
    paragraphs: [`Hi ${user.name}, you asked to use ${newEmail} for your Nudge account. Enter this code in Settings to finish.`],
    code,
    footer: ["The code works once and expires in 15 minutes.", "If you didn't ask for this, ignore this email: nothing changes."],
  });
  await deps.channels.email.send({ to: newEmail, subject: mail.subject, text: mail.text, html: mail.html });
  return { message: EMAIL_CODE_SENT(newEmail) };
}

/**
 * POST /v1/users/me/email/confirm: the code sent to the new address makes it the account's, verified.
 * Sign-in links and codes sent to the old address stop working; sessions stay. The old address is told.
 */
export async function confirmEmailChange(deps: Deps, userId: string, input: unknown): Promise<PublicUser> {
  const { newEmail, code } = parseInput(emailChangeConfirmSchema, input);
  const before = await requireUserRow(deps, userId);
  const check = await checkCodeDetailed(deps, userId, "email_change", newEmail, code, EMAIL_CODE_POLICY);
  if (!check.ok) throw new AppError(400, "INVALID_CODE", CODE_FAILURES[check.reason], undefined, { code: CODE_FAILURES[check.reason] });
  const now = deps.clock.now().getTime();
  let updated: User | undefined;
  try {
    [[updated]] = await deps.db.batch([
      deps.db.update(users).set({ email: newEmail, isVerified: true, updatedAt: now }).where(eq(users.id, userId)).returning(),
      endLinkTokens(deps, userId, now),
      endCodes(deps, userId, now),
    ]);
  } catch (error) {
    // Someone registered the address between the code and now: the unique index says so.
    if (/UNIQUE/i.test(String(error))) throw conflict(EMAIL_TAKEN_MESSAGE, "EMAIL_TAKEN");
    throw error;
  }
  if (!updated) throw badRequest(CODE_FAILURES.no_code, "INVALID_CODE");
  // The new mailbox is proved: an account that was not verified yet is now, with what waited for it.
  if (!before.isVerified) await completePendingPairing(deps, userId);
  await tellOldAddress(deps, before, newEmail);
  return toPublicUser(updated);
}

async function tellOldAddress(deps: Deps, before: User, newEmail: string): Promise<void> {
  const mail = renderEmail({
    subject: "Your Nudge email address was changed",
    preheader: `Your account now uses ${newEmail}.`,
    heading: "Your email address was changed",
    paragraphs: [
      `Hi ${before.name}, your Nudge account now uses ${newEmail} instead of ${before.email}. Reminders and sign-in go there from now on.`,
      "If this wasn't you, write to us at once: we will help you get your account back.",
    ],
    actions: [{ label: "Contact support", url: appLink(deps.env, "/support") }],
    footer: ["This is the last email Nudge sends to this address about that account."],
  });
  try {
    await deps.channels.email.send({ to: before.email, subject: mail.subject, text: mail.text, html: mail.html });
  } catch (error) {
    log.error("email_changed_notice_failed", { userId: before.id, ...errorFields(error) });
  }
}
