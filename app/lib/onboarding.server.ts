import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { OnboardingStatus, PublicUser } from "../../worker/services/auth";
import { hasTextReminder } from "../../worker/services/tasks";
import { phonePanelOf, type PhonePanelData } from "./phone.server";
import { telegramRowOf, type TelegramRowData } from "./telegram.server";
import { loadBuddies, type BuddyJson } from "./buddies.server";
import { onboardingStatusOnce } from "./request-reads.server";

/** The wizard's four steps (spec 01): Welcome, Connect Apps, Set your first reminder, You're all set! */
export const ONBOARDING_STEPS = 4;
export type OnboardingStep = 1 | 2 | 3 | 4;

/**
 * The navigation guard's step 3 (spec 01 §2): while onboarding is needed, these login-required
 * screens send the person to the wizard. Public pages, the auth screens, the menu page (Sign Out
 * without JavaScript), the buddies' public pages and the action links stay reachable, so nobody is
 * trapped: and the wizard itself has Skip on steps 1 to 3.
 */
const GUARDED_PATHS = new Set(["/dashboard", "/task-creator", "/emergency-contacts", "/reminder-dialog", "/settings", "/integrations"]);
/** Notices a guarded page would have shown, carried to the wizard (registration, a Telegram pairing). */
const CARRIED_PARAMS = ["registered", "pairing"];

export async function guardOnboarding(args: Pick<LoaderFunctionArgs, "request" | "context">, user: PublicUser, headers: Headers): Promise<void> {
  if (args.request.method !== "GET") return;
  const url = new URL(args.request.url);
  const path = url.pathname.replace(/\/+$/, "") || "/";
  if (!GUARDED_PATHS.has(path)) return;
  const status = await onboardingStatusOnce(args, user.id);
  if (!status.needsOnboarding) return;
  const carried = new URLSearchParams(CARRIED_PARAMS.flatMap((key) => (url.searchParams.has(key) ? [[key, url.searchParams.get(key)!]] : [])));
  throw redirect(`/onboarding${carried.size > 0 ? `?${carried}` : ""}`, { headers });
}

export function stepFrom(url: URL): OnboardingStep {
  const step = Number(url.searchParams.get("step") ?? "1");
  return (Number.isInteger(step) && step >= 1 && step <= ONBOARDING_STEPS ? step : 1) as OnboardingStep;
}

export interface OnboardingData {
  step: OnboardingStep;
  firstName: string;
  email: string;
  isVerified: boolean;
  telegram: TelegramRowData;
  /** Step 3 is ready: a reminder made in plain language exists. */
  madeTextReminder: boolean;
  phone: PhonePanelData;
  buddies: BuddyJson[];
  /** Google-linked: the wizard sets the time zone from the browser (spec 01 §6). */
  googleUser: boolean;
  timezone: string;
}

/** Step 2's readiness, as spec 01 puts it: the email verified and Telegram linked. */
export const connectAppsReady = (status: Pick<OnboardingStatus, "isVerified" | "isTelegramLinked">) => status.isVerified && status.isTelegramLinked;

type OnboardingProgress = { madeTextReminder: boolean; buddies: BuddyJson[] };

/** What the person has done in the wizard so far (for a verified user id: requireUserWith starts it early). */
export async function readOnboardingProgress(deps: AppLoadContext["deps"], userId: string): Promise<OnboardingProgress> {
  const [madeTextReminder, buddies] = await Promise.all([hasTextReminder(deps, userId), loadBuddies(deps, userId)]);
  return { madeTextReminder, buddies };
}

/**
 * The wizard's data. The first visit (step 1) goes to the dashboard when onboarding is not needed
 * (spec 01 §2); a later step stays open, so a person who just linked Telegram on step 2 (and so no
 * longer "needs" onboarding) can still finish it (docs/spec-deviations.md).
 */
export async function loadOnboarding(
  args: Pick<LoaderFunctionArgs, "request" | "context">,
  user: PublicUser,
  headers: Headers,
  progress?: OnboardingProgress,
): Promise<OnboardingData> {
  const deps = args.context.deps;
  const step = stepFrom(new URL(args.request.url));
  const status = await onboardingStatusOnce(args, user.id);
  if (!status.needsOnboarding && step === 1) throw redirect("/dashboard", { headers });
  const { madeTextReminder, buddies } = progress ?? (await readOnboardingProgress(deps, user.id));
  // From the session's profile and its row's onboarding state: the wizard reads the person once (issue 8).
  const telegram = telegramRowOf(deps, user);
  const phone = phonePanelOf(deps, user);
  return {
    step,
    firstName: user.name.trim().split(/\s+/)[0] ?? "",
    email: user.email,
    isVerified: status.isVerified,
    telegram,
    madeTextReminder,
    phone,
    buddies,
    googleUser: Boolean(user.googleId),
    timezone: user.timezone,
  };
}
