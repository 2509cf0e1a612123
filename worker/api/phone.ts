import { Hono } from "hono";
import { readJsonBody } from "../http";
import { sendPhoneCode, verifyPhoneCode } from "../services/phone";
import { requireUser } from "./auth-middleware";
import type { ApiEnv } from "./context";

/**
 * The phone's code (spec 01 §7 names the calls, not their paths; docs/api.md "Phone"):
 * POST /v1/auth/phone/send-code -> { sent, expiresInMinutes } (send and resend),
 * POST /v1/auth/phone/verify {code} -> a boolean, like /auth/otp/verify.
 */
export const phone = new Hono<ApiEnv>()
  .post("/send-code", requireUser, async (c) => c.json(await sendPhoneCode(c.get("deps"), c.get("userId"))))
  .post("/verify", requireUser, async (c) => {
    const body = (await readJsonBody(c.req.raw, { required: true })) as { code?: unknown };
    return c.json(await verifyPhoneCode(c.get("deps"), c.get("userId"), body?.code));
  });
