import { Hono } from "hono";
import { readJsonBody } from "../http";
import { setDefaultStrategy } from "../services/escalation";
import { requireUser } from "./auth-middleware";
import type { ApiEnv } from "./context";

/** PUT /v1/users/:id/default-escalation-strategy {strategy} (mounted beside the users routes). */
export const defaultStrategy = new Hono<ApiEnv>().put("/:id/default-escalation-strategy", requireUser, async (c) => {
  const body = await readJsonBody(c.req.raw, { required: true });
  return c.json(await setDefaultStrategy(c.get("deps"), c.get("userId"), c.req.param("id"), body));
});
