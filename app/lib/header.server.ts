import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { needsOnboarding, type PublicUser } from "../../worker/services/auth";
import { onboardingStatusOnce } from "./request-reads.server";
import { isAppError } from "../../worker/services/errors";
import { errorFields, log } from "../../worker/services/log";

export interface HeaderFlags {
  /** The floating 'Create Task' button: shown when onboarding is not needed. */
  createTaskButton: boolean;
  /** The menu offers 'Get Started' (onboarding was skipped). */
  onboardingSkipped: boolean;
}

/**
 * What the header needs beyond the name, from one status read. "Onboarding not needed" is the auth
 * service's rule (needsOnboarding, spec 01): the email verified and Telegram linked, OR onboarding
 * skipped in the last day. When the status cannot be read, the profile's own fields decide and no
 * skip is assumed.
 */
export async function headerFlags(args: Pick<LoaderFunctionArgs, "request" | "context">, user: PublicUser): Promise<HeaderFlags> {
  let state = { isVerified: user.isVerified, isTelegramLinked: Boolean(user.telegramChatId), skipped: false };
  try {
    state = await onboardingStatusOnce(args, user.id);
  } catch (error) {
    if (!isAppError(error)) log.error("header_flags_failed", errorFields(error));
  }
  return { createTaskButton: !needsOnboarding(state), onboardingSkipped: state.skipped };
}
