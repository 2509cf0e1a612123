import { Hono } from "hono";
import { badRequest } from "../services/errors";
import { setDefaultStrategy } from "../services/escalation";
import { requireUser } from "./auth-middleware";
import type { ApiEnv } from "./context";

/** PUT /v1/users/:id/default-escalation-strategy {strategy} (mounted beside the users routes). */
export const defaultStrategy = new Hono<ApiEnv>().put("/:id/default-escalation-strategy", requireUser, async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("The request body could not be read. Please send valid JSON, for example {\"strategy\": \"standard\"}.", "BAD_REQUEST");
  }
  return c.json(await setDefaultStrategy(c.get("deps"), c.get("userId"), c.req.param("id"), body));
});
