import { Hono } from "hono";
import { createApi } from "./api";
import type { ApiEnv } from "./api/context";
import { devEscalationAdvance, devEscalationJson } from "./api/dev-escalation";
import { devOutboxJson } from "./api/dev-outbox";
import { devTelegram } from "./api/dev-telegram";
import { devPhone } from "./api/dev-phone";
import { analyticsProxy } from "./api/analytics-proxy";
import { requestContext } from "./api/middleware";
import { telegramWebhook } from "./bot/webhook";
import { twilioWebhooks } from "./twilio/webhooks";
import type { Env } from "./env";
import { CROSS_SITE_BLOCKED, isSafeMethod, isSameOrigin } from "./http";
import { serverTimingHeader } from "../db/meter";
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
  app.use("/dev/escalation/advance", requestContext);
  app.route("/dev/escalation/advance", devEscalationAdvance);
  app.route("/ingest", analyticsProxy);
  app.use("/dev/phone/*", requestContext);
  app.route("/dev/phone", devPhone);
  app.use("/dev/telegram/*", requestContext);
  app.route("/dev/telegram", devTelegram);
  app.use("/twilio/*", requestContext);
  app.route("/twilio", twilioWebhooks);
  app.use("/telegram/webhook", requestContext);
  app.route("/telegram/webhook", telegramWebhook);
  app.all("*", async (c) => {
    if (!options.pages) return c.text("Not found", 404);
    const blocked = crossSitePageWrite(c.req.raw, c.env.APP_URL);
    if (blocked) return blocked;
    const started = performance.now();
    const deps = createDeps(c.env);
    const response = await options.pages(c.req.raw, { env: c.env, ctx: c.executionCtx as unknown as ExecutionContext, deps });
    return withServerTiming(response, serverTimingHeader(deps.meter, performance.now() - started));
  });
  return app;
}

export const CROSS_SITE_MESSAGE = `${CROSS_SITE_BLOCKED} Please go back to Nudge and try again.`;

/**
 * CSRF for the pages: a form post (or a fetcher's .data post) whose Origin / Sec-Fetch-Site names
 * another site is refused with a 403 before Remix runs. Remix's own origin check throws a plain
 * Error there, which surfaced as a 500; and every Remix action then need not repeat the check.
 * GET and HEAD never change anything, so they pass. Returns null when the request may go on.
 */
export function crossSitePageWrite(request: Request, appUrl: string): Response | null {
  if (isSafeMethod(request.method) || isSameOrigin(request, appUrl)) return null;
  const headers = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  };
  if (wantsJson(request)) {
    return Response.json({ message: CROSS_SITE_MESSAGE, code: "CSRF_REJECTED" }, { status: 403, headers });
  }
  return new Response(crossSitePage(), { status: 403, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/** Single-fetch data requests (`/path.data`) and API-style clients get JSON; browsers get a page. */
function wantsJson(request: Request): boolean {
  if (new URL(request.url).pathname.endsWith(".data")) return true;
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/** A small self-contained page (no scripts, no external styles): nothing of the app runs here. */
function crossSitePage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Request blocked · Nudge</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5; color: #1f2433">
<h1>Request blocked</h1>
<p>${CROSS_SITE_MESSAGE}</p>
<p>Nothing was changed.</p>
<p><a href="/">Return to Homepage</a></p>
</body>
</html>`;
}

/**
 * A page's D1 cost in `Server-Timing`, as /v1 reports it (api/middleware.ts): its loaders and action
 * have run when Remix answers (only the HTML streams after), so the figures are the request's.
 * A response whose headers are fixed (a redirect made by Response.redirect) goes out as it is.
 */
function withServerTiming(response: Response, header: string): Response {
  try {
    response.headers.set("Server-Timing", header);
  } catch {
    // immutable headers: sent without the figures
  }
  return response;
}
