import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { pushSubscriptions, telegramLinkCodes, users, type User } from "../../../db/schema";
import type { Deps } from "../deps";
import { markEmailVerified } from "./codes";
import { endCodes, endLinkTokens, endSessions } from "./revoke";
import { sessionsEndedFields } from "./session-end";
import { findUserById } from "./users";
import { log } from "../log";
import { OwnershipQuestionError, ownershipQuestionApplies, ownershipQuestionOf, type RegisteredByMe } from "./ownership-question";

/**
 * Taking an unverified account back from whoever registered it (ADR 017, ADR 038).
 *
 * Anyone can register someone else's address with a password and never verify it. When the real
 * owner later proves the mailbox - through Google, or with the emailed magic link or code from a
 * browser that is not the registrant's session - everything set up without that proof must stop
 * working, or the registrant keeps a way in: the password, every refresh session, unused magic links
 * and codes, and every channel that would deliver this account's reminders somewhere they chose
 * (Telegram chat and link codes, phone, push subscriptions, calendar feed, pairing handshake).
 * Tasks and the name stay: the usual case is a real owner who never got round to verifying.
 *
 * Every statement runs in one D1 batch and is conditional on the account still being unverified
 * when it runs (the user row is changed last), so an owner who verified in the meantime loses
 * nothing. Access tokens already issued cannot be recalled and expire within 15 minutes.
 */

/** True while the account is unverified, evaluated when the statement runs. */
function stillUnverified(userId: string): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.isVerified} = 0)`;
}

/** What the take-back writes on the user row (callers add e.g. the Google id and the consent). */
export const TAKE_BACK_USER_FIELDS = {
  isVerified: true,
  passwordHash: null,
  phone: null,
  phoneVerified: false,
  telegramChatId: null,
  icsTokenHash: null,
  pairPlatformId: null,
  pairPlatformCodeHash: null,
} as const;

/** How the mailbox was proved, for the log line. */
export type MailboxProof = "google" | "magic_link" | "email_code" | "password_reset";

/**
 * The statements of a take-back, in the order they must run (the user row last), each a no-op once
 * the account is verified. `userFields` is what the user row gets besides TAKE_BACK_USER_FIELDS.
 */
export function takeBackStatements(deps: Deps, userId: string, now: number, userFields: Partial<User> = {}) {
  const unverified = stillUnverified(userId);
  return [
    endSessions(deps, userId, now, unverified),
    endLinkTokens(deps, userId, now, unverified),
    endCodes(deps, userId, now, unverified),
    deps.db.update(telegramLinkCodes).set({ consumedAt: now }).where(and(eq(telegramLinkCodes.userId, userId), isNull(telegramLinkCodes.consumedAt), unverified)),
    deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), unverified)),
    deps.db
      .update(users)
      .set({ ...TAKE_BACK_USER_FIELDS, ...userFields, ...sessionsEndedFields(now), updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.isVerified, false)))
      .returning({ id: users.id }),
  ] as const;
}

export function logTakeBack(userId: string, proof: MailboxProof): void {
  const event = proof === "google" ? "google_claimed_unverified_account" : "mailbox_proof_claimed_unverified_account";
  log.warn(event, { proof, userId });
}

/** Runs a take-back; returns the taken-back row, or null when the account was verified in the meantime. */
export async function takeBackUnverifiedAccount(deps: Deps, userId: string, proof: MailboxProof, extra: Partial<User> = {}): Promise<User | null> {
  const now = deps.clock.now().getTime();
  const [sessions, links, codes, telegram, push, user] = takeBackStatements(deps, userId, now, extra);
  const [, , , , , [claimed]] = await deps.db.batch([sessions, links, codes, telegram, push, user]);
  if (!claimed) return null;
  logTakeBack(userId, proof);
  return findUserById(deps, userId);
}

/**
 * The emailed magic link or code was right. `bySessionOf` is the user whose session the request
 * carried (null without one). The registrant's own session proving the mailbox is an ordinary
 * verification. Anywhere else (no session, another account's session) the mailbox owner decides for
 * an account registered with a password (ownership-question.ts): "yes, I signed up" verifies and
 * keeps everything, "no" takes the account back; without an answer OwnershipQuestionError (409).
 * An account without a password is taken back as before. A verified account is left as it is.
 */
export async function mailboxProved(
  deps: Deps,
  user: User,
  proof: "magic_link" | "email_code",
  bySessionOf: string | null,
  registeredByMe: RegisteredByMe = undefined,
): Promise<"verified" | "taken_back" | "already_verified"> {
  if (user.isVerified) return "already_verified";
  const asked = ownershipQuestionApplies(user, bySessionOf);
  if (asked && registeredByMe === undefined) throw new OwnershipQuestionError(ownershipQuestionOf(user));
  if (bySessionOf === user.id || (asked && registeredByMe === true)) {
    await markEmailVerified(deps, user.id);
    return "verified";
  }
  return (await takeBackUnverifiedAccount(deps, user.id, proof)) ? "taken_back" : "already_verified";
}
