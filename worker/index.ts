/**
 * The one Worker entry: pages and API (fetch), the one-minute cron (scheduled), and the escalation
 * queue with its dead-letter queue (queue).
 */
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "virtual:remix-build";
import { createApp } from "./app";
import type { Env } from "./env";
import { queue, scheduled } from "./handlers";
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
} satisfies ExportedHandler<Env, Job>;
