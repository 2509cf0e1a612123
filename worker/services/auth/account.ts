import { and, eq, isNotNull } from "drizzle-orm";
import { bugReports, feedback, users, type User } from "../../../db/schema";
import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { renderEmail, type RenderedEmail } from "../email/layout";
import { AppError, badRequest, tooManyRequests } from "../errors";
import { errorFields, log } from "../log";
import { blockIfLimitReached, releaseAttempt, reserveAttempt, type BlockRule } from "../rate-limit";
import { parseInput } from "../validation";
import { hashPassword, verifyPassword } from "./passwords";
import { endCodes, endLinkTokens, endSessions } from "./revoke";
import { sessionsEndedFields } from "./session-end";
import { changePasswordSchema, deleteAccountSchema, normalizeEmail, renameSchema } from "./schemas";
import { createSession } from "./sessions";
import type { PublicUser, RequestMeta, SessionTokens } from "./types";
import { accountNotFound, requireUserRow, toPublicUser } from "./users";

/**
 * The signed-in person's own account (Settings, "Your account"): a new password, and deleting the account.
 * Both ask for the current password again (or, for an account that signs in with Google only, its email
 * address), because a session left open on a shared computer must not be enough to lock its owner out or
 * erase their reminders. Wrong answers are counted per account (ACCOUNT_CHECK_RULE).
 */
export const PASSWORD_CHANGED_MESSAGE = "Your password has been changed. Your other devices have been signed out.";
export const WRONG_CURRENT_PASSWORD = "That isn't your current password. Please try again.";
export const SAME_PASSWORD = "Your new password is the same as your current one. Please choose a different one.";
export const NO_PASSWORD_YET = "Your account signs in with Google and has no password yet. To add one, use Forgot Password on the sign-in page.";
export const WRONG_DELETE_PASSWORD = "That isn't your password, so nothing was deleted. Please try again.";
export const WRONG_DELETE_EMAIL = "That isn't the email address of this account, so nothing was deleted. Please try again.";
export const ACCOUNT_DELETED_MESSAGE = "Your account and all your reminders have been deleted.";

/** 5 wrong passwords in 15 minutes block both actions for 15 minutes. */
export const ACCOUNT_CHECK_RULE: BlockRule = { limit: 5, windowMs: 15 * 60_000, blockMs: 15 * 60_000 };

export function accountCheckBlockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong tries. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

const fieldError = (field: string, message: string, code: string) => new AppError(400, code, message, undefined, { [field]: message });

/**
 * Checks the person's proof under the per-account budget: `proves` answers whether it is right. A right
 * answer gives its attempt back; a wrong one may start the block.
 */
async function checkProof(deps: Deps, userId: string, proves: () => Promise<boolean>, wrong: () => AppError): Promise<void> {
  const key = `account-check:${userId}`;
  const attempt = await reserveAttempt(deps, key, ACCOUNT_CHECK_RULE);
  if (!attempt.allowed) throw tooManyRequests(accountCheckBlockedMessage(attempt.retryAfterSeconds), attempt.retryAfterSeconds);
  if (await proves()) return releaseAttempt(deps, key);
  await blockIfLimitReached(deps, key, ACCOUNT_CHECK_RULE);
  throw wrong();
}

/**
 * The person's proof for a change that could lock them out: their password, or, for an account that signs
 * in with Google only (no password), its current email address typed out.
 */
export async function proveItIsThem(deps: Deps, user: User, proof: { password?: string; email?: string }, wrong: { password: string; email: string }): Promise<void> {
  const stored = user.passwordHash;
  if (stored) {
    await checkProof(deps, user.id, async () => Boolean(proof.password) && (await verifyPassword(proof.password ?? "", stored)).ok, () => fieldError("password", wrong.password, "WRONG_PASSWORD"));
  } else {
    await checkProof(deps, user.id, async () => normalizeEmail(proof.email ?? "") === user.email, () => fieldError("email", wrong.email, "WRONG_EMAIL"));
  }
}

/**
 * PUT /v1/users/me/password: the current password, then the new one (the registration rules). Every
 * session, sign-in link and code of the account ends (an old email must not sign anyone in), this device
 * gets a new session (returned), and the account's address is told, with the way back if it wasn't them.
 */
export async function changePassword(deps: Deps, userId: string, input: unknown, meta: RequestMeta): Promise<SessionTokens> {
  const { currentPassword, newPassword } = parseInput(changePasswordSchema, input);
  const user = await requireUserRow(deps, userId);
  const stored = user.passwordHash;
  if (!stored) throw badRequest(NO_PASSWORD_YET, "NO_PASSWORD");
  await checkProof(deps, userId, async () => (await verifyPassword(currentPassword, stored)).ok, () => fieldError("currentPassword", WRONG_CURRENT_PASSWORD, "WRONG_PASSWORD"));
  if (newPassword === currentPassword) throw fieldError("newPassword", SAME_PASSWORD, "SAME_PASSWORD");
  const now = deps.clock.now().getTime();
  await deps.db.batch([
    deps.db.update(users).set({ passwordHash: await hashPassword(newPassword), ...sessionsEndedFields(now), updatedAt: now }).where(eq(users.id, userId)),
    endSessions(deps, userId, now),
    endLinkTokens(deps, userId, now),
    endCodes(deps, userId, now),
  ]);
  const tokens = await createSession(deps, userId, meta);
  await tell(deps, user, passwordChangedEmail(deps, user), "password_changed_email_failed");
  return tokens;
}

