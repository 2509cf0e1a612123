import { getOnboardingStatus, needsOnboarding, type PublicUser } from "../../worker/services/auth";
import type { Deps } from "../../worker/services/deps";
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
export async function headerFlags(deps: Deps, user: PublicUser): Promise<HeaderFlags> {
  let state = { isVerified: user.isVerified, isTelegramLinked: Boolean(user.telegramChatId), skipped: false };
  try {
    state = await getOnboardingStatus(deps, user.id);
  } catch (error) {
    if (!isAppError(error)) log.error("header_flags_failed", errorFields(error));
  }
  return { createTaskButton: !needsOnboarding(state), onboardingSkipped: state.skipped };
}

/** The floating 'Create Task' button alone (see headerFlags). */
export async function showCreateTaskButton(deps: Deps, user: PublicUser): Promise<boolean> {
  return (await headerFlags(deps, user)).createTaskButton;
}
