import type { AppLoadContext } from "@remix-run/cloudflare";
import { onboardingStatusOf, profileOf, requireUserRowWithSignIn, type OnboardingStatus, type PublicUser } from "../../worker/services/auth";
import { breakJson, quietHoursJson, type BreakJson, type QuietHoursJson } from "../../worker/services/quiet-hours";

/**
 * Reads that several loaders of one request make (the root's and the page's both want the signed-in
 * person and their onboarding state): made once per request, the others share the answer. Only for
 * GET and HEAD: a POST runs its action first, which may change what was read, and the loaders after it
 * must see the change.
 */
const reads = new WeakMap<AppLoadContext, Map<string, Promise<unknown>>>();

export function readOnce<T>(args: { request: Request; context: AppLoadContext }, key: string, read: () => Promise<T>): Promise<T> {
  if (args.request.method !== "GET" && args.request.method !== "HEAD") return read();
  let made = reads.get(args.context);
  if (!made) {
    made = new Map();
    reads.set(args.context, made);
  }
  let answer = made.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    made.set(key, answer);
  }
  return answer;
}

type Args = { request: Request; context: AppLoadContext };
type UserRow = Awaited<ReturnType<typeof requireUserRowWithSignIn>>;

/** The sign-in the request's access token names, noted by the session once the token is verified (ADR 117). */
const signIns = new WeakMap<AppLoadContext, string>();

export function noteSignIn(args: Args, sessionId: string): void {
  signIns.set(args.context, sessionId);
}

/**
 * The signed-in person's row, read once per request: the profile (every page's session) and the
 * onboarding state (the header, the guards) both come from it, so a page reads it once, not twice
 * (issue 8: one D1 query less on every signed-in page). The same query says whether the token's
 * sign-in goes on, for the session's check.
 */
function userRowOnce(args: Args, userId: string): Promise<UserRow> {
  const signIn = signIns.get(args.context) ?? null;
  return readOnce(args, `user:${userId}:${signIn ?? ""}`, () => requireUserRowWithSignIn(args.context.deps, userId, signIn));
}

/** The person's profile, read once per request. */
export function profileOnce(args: Args, userId: string): Promise<PublicUser> {
  return readOnce(args, `profile:${userId}`, async () => profileOf(args.context.deps, await userRowOnce(args, userId)));
}

/**
 * When the person's sessions were last ended (ADR 115) and whether the token's sign-in goes on (ADR 117), from the
 * same one read of their row. The session notes the sign-in (noteSignIn) when it verifies the token, before it asks
 * this; a read keyed without a sign-in (a token that names none) says it goes on.
 */
export function sessionStateOnce(args: Args, userId: string): Promise<{ sessionsEndedAt: number | null; signInGoesOn: boolean }> {
  return userRowOnce(args, userId);
}

/**
 * The person's quiet hours, from the same one read of their row (the columns live on it): Settings and
 * the task creator need no read of their own for them.
 */
export async function quietHoursOnce(args: Args, userId: string): Promise<QuietHoursJson> {
  return quietHoursJson(await userRowOnce(args, userId), args.context.deps.clock.now().getTime());
}

/** The person's break (ADR 095), from the same one read of their row: the dashboard's banner and Settings. */
export async function breakOnce(args: Args, userId: string): Promise<BreakJson> {
  return breakJson(await userRowOnce(args, userId), args.context.deps.clock.now().getTime());
}

/** The person's onboarding state, read once per request (the root's header and the page's guard both ask). */
export async function onboardingStatusOnce(args: Args, userId: string): Promise<OnboardingStatus> {
  return onboardingStatusOf(args.context.deps, await userRowOnce(args, userId));
}

/**
 * Runs `signIn` (requireUser: the person's row, the guard) and, at the same time, `read` of the
 * person's own data for the session's verified id. On Cloudflare each D1 wait is a network round
 * trip to the database's region, so a page that needs the person and one more read waits once
 * instead of twice (the page's `Server-Timing` counts the round trips).
 *
 * The early read is only ever for the session's own verified id. When `signIn` ends the request
 * instead (a redirect, a deleted account), the early read's answer is dropped unread, its failure
 * included; if `signIn` names another person (it cannot, but the check is cheap), theirs is read.
 */
export async function readAlongside<S extends { user: { id: string } }, T>(
  sessionUserId: string | null,
  signIn: () => Promise<S>,
  read: (userId: string) => Promise<T>,
): Promise<S & { value: T }> {
  const early = sessionUserId ? read(sessionUserId) : undefined;
  // Awaited below, or dropped when signIn throws first: never an unhandled rejection.
  early?.catch(() => undefined);
  const signedIn = await signIn();
  const value = early && signedIn.user.id === sessionUserId ? await early : await read(signedIn.user.id);
  return { ...signedIn, value };
}

/**
 * The person's row as the engine reads their reach (the STOP mark is not on the profile): Settings'
 * "For you right now" needs it, from the same one read.
 */
export async function reachRowOnce(args: Args, userId: string): Promise<Pick<UserRow, "email" | "telegramChatId" | "phone" | "phoneVerified" | "smsOptedOutAt">> {
  return userRowOnce(args, userId);
}

/** Whether the person has a password (an account that signs in with Google only has none), from the one read of their row. */
export async function hasPasswordOnce(args: Args, userId: string): Promise<boolean> {
  return Boolean((await userRowOnce(args, userId)).passwordHash);
}
