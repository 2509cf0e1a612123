import { Hono } from "hono";
import { isDevOutboxOn } from "../env";
import { escalationStats } from "../services/escalation";
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
