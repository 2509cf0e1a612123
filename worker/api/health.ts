import { Hono } from "hono";
import { sql } from "drizzle-orm";
import { reportChannels } from "../channels/report";
import { reportServices } from "../services/ops";
import type { ApiEnv } from "./context";

/**
 * GET /v1/health: the Worker answers, D1 answers a query, and every medium's channel says whether
 * it can send (and why not). A required medium (email) unavailable is a configuration error: 503
 * with `status: "degraded"`, so a deploy check or an uptime monitor sees it (docs/api.md).
 */
export const health = new Hono<ApiEnv>().get("/", async (c) => {
  const { db, clock, channels } = c.get("deps");
  await db.run(sql`select 1`);
  const report = reportChannels(channels);
  const body = {
    status: report.ok ? "ok" : "degraded",
    database: "ok",
    time: clock.now().toISOString(),
    channels: report.channels,
    services: reportServices(c.env),
    ...(report.ok ? {} : { problems: report.problems.map((problem) => problem.reason) }),
  };
  c.header("Cache-Control", "no-store");
  return c.json(body, report.ok ? 200 : 503);
});
