/** Sentry, without its browser SDK: forwarding envelopes (the bug-report tunnel) and reporting unhandled errors, scrubbed. */
export { forwardToSentry, isSentryConfigured } from "./forward";
export { errorEvent, reportError, reportErrorInBackground, type ErrorPlace } from "./report";
export { scrubText, scrubUrl, REDACTED } from "./scrub";
