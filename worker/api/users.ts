import { Hono } from "hono";
import {
  ACCOUNT_DELETED_MESSAGE,
  changePassword,
  clearSessionSetCookies,
  confirmEmailChange,
  deleteAccount,
  getOnboardingStatus,
  isPhoneUpdate,
  PASSWORD_CHANGED_MESSAGE,
  register,
  renameUser,
  requestEmailChange,
  registerSchema,
  resumeOnboarding,
  skipOnboarding,
  updateTimezone,
  updateUserSchema,
} from "../services/auth";
import { readJsonBody } from "../http";
import { parseInput } from "../services/validation";
import { appendCookies, requestMeta, sameOriginOnly, withSession } from "./auth-helpers";
import { requireUser, requireUserWith } from "./auth-middleware";
import type { ApiEnv } from "./context";
import { jsonBody } from "../http/hono";
import { notFound } from "../services/errors";
import { setPhone } from "../services/phone";
import { endBreak, getBreak, getQuietHours, setQuietHours, startBreak } from "../services/quiet-hours";
import { exportAccount } from "../services/account-export";

/**
 * /v1/users: registration, profile changes and onboarding status (spec 01 §7, docs/api.md).
 * `/me/...` routes act on the signed-in user; `/{id}` routes answer 404 for anyone else's id.
 */
export const users = new Hono<ApiEnv>()
  .post("/", sameOriginOnly, jsonBody(registerSchema), async (c) => {
    const result = await register(c.get("deps"), c.req.valid("json"), requestMeta(c));
    return withSession(c, result, result, 201);
  })

  .get("/me/onboarding", requireUser, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getOnboardingStatus(c.get("deps"), c.get("userId")));
  })

  .post("/me/onboarding/skip", requireUser, async (c) => c.json(await skipOnboarding(c.get("deps"), c.get("userId"))))

  .delete("/me/onboarding/skip", requireUser, async (c) => c.json(await resumeOnboarding(c.get("deps"), c.get("userId"))))

  // Quiet hours (issue 13, ADR 064): {enabled, start "22:00", end "08:00", gentlePings}.
  .get("/me/quiet-hours", requireUser, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getQuietHours(c.get("deps"), c.get("userId")));
  })

  .put("/me/quiet-hours", requireUser, async (c) => c.json(await setQuietHours(c.get("deps"), c.get("userId"), await readJsonBody(c.req.raw, { required: true }))))

  // A break (ADR 095): {minutes} or {until: "morning" | a date and time}; DELETE ends it now.
  .get("/me/break", requireUser, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getBreak(c.get("deps"), c.get("userId")));
  })

  .put("/me/break", requireUser, async (c) => c.json(await startBreak(c.get("deps"), c.get("userId"), await readJsonBody(c.req.raw, { required: true }))))

  .delete("/me/break", requireUser, async (c) => c.json(await endBreak(c.get("deps"), c.get("userId"))))

  // Your account (ours; ADR 080): a new password after the current one. This device gets a new session
  // (cookies and tokens); every other session of the account ends.
  .put("/me/password", sameOriginOnly, requireUser, async (c) => {
    const tokens = await changePassword(c.get("deps"), c.get("userId"), await readJsonBody(c.req.raw, { required: true }), requestMeta(c));
    return withSession(c, { message: PASSWORD_CHANGED_MESSAGE, ...tokens }, tokens);
  })

  // Everything Nudge keeps about the person, as a JSON file to download (ADR 080).
  .get("/me/export", requireUser, async (c) => {
    const exported = await exportAccount(c.get("deps"), c.get("userId"));
    c.header("Cache-Control", "no-store");
    c.header("Content-Disposition", `attachment; filename="nudge-data-${exported.exportedAt.slice(0, 10)}.json"`);
    return c.json(exported);
  })

  // The name reminders greet the person with and buddies know them by (ADR 080).
  .put("/me/name", sameOriginOnly, requireUser, async (c) => c.json(await renameUser(c.get("deps"), c.get("userId"), await readJsonBody(c.req.raw, { required: true }))))

  // A new email address (ADR 080): the proof, then a code to the new address; the code makes the change.
  .post("/me/email", sameOriginOnly, requireUser, async (c) => c.json(await requestEmailChange(c.get("deps"), c.get("userId"), await readJsonBody(c.req.raw, { required: true }))))
  .post("/me/email/confirm", sameOriginOnly, requireUser, async (c) => c.json(await confirmEmailChange(c.get("deps"), c.get("userId"), await readJsonBody(c.req.raw, { required: true }))))

  // Deleting the account, with the password (or the email of an account without one). The cookies go too.
  .delete("/me", sameOriginOnly, requireUser, async (c) => {
    await deleteAccount(c.get("deps"), c.get("userId"), await readJsonBody(c.req.raw, { required: true }), c.env.BUG_SCREENSHOTS);
    appendCookies(c, clearSessionSetCookies());
    return c.json({ message: ACCOUNT_DELETED_MESSAGE });
  })

  // Spec 01 §5/§8: setting the timezone without a user answers 'User not authenticated'. {phone} alone
  // is the phone number (issue 10); anything else must be {timezone}.
  .put("/:id", requireUserWith({ signInMessage: "User not authenticated" }), async (c) => {
    const body = await readJsonBody(c.req.raw, { required: true });
    if (!isPhoneUpdate(body)) return c.json(await updateTimezone(c.get("deps"), c.get("userId"), c.req.param("id"), parseInput(updateUserSchema, body)));
    if (c.req.param("id") !== c.get("userId")) throw notFound("We couldn't find that user.", "USER_NOT_FOUND");
    return c.json(await setPhone(c.get("deps"), c.get("userId"), body.phone));
  });
