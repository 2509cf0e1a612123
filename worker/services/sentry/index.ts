/** Sentry, without its browser SDK: forwarding envelopes (the bug-report tunnel) and reporting unhandled errors, scrubbed. */
export { forwardToSentry, isSentryConfigured } from "./forward";
export { errorEvent, reportError, reportErrorInBackground, type ErrorPlace } from "./report";
export { scrubText, scrubUrl, REDACTED } from "./scrub";
export { reportBrowserError, browserErrorSchema, BROWSER_ERRORS_PER_HOUR, BROWSER_ERROR_LIMIT_MESSAGE } from "./browser";
