import { Hono, type Context } from "hono";
import { readJsonBody } from "../http";
import {
  buddyDeepLinkFor,
  createBuddy,
  deleteBuddy,
  listBuddies,
  loadOwnBuddy,
  optOutBuddy,
  optOutByToken,
  sendBuddyVerification,
  toBuddyJson,
  updateBuddy,
  verifyBuddyByLink,
  verifyBuddyCode,
} from "../services/buddies";
import { requireUser } from "./auth-middleware";
import type { ApiEnv } from "./context";

/**
 * Nudge buddies, spec 02 §7 (docs/api.md "Nudge buddies"). The two public calls (verify by link,
 * opt out by token) come first; every other call is the signed-in owner's, and another owner's id is a 404.
 */
const list = async (c: Context<ApiEnv>) => c.json(await listBuddies(c.get("deps"), c.get("userId")));
const create = async (c: Context<ApiEnv>) => c.json(await createBuddy(c.get("deps"), c.get("userId"), await readJsonBody(c.req.raw, { required: true })), 201);

export const buddies = new Hono<ApiEnv>()
  .get("/verify", async (c) => {
    c.header("Cache-Control", "no-store");
    const result = await verifyBuddyByLink(c.get("deps"), c.req.query("code"), c.req.query("contact_id"));
    return c.json({ verified: result.verified });
  })
  .post("/opt-out-by-token", async (c) => c.json(await optOutByToken(c.get("deps"), c.req.query("token"))))
  .get("/", requireUser, list)
  .post("/", requireUser, create)
  .get("/:id", requireUser, async (c) => c.json(toBuddyJson(await loadOwnBuddy(c.get("deps"), c.get("userId"), c.req.param("id")))))
  .patch("/:id", requireUser, async (c) => c.json(await updateBuddy(c.get("deps"), c.get("userId"), c.req.param("id"), await readJsonBody(c.req.raw, { required: true }))))
  .delete("/:id", requireUser, async (c) => {
    await deleteBuddy(c.get("deps"), c.get("userId"), c.req.param("id"));
    return c.json({ success: true });
  })
  .post("/:id/send-verification", requireUser, async (c) => c.json(await sendBuddyVerification(c.get("deps"), c.get("userId"), c.req.param("id"))))
  .get("/:id/deeplink", requireUser, async (c) => c.json(await buddyDeepLinkFor(c.get("deps"), c.get("userId"), c.req.param("id"))))
  .patch("/:id/verify", requireUser, async (c) => {
    const body = (await readJsonBody(c.req.raw, { required: true })) as { code?: unknown };
    return c.json(await verifyBuddyCode(c.get("deps"), c.get("userId"), c.req.param("id"), body?.code));
  })
  .patch("/:id/opt-out", requireUser, async (c) => c.json(toBuddyJson(await optOutBuddy(c.get("deps"), c.get("userId"), c.req.param("id")))));

/** Spec 02 writes `/emergency-contacts/` with the slash; both spellings answer the same. */
export const buddyCollection = { list, create };
