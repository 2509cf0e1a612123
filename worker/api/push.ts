import { Hono } from "hono";
import { readJsonBody } from "../http";
import { listDevices, pushSetup, removeDevice, subscribeDevice } from "../services/push";
import { requireUser } from "./auth-middleware";
import type { ApiEnv } from "./context";

/**
 * Web push devices (issue 13; docs/api.md "Push notifications"):
 * GET /v1/push/config -> { available, publicKey, reason } (the VAPID public key a browser subscribes with),
 * GET /v1/push/devices, POST /v1/push/devices (PushSubscription JSON + label), DELETE /v1/push/devices/:id.
 */
export const push = new Hono<ApiEnv>()
  .get("/config", requireUser, (c) => c.json(pushSetup(c.get("deps"))))
  .get("/devices", requireUser, async (c) => c.json({ devices: await listDevices(c.get("deps"), c.get("userId")) }))
  .post("/devices", requireUser, async (c) => {
    const body = await readJsonBody(c.req.raw, { required: true });
    return c.json(await subscribeDevice(c.get("deps"), c.get("userId"), body), 201);
  })
  .delete("/devices/:id", requireUser, async (c) => {
    await removeDevice(c.get("deps"), c.get("userId"), c.req.param("id"));
    return c.body(null, 204);
  });
