/**
 * The Worker as the workerd tests load it: the real app, cron and queue handlers, without the
 * Remix page handler (pages are covered by the browser suite against the built Worker).
 */
import { createApp } from "../../worker/app";
import type { Env } from "../../worker/env";
import { queue, scheduled } from "../../worker/handlers";
import type { Job } from "../../worker/queue-payloads";

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled: (controller, env) => scheduled(controller, env),
  queue: (batch, env) => queue(batch, env),
} satisfies ExportedHandler<Env, Job>;
