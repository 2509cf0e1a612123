import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import {
  ACCESS_TOKEN_COOKIE,
  clearGoogleFlowSetCookies,
  clearSessionSetCookies,
  completeGoogleSignIn,
  emailSchema,
  getProfile,
  GOOGLE_FLOW_COOKIES,
  isOwnershipQuestion,
  googleFlowSetCookies,
  canonicalTimeZone,
  login,
  LOGIN_DEVICE_COOKIE,
  loginDeviceSetCookie,
  loginSchema,
  logout,
  otpVerifySchema,
  REFRESH_TOKEN_COOKIE,
  readRegisteredByMe,
  refreshBodySchema,
  refreshSession,
  requestPasswordReset,
  requestSignInLink,
  RESET_DONE_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  resetPassword,
  resetPasswordSchema,
  safeRedirectPath,
  sendMagicLink,
  sessionSetCookies,
  sessionUserOf,
  sendVerificationEmail,
  SIGN_IN_LINK_SENT_MESSAGE,
  startGoogleSignIn,
  userIdSchema,
  verifyEmailCode,
  verifyEmailLink,
  verifyEmailLinkSchema,
  verifyMagicLink,
} from "../services/auth";
import { readJsonBody } from "../http";
import { jsonBody } from "../http/hono";
import { badRequest } from "../services/errors";
import { errorFields } from "../services/log";
import { parseInput } from "../services/validation";
import { appendCookies, assertOwnUserId, isAppError, requestMeta, sameOriginOnly, withSession } from "./auth-helpers";
import { readAccessToken, requireUser } from "./auth-middleware";
import type { ApiEnv } from "./context";
import { appErrorResponse } from "./errors";

/** Where the web app's Google page lives; it finishes the sign-in (the cookies are already set). */
const GOOGLE_DONE_PAGE = "/auth/google/callback";

/** Sends the browser somewhere with a 302 (relative Location: our own site), keeping Set-Cookie headers. */
function redirectTo(location: string, cookies: string[]) {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}

/**
 * /v1/auth: session and verification (spec 01 §7, docs/api.md). Thin: each route validates with the
 * shared schema, calls one service function and shapes the answer.
 */
/** POST /v1/auth/logout when the session could not be ended on the server (the cookies are cleared anyway). */
export const LOGOUT_INCOMPLETE = "You are signed out on this device, but the server could not end the session. It ends by itself when it expires; signing out again from another device ends it now.";

