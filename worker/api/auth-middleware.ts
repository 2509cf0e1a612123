import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { CROSS_SITE_BLOCKED, isSafeMethod, isSameOrigin } from "../http";
import { ACCESS_TOKEN_COOKIE, tokenStillSpeaksFor, verifyAccessToken } from "../services/auth";
import { forbidden, unauthorized } from "../services/errors";
import type { ApiEnv } from "./context";

/** The access token of a request: `Authorization: Bearer` first (API clients), then the cookie (web app). */
export function readAccessToken(header: string | undefined, cookie: string | undefined): { token: string; viaCookie: boolean } | null {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  if (match?.[1]) return { token: match[1].trim(), viaCookie: false };
  if (cookie) return { token: cookie, viaCookie: true };
  return null;
}

export const SIGN_IN_MESSAGE = "Please sign in to continue.";
/**
 * A write with an access token signed before the person's sessions were ended (a new password, a reset), or of a
 * sign-in that has ended since (that device signed out, its refresh token caught being reused: ADR 117).
 */
export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

/**
 * Requires a signed-in user; sets c.var.userId. A 401 tells clients to refresh once and replay.
 * `signInMessage` replaces the sentence for a missing or invalid token where the spec names its own
 * (PUT /v1/users/{id}: 'User not authenticated'); an expired token always answers TOKEN_EXPIRED,
 * the client's cue to refresh. So does a write with a token signed before the person's sessions were
 * ended (ADR 115): one read of their row, for writes only, beside the route's own first read (the write
 * gate holds the route's writes until it has passed); the refresh then decides (a thief's refresh token
 * was revoked by the same change).
 */
export function requireUserWith(options: { signInMessage?: string } = {}) {
  const signInMessage = options.signInMessage ?? SIGN_IN_MESSAGE;
  return createMiddleware<ApiEnv>(async (c, next) => {
    const started = performance.now();
    const found = readAccessToken(c.req.header("Authorization"), getCookie(c, ACCESS_TOKEN_COOKIE));
    if (!found) throw unauthorized(signInMessage, "UNAUTHORIZED");
    const { env, clock } = c.get("deps");
    const check = await verifyAccessToken(env, clock, found.token);
    if (!check.ok) {
      throw check.reason === "expired"
        ? unauthorized("Your session has expired. Please sign in again.", "TOKEN_EXPIRED")
        : unauthorized(signInMessage, "UNAUTHORIZED");
    }
    // CSRF: a cookie rides along on a cross-site write; a Bearer header never does.
    if (found.viaCookie && !isSafeMethod(c.req.method) && !isSameOrigin(c.req.raw, env.APP_URL)) {
      throw forbidden(CROSS_SITE_BLOCKED, "CSRF_REJECTED");
    }
    c.set("userId", check.userId);
    c.set("authMs", performance.now() - started);
    if (isSafeMethod(c.req.method)) return next();
    const speaks = tokenStillSpeaksFor(c.get("deps"), check.userId, check.issuedAtMs, check.sessionId).then((ok) => {
      if (!ok) throw unauthorized(SESSION_ENDED_MESSAGE, "TOKEN_EXPIRED");
    });
    c.get("writeGate").hold(speaks);
    await next();
    // Refused: 401 whatever the route answered (its writes failed at the gate; its reads are not shown).
    await speaks;
  });
}

/** Requires a signed-in user (the usual sentence: 'Please sign in to continue.'). */
export const requireUser = requireUserWith();
