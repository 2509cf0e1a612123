import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { serverOr } from "~/lib/client-fallback";
import { clearSkipOnboardingSetCookie, resumeOnboarding } from "../../worker/services/auth";
import { errorMessage } from "~/lib/action-errors.server";
import { requireUser } from "~/lib/session.server";

const RESUME_FAILED = "We couldn't start the guided setup. Please try again.";

/** Nothing to show here: a visit goes to the wizard. */
export async function loader() {
  return redirect("/onboarding");
}

/**
 * 'Get Started' in the account menu (spec 01 section 2 and 4): resumeOnboarding forgets the
 * server's skip (onboardingSkippedAt), then the wizard opens. A fetcher that gets a redirect
 * navigates, so the same answer serves the drop-down and the no-JavaScript /menu page.
 */
export async function action(args: ActionFunctionArgs) {
  const { user, headers } = await requireUser(args);
  try {
    await resumeOnboarding(args.context.deps, user.id);
  } catch (error) {
    return data({ ok: false as const, message: errorMessage(error, RESUME_FAILED) }, { headers, status: 500 });
  }
  headers.append("Set-Cookie", clearSkipOnboardingSetCookie());
  return redirect("/onboarding", { headers });
}

/** The server unreachable: the menu stays as it was (the failure is logged there). */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return serverOr(serverAction<typeof action>, () => ({ ok: false as const, message: RESUME_FAILED }));
}
