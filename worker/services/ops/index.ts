import type { Env } from "../../env";
import { isSentryConfigured } from "../sentry/forward";

/** One optional service: whether it is set up here, and what to set when it is not. Never a secret. */
export interface ServiceStatus {
  configured: boolean;
  /** What an operator sets to turn it on; null when configured. */
  missing: string | null;
}

const status = (configured: boolean, missing: string): ServiceStatus => ({ configured, missing: configured ? null : missing });

/**
 * What `/v1/health` says of the optional services beside the channels (issue 14): error reporting,
 * analytics, Google sign-in and where bug reports go. Booleans and variable names only.
 */
export function reportServices(env: Env) {
  return {
    errorReporting: status(isSentryConfigured(env.SENTRY_DSN), "SENTRY_DSN"),
    analytics: status(Boolean(env.POSTHOG_KEY), "POSTHOG_KEY"),
    googleSignIn: status(Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET), "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET"),
    bugReports: status(Boolean(env.SUPPORT_EMAIL && env.BUG_SCREENSHOTS), "SUPPORT_EMAIL and the BUG_SCREENSHOTS bucket"),
  };
}
