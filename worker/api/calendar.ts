import { Hono, type Context } from "hono";
import { calendarFeed, disableFeed, enableFeed } from "../services/calendar";
import { requireUser } from "./auth-middleware";
import type { ApiEnv } from "./context";

/**
 * The calendar feed (spec 01 §3 `icsFeedToken`; docs/api.md "Calendar feed"): POST / DELETE
 * /v1/users/{id}/ics-token for the owner, and the public GET /v1/tasks/ics/{token} that calendar apps poll.
 */
export const feedToken = new Hono<ApiEnv>()
  .post("/:id/ics-token", requireUser, async (c) => c.json(await enableFeed(c.get("deps"), c.get("userId"), c.req.param("id"))))
  .delete("/:id/ics-token", requireUser, async (c) => c.json(await disableFeed(c.get("deps"), c.get("userId"), c.req.param("id"))));

/** A wrong or old token is a plain 404, like a page that never existed; a known ETag is a 304. */
export async function serveFeed(c: Context<ApiEnv>) {
  const feed = await calendarFeed(c.get("deps"), c.req.param("token") ?? "");
  if (!feed) return c.text("Not found", 404);
  const headers = { ETag: feed.etag, "Cache-Control": "private, max-age=300", "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="nudge.ics"' };
  if (c.req.header("If-None-Match") === feed.etag) return c.body(null, 304, headers);
  return c.body(feed.body, 200, headers);
}
