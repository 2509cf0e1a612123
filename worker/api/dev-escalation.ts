import { Hono } from "hono";
import { isDevOutboxOn } from "../env";
import { runTick } from "../jobs/tick";
import { escalationStats } from "../services/escalation";
import { advanceForTrial } from "../services/tasks/dev-advance";
import type { ApiEnv } from "./context";

/**
 * GET /dev/escalation.json: the engine's counters (first steps by state, deliveries, the D1 cost
 * recorded per tick). Development and the escalation benchmark only: a plain 404 unless DEV_OUTBOX is on.
 */
export const devEscalationJson = new Hono<ApiEnv>().get("/", async (c) => {
  if (!isDevOutboxOn(c.env)) return c.notFound();
  c.header("Cache-Control", "no-store");
  return c.json(await escalationStats(c.get("deps")));
});

/**
 * POST /dev/escalation/advance {taskId} (JSON or form): a task not due yet becomes due now; otherwise its
 * next waiting step does (services/tasks/dev-advance.ts). Then a tick runs, so the chain can be watched in a minute. A form goes back to /dev/outbox (keeping its
 * `to` filter). DEV_OUTBOX on only; a plain 404 otherwise.
 */
export const devEscalationAdvance = new Hono<ApiEnv>().post("/", async (c) => {
  if (!isDevOutboxOn(c.env)) return c.notFound();
  const isJson = (c.req.header("Content-Type") ?? "").includes("application/json");
  const body = (isJson ? await c.req.json().catch(() => ({})) : Object.fromEntries(await c.req.formData())) as { taskId?: unknown; to?: unknown };
  const taskId = typeof body.taskId === "string" ? body.taskId : "";
  const deps = c.get("deps");
  const advanced = await advanceForTrial(deps, taskId);
  if (!advanced) return c.json({ advanced: false, message: "That task has no step waiting for its time." }, 404);
  await runTick(deps, deps.clock.now().getTime(), c.env.ESCALATION_QUEUE);
  // Back to the outbox page, with its filter (`to`) if it had one.
  if (!isJson) return c.redirect(typeof body.to === "string" && body.to ? `/dev/outbox?${new URLSearchParams({ to: body.to })}` : "/dev/outbox", 303);
  return c.json({ advanced: true, stepIndex: advanced.stepIndex, madeDueNow: advanced.madeDueNow });
});