export const auth = new Hono<ApiEnv>()
  .post("/login", sameOriginOnly, jsonBody(loginSchema), async (c) => {
    const { loginDevice, ...result } = await login(c.get("deps"), c.req.valid("json"), requestMeta(c), { loginDevice: getCookie(c, LOGIN_DEVICE_COOKIE) });
    // The device cookie keeps this browser clear of the account-wide limit strangers can fill (ADR 039).
    appendCookies(c, [loginDeviceSetCookie(loginDevice)]);
    return withSession(c, result, result);
  })

  .post("/logout", sameOriginOnly, async (c) => {
    // "Data cleared regardless" (spec 01 §7): a missing, unknown or malformed token still signs out here.
    let bodyToken: string | null = null;
    try {
      const body = await readJsonBody(c.req.raw);
      const parsed = refreshBodySchema.safeParse(body);
      if (parsed.success) bodyToken = parsed.data.refreshToken ?? null;
    } catch {
      bodyToken = null;
    }
    // The cookies go whatever happens to the revocation: a failure is logged, and said (503).
    appendCookies(c, clearSessionSetCookies());
    try {
      await logout(c.get("deps"), bodyToken ?? getCookie(c, REFRESH_TOKEN_COOKIE) ?? null);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", event: "auth.logout_failed", error: error instanceof Error ? error.message : String(error) }));
      return c.json({ success: false, message: LOGOUT_INCOMPLETE, code: "LOGOUT_INCOMPLETE" }, 503);
    }
    return c.json({ success: true, message: "You have been signed out." });
  })

  .post("/refresh", sameOriginOnly, async (c) => {
    const body = parseInput(refreshBodySchema, await readJsonBody(c.req.raw));
    const token = body.refreshToken || getCookie(c, REFRESH_TOKEN_COOKIE) || null;
    if (!token) throw badRequest("No refresh token available", "NO_REFRESH_TOKEN");
    try {
      const tokens = await refreshSession(c.get("deps"), token, requestMeta(c));
      return withSession(c, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }, tokens);
    } catch (error) {
      // A dead refresh token: also drop the cookies, so the browser stops presenting it. Not on a
      // lost race: the winning request's response carries fresh cookies that clearing could overwrite.
      if (isAppError(error) && error.status === 401) {
        if (error.code !== "REFRESH_RACE") appendCookies(c, clearSessionSetCookies());
        else c.header("Cache-Control", "no-store");
        return appErrorResponse(c, error);
      }
      throw error;
    }
  })

  .get("/profile", requireUser, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getProfile(c.get("deps"), c.get("userId")));
  })

  // --- Email verification: one email carries a code and a magic link ---------------------------
  .post("/otp", requireUser, jsonBody(userIdSchema), async (c) => {
    const { userId } = c.req.valid("json");
    assertOwnUserId(c, userId);
    await sendVerificationEmail(c.get("deps"), userId);
    return c.json({ success: true, message: "We've sent a new verification code to your email." });
  })

  .post("/otp/verify", requireUser, jsonBody(otpVerifySchema), async (c) => {
    const { userId, otp } = c.req.valid("json");
    assertOwnUserId(c, userId);
    return c.json(await verifyEmailCode(c.get("deps"), userId, otp));
  })

  .post("/magic-link", requireUser, jsonBody(userIdSchema), async (c) => {
    const { userId } = c.req.valid("json");
    assertOwnUserId(c, userId);
    await sendMagicLink(c.get("deps"), userId);
    return c.json({ success: true, message: "We've sent a new sign-in link to your email." });
  })

  // Sets session cookies on a GET (the spec's shape). A cross-site browser request (a link or an
  // <img> on another site, i.e. login CSRF with someone else's token) is refused before the token is
  // touched; API clients and our own pages pass. The web page itself verifies with a POST.
  .get("/magic-link/verify", sameOriginOnly, async (c) => {
    const token = c.req.query("token");
    if (!token) throw badRequest("The link is incomplete. Please open the link from the email again.", "TOKEN_MISSING");
    c.header("Cache-Control", "no-store");
    const opener = { sessionUserId: await sessionUserId(c), registeredByMe: readRegisteredByMe(c.req.query("registeredByMe")) };
    const result = await askingOwnership(c, () => verifyMagicLink(c.get("deps"), token, requestMeta(c), opener));
    if (result instanceof Response) return result;
    if (!result) return c.json(false);
    return withSession(c, true, result);
  })

  .post("/verify-email", jsonBody(verifyEmailLinkSchema), async (c) => {
    const { email, code, registeredByMe } = c.req.valid("json");
    const verified = await askingOwnership(c, async () => verifyEmailLink(c.get("deps"), email, code, requestMeta(c), await sessionUserId(c), registeredByMe));
    return verified instanceof Response ? verified : c.json(verified);
  })

  // A sign-in link by email without a session (ADR 039); the same answer whether or not the account exists.
  .post("/magic-link/request", jsonBody(emailSchema), async (c) => {
    const { email } = c.req.valid("json");
    const defer = executionContext(c);
    await requestSignInLink(c.get("deps"), email, defer ? { defer: (work) => defer.waitUntil(work) } : {});
    return c.json({ success: true, message: SIGN_IN_LINK_SENT_MESSAGE });
  })

  // --- Password reset ---------------------------------------------------------------------------
  .post("/forgot-password", jsonBody(emailSchema), async (c) => {
    const { email } = c.req.valid("json");
    // The account-dependent work finishes after the answer, so its timing says nothing about the account.
    const defer = executionContext(c);
    await requestPasswordReset(c.get("deps"), email, defer ? { defer: (work) => defer.waitUntil(work) } : {});
    return c.json({ success: true, message: RESET_REQUESTED_MESSAGE });
  })

  .post("/reset-password", jsonBody(resetPasswordSchema), async (c) => {
    await resetPassword(c.get("deps"), c.req.valid("json"));
    return c.json({ success: true, message: RESET_DONE_MESSAGE });
  })

  // --- Google -----------------------------------------------------------------------------------
  .get("/google", async (c) => {
    let start;
    try {
      start = await startGoogleSignIn(c.get("deps"), c.req.query("redirect") ?? null);
    } catch (error) {
      if (!isAppError(error)) throw error;
      return redirectTo(`${GOOGLE_DONE_PAGE}?error=1`, []);
    }
    const tz = c.req.query("tz");
    const timezone = tz ? canonicalTimeZone(tz) : null;
    // consent=1: the page showed the terms note next to the Google button (docs/spec-deviations.md).
    const consent = c.req.query("consent") === "1";
    return redirectTo(start.url, googleFlowSetCookies({ state: start.state, codeVerifier: start.codeVerifier, redirectTo: start.redirectTo, timezone, consent }));
  })

  .get("/google/callback", async (c) => {
    const stored = {
      state: getCookie(c, GOOGLE_FLOW_COOKIES.state) ?? null,
      codeVerifier: getCookie(c, GOOGLE_FLOW_COOKIES.codeVerifier) ?? null,
      redirectTo: safeRedirectPath(getCookie(c, GOOGLE_FLOW_COOKIES.redirectTo)),
      timezone: getCookie(c, GOOGLE_FLOW_COOKIES.timezone) ?? null,
      consent: getCookie(c, GOOGLE_FLOW_COOKIES.consent) === "1",
    };
    // The flow's cookies are single use: cleared on every outcome.
    const clearFlow = clearGoogleFlowSetCookies();
    const code = c.req.query("code");
    const state = c.req.query("state");
    if (c.req.query("error") || !code || !state) return redirectTo(`${GOOGLE_DONE_PAGE}?error=1`, clearFlow);
    try {
      const result = await completeGoogleSignIn(
        c.get("deps"),
        { code, state, storedState: stored.state, codeVerifier: stored.codeVerifier, timezone: stored.timezone, consent: stored.consent },
        requestMeta(c),
      );
      // Tokens travel only in HttpOnly cookies, never in a URL we generate.
      return redirectTo(`${GOOGLE_DONE_PAGE}?redirect=${encodeURIComponent(stored.redirectTo)}`, [...clearFlow, ...sessionSetCookies(result)]);
    } catch (error) {
      if (!isAppError(error)) c.get("log").error("google_callback_failed", errorFields(error));
      return redirectTo(`${GOOGLE_DONE_PAGE}?error=1`, clearFlow);
    }
  });

