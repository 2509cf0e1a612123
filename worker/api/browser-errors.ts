import { Hono } from "hono";
import { isSameOrigin, readJsonBody, requestMeta } from "../http";
import { forbidden } from "../services/errors";
import { reportBrowserError } from "../services/sentry";
import type { ApiEnv } from "./context";

/**
 * POST /v1/errors/browser: an unhandled error of one of our pages (app/lib/errors/report.ts).
 * Only our own pages may send (same origin); 30 per address an hour; 202 with the event id when it
 * goes to Sentry, 204 when error reporting is off here. docs/api.md.
 */
export const browserErrors = new Hono<ApiEnv>().post("/browser", async (c) => {
  if (!isSameOrigin(c.req.raw, c.env.APP_URL)) throw forbidden("Error reports are accepted from Nudge's own pages only.", "CROSS_SITE_BLOCKED");
  const body = await readJsonBody(c.req.raw, { required: true });
  const send = async (work: Promise<unknown>) => {
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      await work; // no execution context (tests)
    }
  };
  const id = await reportBrowserError(c.get("deps"), body, requestMeta(c.req.raw).ip ?? "unknown", send);
  return id ? c.json({ id }, 202) : c.body(null, 204);
});
