import type { Job } from "./queue-payloads";

/** Every binding, var and secret the Worker reads. Secrets are listed in .dev.vars.example. */
export interface Env {
  DB: D1Database;
  ESCALATION_QUEUE: Queue<Job>;
  ASSETS?: Fetcher;

  /** "true" turns on the dev outbox provider and the /dev/outbox pages. */
  DEV_OUTBOX: string;
  APP_URL: string;
  JWT_SECRET: string;
  /** Registrations allowed per IP per hour (default 10, ADR 043); the browser suite raises it. */
  REGISTRATIONS_PER_IP_PER_HOUR?: string;

  EMAIL_PROVIDER: string;
  EMAIL_FROM: string;
  ASSISTANT_EMAIL: string;
  SUPPORT_EMAIL: string;
  RESEND_API_KEY?: string;
  RESEND_API_BASE?: string;
  /** Sends per second to Resend from one isolate (default 2, Resend's default team limit; ADR 042). */
  RESEND_MAX_PER_SECOND?: string;
  /** D1 queries + Queue sends one cron tick may make (default 900, for the paid plan's 1,000 subrequests; 45 on the free plan). ADR 044. */
  TICK_CALL_BUDGET?: string;

  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_BASE?: string;
  GOOGLE_TOKEN_URL?: string;

  TELEGRAM_BOT_USERNAME: string;
  TELEGRAM_BOT_TOKEN?: string;
  TELEGRAM_WEBHOOK_SECRET?: string;
  TELEGRAM_API_ROOT?: string;

  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM_NUMBER?: string;
  TWILIO_API_BASE?: string;
  /** Texts and calls per person per 24 hours before steps go by email instead (default 12; issue 10). */
  PHONE_DAILY_CAP?: string;

  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;

  /** Issue 14: bug-report screenshots (R2; miniflare gives a local bucket). */
  BUG_SCREENSHOTS: R2Bucket;
  /** Sentry project DSN: reports and unhandled errors are forwarded there when set. */
  SENTRY_DSN?: string;
  /** PostHog project key and host: product analytics in the browser only when set. */
  POSTHOG_KEY?: string;
  POSTHOG_HOST?: string;
}

export function isDevOutboxOn(env: Pick<Env, "DEV_OUTBOX">): boolean {
  return env.DEV_OUTBOX === "true" || env.DEV_OUTBOX === "1";
}