/**
 * Whose session the request carries (Bearer or cookies), without rotating anything: the registrant's
 * own session proving the mailbox verifies, proof from anywhere else takes the account back (ADR 038).
 */
/**
 * Runs a mailbox proof; when the owner must first answer "Did you create this Nudge account?"
 * (ADR 038, amended) the answer is 409 OWNERSHIP_QUESTION with the name and date of the registration,
 * and the link or code stays unused.
 */
async function askingOwnership<T>(c: Context<ApiEnv>, proof: () => Promise<T>): Promise<T | Response> {
  try {
    return await proof();
  } catch (error) {
    if (!isOwnershipQuestion(error)) throw error;
    c.header("Cache-Control", "no-store");
    const { name, registeredAt } = error.question;
    return c.json({ message: error.message, code: error.code, registration: { name, registeredAt } }, 409);
  }
}

async function sessionUserId(c: Context<ApiEnv>): Promise<string | null> {
  const access = readAccessToken(c.req.header("Authorization"), getCookie(c, ACCESS_TOKEN_COOKIE));
  return sessionUserOf(c.get("deps"), { accessToken: access?.token ?? null, refreshToken: getCookie(c, REFRESH_TOKEN_COOKIE) ?? null });
}

/** The Worker's ExecutionContext when there is one (tests calling app.request without it get null). */
function executionContext(c: { executionCtx: { waitUntil(promise: Promise<unknown>): void } }): { waitUntil(promise: Promise<unknown>): void } | null {
  try {
    return c.executionCtx;
  } catch {
    return null;
  }
}
