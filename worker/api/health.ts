import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { ApiEnv } from "./context";

/** GET /v1/health: the Worker answers and D1 answers a query. */
export const health = new Hono<ApiEnv>().get("/", async (c) => {
  const { db, clock } = c.get("deps");
  await db.run(sql`select 1`);
  return c.json({ status: "ok", database: "ok", time: clock.now().toISOString() });
});
