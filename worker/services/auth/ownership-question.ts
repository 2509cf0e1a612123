import type { User } from "../../../db/schema";
import { AppError } from "../errors";

/**
 * "Did you create this Nudge account?" (ADR 038, amended): the question the mailbox owner answers
 * before a magic link or the emailed code, used outside the registrant's own session, touches an
 * unverified account that someone registered with a password.
 *
 * From the server's side an owner who registered on the laptop and opened the email on the phone
 * looks exactly like a squatter's victim. Only the person holding the mailbox knows which it is, so
 * they decide: "yes" verifies and keeps the password and the other sessions; "no" takes the account
 * back (take-back.ts). Without a password nobody can be holding a registrant's session to protect,
 * so those accounts are not asked (today's behaviour).
 */

/** The answer: true "Yes, I signed up", false "No, that wasn't me", undefined not answered yet. */
export type RegisteredByMe = boolean | undefined;

/** What the question shows: the name the account was registered under and when. */
export interface OwnershipQuestion {
  name: string;
  /** ISO 8601 instant of the registration. */
  registeredAt: string;
  /** The account's own time zone, to say the date as the registrant saw it. */
  timezone: string;
}

export const OWNERSHIP_QUESTION_MESSAGE = "Please tell us whether you created this account.";
export const OWNERSHIP_QUESTION_CODE = "OWNERSHIP_QUESTION";

/** Whether the mailbox owner must be asked: unverified, registered with a password, proved outside its own session. */
export function ownershipQuestionApplies(user: Pick<User, "id" | "isVerified" | "passwordHash">, bySessionOf: string | null): boolean {
  return !user.isVerified && user.passwordHash !== null && bySessionOf !== user.id;
}

export function ownershipQuestionOf(user: Pick<User, "name" | "createdAt" | "timezone">): OwnershipQuestion {
  return { name: user.name, registeredAt: new Date(user.createdAt).toISOString(), timezone: user.timezone };
}

/** Thrown (409) when the question applies and no answer came; the link or code stays unused. */
export class OwnershipQuestionError extends AppError {
  constructor(readonly question: OwnershipQuestion) {
    super(409, OWNERSHIP_QUESTION_CODE, OWNERSHIP_QUESTION_MESSAGE);
    this.name = "OwnershipQuestionError";
  }
}

export function isOwnershipQuestion(error: unknown): error is OwnershipQuestionError {
  return error instanceof OwnershipQuestionError;
}

/** Reads the answer from a JSON body field or a query/form value ("true" / "false"); anything else is no answer. */
export function readRegisteredByMe(value: unknown): RegisteredByMe {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return undefined;
}
