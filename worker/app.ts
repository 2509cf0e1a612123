import { Hono } from "hono";
import { createApi } from "./api";
import type { ApiEnv } from "./api/context";
import { devEscalationJson } from "./api/dev-escalation";
import { devOutboxJson } from "./api/dev-outbox";
import { requestContext } from "./api/middleware";
import type { Env } from "./env";
import { createDeps, type Deps } from "./services/deps";

/** What Remix needs to render a page; the Worker entry passes the real build's handler. */
export type PageHandler = (request: Request, context: { env: Env; ctx: ExecutionContext; deps: Deps }) => Promise<Response>;

/**
 * The HTTP surface of the Worker: Hono first (/v1, /dev/outbox.json, webhooks, the ICS feed), then
 * Remix as the catch-all for every page. Static client assets are served by [assets] before this.
 */
export function createApp(options: { pages?: PageHandler } = {}) {
  const app = new Hono<ApiEnv>();
  app.route("/v1", createApi());
  app.use("/dev/outbox.json", requestContext);
  app.route("/dev/outbox.json", devOutboxJson);
  app.use("/dev/escalation.json", requestContext);
  app.route("/dev/escalation.json", devEscalationJson);
  app.all("*", async (c) => {
    if (!options.pages) return c.text("Not found", 404);
    return options.pages(c.req.raw, { env: c.env, ctx: c.executionCtx as unknown as ExecutionContext, deps: createDeps(c.env) });
  });
  return app;
}
