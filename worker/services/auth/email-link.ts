import type { Deps } from "../deps";
import { checkCodeDetailed, EMAIL_CODE_POLICY } from "./codes";
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
 * registered it (take-back.ts). The page does not sign anyone in: 6 digits are guessable, a link is not.
 */
export async function checkEmailLink(deps: Deps, email: string, code: string, meta: RequestMeta, sessionUserId: string | null): Promise<EmailLinkResult> {
  if (typeof email !== "string" || typeof code !== "string") return { ok: false, tookBack: false };
  const address = email.trim().toLowerCase();
  await assertVerifyLinkAllowed(deps, address, meta.ip);
  const user = await findUserByEmail(deps, address);
  if (!user || code.length === 0 || code.length > 36) return { ok: false, tookBack: false };
  const result = await checkCodeDetailed(deps, user.id, "email_verify", user.email, code, EMAIL_CODE_POLICY);
  if (!result.ok) return { ok: false, tookBack: false };
  return { ok: true, tookBack: (await mailboxProved(deps, user, "email_code", sessionUserId)) === "taken_back" };
}

/** The same as a boolean (the spec's answer). */
export async function verifyEmailLink(
  deps: Deps,
  email: string,
  code: string,
  meta: RequestMeta = { ip: null, userAgent: null },
  sessionUserId: string | null = null,
): Promise<boolean> {
  return (await checkEmailLink(deps, email, code, meta, sessionUserId)).ok;
}
