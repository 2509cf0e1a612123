import type { Deps } from "../deps";
import { renderEmail } from "../email/layout";
import type { User } from "../../../db/schema";
import { emailAccountAfterAnswer, type AfterAnswerOptions } from "./after-answer";
import { createMagicLinkToken, MAGIC_LINK_TTL_MS } from "./magic-link";
import { endLinkTokens } from "./revoke";
import { signInLinkEmailAllowed } from "./throttle";
import { appLink } from "../app-url";

export const SIGN_IN_LINK_SENT_MESSAGE = "If an account exists for that email address, we've sent it a sign-in link. Please check your inbox.";

/**
 * POST /v1/auth/magic-link/request {email}: a sign-in link by email, without a session (ADR 039).
 * Whoever holds the mailbox can always sign in this way, however many wrong passwords strangers
 * have tried; for an account nobody verified yet, following the link from anywhere but the
 * registrant's session also takes it back (ADR 038). Answers the same whether or not the account
 * exists (the account-dependent work can be deferred past the answer, as for password resets);
 * at most 5 emails per hour per address, silently. Only the newest link works.
 */
export async function requestSignInLink(deps: Deps, email: string, options: AfterAnswerOptions = {}): Promise<void> {
  await emailAccountAfterAnswer(deps, email, { allowed: signInLinkEmailAllowed, compose, failureEvent: "sign_in_link_email_failed" }, options);

  async function compose(user: User) {
    await endLinkTokens(deps, user.id, deps.clock.now().getTime());
    const token = await createMagicLinkToken(deps, user.id);
    const minutes = Math.round(MAGIC_LINK_TTL_MS / 60_000);
    return renderEmail({
      subject: "Your Nudge sign-in link",
      preheader: `Tap the button to sign in. It expires in ${minutes} minutes.`,
      heading: "Sign in to Nudge",
      paragraphs: [`Hi ${user.name}, someone asked for a link to sign in to the Nudge account for ${user.email}.`, "Tap the button to sign in on this device."],
      actions: [{ label: "Sign in", url: appLink(deps.env, "/auth/magic-link", { token }) }],
      footer: [`The link works once and expires in ${minutes} minutes.`, "If you didn't ask for this, ignore this email: nobody can use the link without your mailbox."],
    });
  }
}
