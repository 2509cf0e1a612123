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

const handleRemixRequest = createRequestHandler(build, "production");

const app = createApp({
  pages: (request, { env, ctx, deps }) => handleRemixRequest(request, { cloudflare: { env, ctx }, deps }),
});

export default {
  fetch: app.fetch,
  scheduled: (controller, env) => scheduled(controller, env),
  queue: (batch, env) => queue(batch, env),
} satisfies ExportedHandler<Env, Job>;
