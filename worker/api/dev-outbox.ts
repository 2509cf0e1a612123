import { Hono } from "hono";
import type { ApiEnv } from "./context";
import { isDevOutboxOn } from "../env";
import { addressFromQuery } from "../http";
import { listOutbox } from "../services/outbox";

/**
 * GET /dev/outbox.json: the messages the dev outbox provider stored, newest first; `?to=<address>`
 * keeps only the messages to that address. Exists only while DEV_OUTBOX is on; otherwise a plain 404
 * as if it were never there.
 */
export const devOutboxJson = new Hono<ApiEnv>().get("/", async (c) => {
  if (!isDevOutboxOn(c.env)) return c.notFound();
  const entries = await listOutbox(c.get("deps"), { to: addressFromQuery(c.req.query("to")) || undefined });
  c.header("Cache-Control", "no-store");
  return c.json(entries.map(({ id, channel, to, subject, text, html, meta, createdAt }) => ({ id, channel, to, subject, text, html, meta, createdAt })));
});
