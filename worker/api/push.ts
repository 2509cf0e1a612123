import { Hono } from "hono";
import { checkPushConfig } from "../channels/push/config";
import { readJsonBody } from "../http";
import { listDevices, removeDevice, subscribeDevice } from "../services/push";
import { requireUser } from "./auth-middleware";
import type { ApiEnv } from "./context";

/**
 * Web push devices (issue 13; docs/api.md "Push notifications"):
 * GET /v1/push/config -> { available, publicKey, reason } (the VAPID public key a browser subscribes with),
 * GET /v1/push/devices, POST /v1/push/devices (PushSubscription JSON + label), DELETE /v1/push/devices/:id.
 */
export const push = new Hono<ApiEnv>()
  .get("/config", requireUser, (c) => {
    // A browser subscribes with the real VAPID public key, also in development (the dev outbox then
    // stores what would be pushed), so the key must be configured either way.
    const status = c.get("deps").channels.push.status;
    const config = checkPushConfig(c.env);
    if (!status.available) return c.json({ available: false, publicKey: null, reason: status.reason });
    if (!config.configured) return c.json({ available: false, publicKey: null, reason: config.reason });
    return c.json({ available: true, publicKey: c.env.VAPID_PUBLIC_KEY ?? null, reason: null });
  })
  .get("/devices", requireUser, async (c) => c.json({ devices: await listDevices(c.get("deps"), c.get("userId")) }))
  .post("/devices", requireUser, async (c) => {
    const body = await readJsonBody(c.req.raw, { required: true });
    return c.json(await subscribeDevice(c.get("deps"), c.get("userId"), body), 201);
  })
  .delete("/devices/:id", requireUser, async (c) => {
    await removeDevice(c.get("deps"), c.get("userId"), c.req.param("id"));
    return c.body(null, 204);
  });
