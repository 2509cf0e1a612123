import { Hono, type Context } from "hono";
import { readCappedBytes } from "../http";
import { ENVELOPE_LIMIT_BYTES, readFeedbackEnvelope, submitFeedback, tooLarge } from "../services/feedback";
import { requireUser } from "./auth-middleware";
import type { ApiEnv } from "./context";

/**
 * POST /v1/feedback/tunnel: the Sentry SDK's `tunnel`. The widget's envelope comes here (never to
 * sentry.io from the browser); we validate it, store it, answer at once, and then email the team
 * and forward it to Sentry (when SENTRY_DSN is set) in the background.
 */
export const feedback = new Hono<ApiEnv>().post("/tunnel", requireUser, async (c) => {
  const bytes = await readCappedBytes(c.req.raw, ENVELOPE_LIMIT_BYTES, tooLarge);
  const report = readFeedbackEnvelope(bytes);
  const deps = c.get("deps");
  const stored = await submitFeedback(deps, c.env.BUG_SCREENSHOTS, c.get("userId"), report);
  await runAfter(c, stored.after);
  return c.json({ id: report.eventId }, 200);
});

/** The background work: waitUntil in the Worker; awaited where there is no execution context (tests). */
async function runAfter(c: Context<ApiEnv>, work: Promise<void>): Promise<void> {
  let ctx: { waitUntil(promise: Promise<unknown>): void } | null = null;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = null;
  }
  if (ctx) ctx.waitUntil(work);
  else await work;
}
