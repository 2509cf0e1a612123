import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { badRequest, notFound } from "../errors";
import { renderEmail } from "../email/layout";
import { createCode, EMAIL_CODE_POLICY } from "./codes";
import { createMagicLinkToken, MAGIC_LINK_TTL_MS } from "./magic-link";
import { endLinkTokens } from "./revoke";
import { assertVerificationEmailAllowed } from "./throttle";
import { findUserById } from "./users";

/**
 * The one verification email (ADR 012): a 6-digit code to type on /auth/verify, a magic link that
 * verifies and signs in, and a link to the code page. Sent on registration and on request
 * (POST /v1/auth/otp and POST /v1/auth/magic-link), at most 5 per hour per user (429 beyond).
 */
export async function sendVerificationEmail(deps: Deps, userId: string): Promise<void> {
  const user = await findUserById(deps, userId);
  if (!user) throw notFound("We couldn't find your account. Please sign in again.", "USER_NOT_FOUND");
  if (user.isVerified) throw badRequest("Your email address is already verified.", "ALREADY_VERIFIED");
  await assertVerificationEmailAllowed(deps, user.id);

  // Only the newest email works: its code replaces older codes (only the latest counts) and older
  // magic links end here, so a link from an earlier email cannot sign anyone in later.
  await endLinkTokens(deps, user.id, deps.clock.now().getTime());
  const code = await createCode(deps, user.id, "email_verify", user.email, EMAIL_CODE_POLICY);
  const token = await createMagicLinkToken(deps, user.id);
  const minutes = Math.round(MAGIC_LINK_TTL_MS / 60_000);
  const email = renderEmail({
    subject: "Verify your email for Nudge",
    preheader: "Your verification code is inside. It expires in 15 minutes.",
    heading: "Verify your email address",
    paragraphs: [
      `Hi ${user.name}, enter this code in Nudge to confirm that ${user.email} is yours.`,
      "Or tap the button to verify and sign in straight away.",
    ],
    code,
    actions: [
      { label: "Verify and sign in", url: appLink(deps.env, "/auth/magic-link", { token }) },
      { label: "Enter the code on a page", url: appLink(deps.env, "/auth/verify-email", { code, email: user.email }), style: "secondary" },
    ],
    footer: [
      `The code and the links work once and expire in ${minutes} minutes.`,
      "If you didn't create a Nudge account, you can ignore this email.",
    ],
  });
  await deps.channels.email.send({ to: user.email, subject: email.subject, text: email.text, html: email.html });
}

/** POST /v1/auth/magic-link: the same single email as POST /v1/auth/otp (code and link together). */
export async function sendMagicLink(deps: Deps, userId: string): Promise<void> {
  await sendVerificationEmail(deps, userId);
}
