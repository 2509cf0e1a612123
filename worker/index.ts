/**
 * The one Worker entry: pages and API (fetch), the one-minute cron (scheduled), the escalation
 * queue with its dead-letter queue (queue), and mail to the assistant address (email).
 */
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "virtual:remix-build";
import { createApp } from "./app";
import type { Env } from "./env";
import { email, queue, scheduled } from "./handlers";
import type { Job } from "./queue-payloads";
import { reportError } from "./services/sentry/report";

async function reportAndRethrow(env: Env, error: unknown, where: string): Promise<never> {
  await reportError(env, error, { where });
  throw error;
}

const handleRemixRequest = createRequestHandler(build, "production");

const app = createApp({
  pages: (request, { env, ctx, deps }) => handleRemixRequest(request, { cloudflare: { env, ctx }, deps }),
});

export default {
  fetch: app.fetch,
  // Issue 14: an error that escapes the cron or the queue consumer is reported (SENTRY_DSN), then rethrown.
  scheduled: (controller, env) => scheduled(controller, env).catch((error: unknown) => reportAndRethrow(env, error, "cron")),
  queue: (batch, env) => queue(batch, env).catch((error: unknown) => reportAndRethrow(env, error, "queue")),
  // Issue 12: reminders by email. An error is reported and rethrown: the sender's server retries later.
  email: (message, env) => email(message, env).catch((error: unknown) => reportAndRethrow(env, error, "email")),
} satisfies ExportedHandler<Env, Job>;