/**
 * DELETE /v1/users/me: with the password (or the account's email address when it has none), the account
 * goes at once with everything that hangs on it (tasks, reminders and their history, buddies, channels,
 * sessions: the foreign keys cascade). The name and email the person typed into feedback or bug reports
 * are cleared too, and so are the screenshots of their bug reports, which are pictures of their own screens
 * (R2; `screenshots` is the bucket). The address then gets one last email saying so.
 */
export async function deleteAccount(deps: Deps, userId: string, input: unknown, screenshots?: Pick<R2Bucket, "delete">): Promise<void> {
  const confirm = parseInput(deleteAccountSchema, input);
  const user = await requireUserRow(deps, userId);
  await proveItIsThem(deps, user, confirm, { password: WRONG_DELETE_PASSWORD, email: WRONG_DELETE_EMAIL });
  await removeScreenshots(deps, userId, screenshots);
  await deps.db.batch([
    deps.db.update(feedback).set({ name: null, email: null, screenshot: null }).where(eq(feedback.userId, userId)),
    deps.db.update(bugReports).set({ name: "", email: "", screenshotKey: null }).where(eq(bugReports.userId, userId)),
    deps.db.delete(users).where(eq(users.id, userId)),
  ]);
  log.info("account_deleted", { userId });
  await tell(deps, user, accountDeletedEmail(deps, user), "account_deleted_email_failed");
}

/** R2 takes at most this many keys in one delete. */
const R2_DELETE_BATCH = 1000;

/**
 * The screenshots of the person's bug reports, removed before their rows forget the keys. The deletion
 * goes on if R2 fails: the keys are logged for an operator, and the person is not kept waiting on them.
 */
async function removeScreenshots(deps: Deps, userId: string, bucket: Pick<R2Bucket, "delete"> | undefined): Promise<void> {
  const rows = await deps.db
    .select({ key: bugReports.screenshotKey })
    .from(bugReports)
    .where(and(eq(bugReports.userId, userId), isNotNull(bugReports.screenshotKey)));
  const keys = rows.flatMap((row) => (row.key ? [row.key] : []));
  if (keys.length === 0) return;
  try {
    if (!bucket) throw new Error("no BUG_SCREENSHOTS bucket bound");
    for (let start = 0; start < keys.length; start += R2_DELETE_BATCH) await bucket.delete(keys.slice(start, start + R2_DELETE_BATCH));
  } catch (error) {
    log.error("account_screenshots_not_deleted", { userId, keys, ...errorFields(error) });
  }
}

export const NAME_SAVED_MESSAGE = "Your name is saved. Reminders, buddies and the bot now use it.";

/** PUT /v1/users/me/name: the name reminders greet the person with, and buddies and the bot know them by. */
export async function renameUser(deps: Deps, userId: string, input: unknown): Promise<PublicUser> {
  const { name } = parseInput(renameSchema, input);
  const [updated] = await deps.db.update(users).set({ name, updatedAt: deps.clock.now().getTime() }).where(eq(users.id, userId)).returning();
  if (!updated) throw accountNotFound();
  return toPublicUser(updated);
}

/** A notice to the account's address: the change is done whether or not the notice goes out. */
async function tell(deps: Deps, user: User, email: RenderedEmail, failureEvent: string): Promise<void> {
  try {
    await deps.channels.email.send({ to: user.email, subject: email.subject, text: email.text, html: email.html });
  } catch (error) {
    log.error(failureEvent, { userId: user.id, ...errorFields(error) });
  }
}

function passwordChangedEmail(deps: Deps, user: User): RenderedEmail {
  return renderEmail({
    subject: "Your Nudge password was changed",
    preheader: "If this was you, there is nothing to do.",
    heading: "Your password was changed",
    paragraphs: [
      `Hi ${user.name}, the password of your Nudge account (${user.email}) was just changed in Settings, and your other devices were signed out.`,
      "If this was you, there is nothing to do. If it wasn't, choose a new password now with a reset code: it signs everyone else out again.",
    ],
    actions: [{ label: "Reset my password", url: appLink(deps.env, "/auth/forgot-password") }],
    footer: ["You're getting this because the password of your Nudge account changed."],
  });
}

function accountDeletedEmail(deps: Deps, user: User): RenderedEmail {
  return renderEmail({
    subject: "Your Nudge account was deleted",
    preheader: "Your reminders, their history, your nudge buddies and your channels are gone.",
    heading: "Your account was deleted",
    paragraphs: [
      `Hi ${user.name}, your Nudge account (${user.email}) was deleted in Settings, with your reminders, their history, your nudge buddies and your channels. Nudge won't remind you or your buddies of anything any more.`,
      "Thank you for using Nudge. You're welcome back any time with a new account.",
    ],
    actions: [{ label: "Visit Nudge", url: appLink(deps.env, "/") }],
    footer: ["This is the last email Nudge sends to this address about that account."],
  });
}
