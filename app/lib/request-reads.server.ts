import type { AppLoadContext } from "@remix-run/cloudflare";
import { getOnboardingStatus, type OnboardingStatus } from "../../worker/services/auth";

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

/** The person's onboarding state, read once per request (the root's header and the page's guard both ask). */
export function onboardingStatusOnce(args: { request: Request; context: AppLoadContext }, userId: string): Promise<OnboardingStatus> {
  return readOnce(args, `onboarding:${userId}`, () => getOnboardingStatus(args.context.deps, userId));
}
