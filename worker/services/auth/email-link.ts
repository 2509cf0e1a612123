import type { Deps } from "../deps";
import { checkCodeDetailed, EMAIL_CODE_POLICY } from "./codes";
import { OwnershipQuestionError, ownershipQuestionApplies, ownershipQuestionOf, type RegisteredByMe } from "./ownership-question";
import { mailboxProved } from "./take-back";
import { assertVerifyLinkAllowed } from "./throttle";
import type { RequestMeta } from "./types";
import { findUserByEmail } from "./users";

/** The link page's answer: whether the code was right, and whether that took the account back (ADR 038). */
export interface EmailLinkResult {
  ok: boolean;
  tookBack: boolean;
}

/**
 * POST /v1/auth/verify-email: the link page, which knows the email and the code but needs no session.
 * Throttled per IP + email and per IP (429, throttle.ts) before anything is looked up, so strangers
 * cannot cheaply burn the 5 tries of someone else's code; pass the request's meta (its
 * CF-Connecting-IP). Without an IP every caller shares one bucket per email.
 * `sessionUserId` is the user whose session the request carried: in the registrant's own session the
 * right code verifies the email; anywhere else it takes an unverified account back from whoever
 * registered it (take-back.ts), unless the mailbox owner answers `registeredByMe: true` for an account
 * registered with a password. When that question applies and has no answer yet, a right code throws
 * OwnershipQuestionError (409) and stays unused (its try given back); a wrong one is just wrong.
 * The page does not sign anyone in: 6 digits are guessable, a link is not.
 */
export async function checkEmailLink(
  deps: Deps,
  email: string,
  code: string,
  meta: RequestMeta,
  sessionUserId: string | null,
  registeredByMe: RegisteredByMe = undefined,
): Promise<EmailLinkResult> {
  if (typeof email !== "string" || typeof code !== "string") return { ok: false, tookBack: false };
  const address = email.trim().toLowerCase();
  await assertVerifyLinkAllowed(deps, address, meta.ip);
  const user = await findUserByEmail(deps, address);
  if (!user || code.length === 0 || code.length > 36) return { ok: false, tookBack: false };
  const ask = registeredByMe === undefined && ownershipQuestionApplies(user, sessionUserId);
  const result = await checkCodeDetailed(deps, user.id, "email_verify", user.email, code, EMAIL_CODE_POLICY, { consume: !ask });
  if (!result.ok) return { ok: false, tookBack: false };
  if (ask) throw new OwnershipQuestionError(ownershipQuestionOf(user));
  return { ok: true, tookBack: (await mailboxProved(deps, user, "email_code", sessionUserId, registeredByMe)) === "taken_back" };
}

/** The same as a boolean (the spec's answer). */
export async function verifyEmailLink(
  deps: Deps,
  email: string,
  code: string,
  meta: RequestMeta = { ip: null, userAgent: null },
  sessionUserId: string | null = null,
  registeredByMe: RegisteredByMe = undefined,
): Promise<boolean> {
  return (await checkEmailLink(deps, email, code, meta, sessionUserId, registeredByMe)).ok;
}
