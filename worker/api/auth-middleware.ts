import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { verifyAccessToken } from "../services/auth/access-token";
import { forbidden, unauthorized } from "../services/errors";
import type { ApiEnv } from "./context";

export const ACCESS_TOKEN_COOKIE = "accessToken";
export const REFRESH_TOKEN_COOKIE = "refreshToken";

/** The access token of a request: `Authorization: Bearer` first (API clients), then the cookie (web app). */
export function readAccessToken(header: string | undefined, cookie: string | undefined): { token: string; viaCookie: boolean } | null {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  if (match?.[1]) return { token: match[1].trim(), viaCookie: false };
  if (cookie) return { token: cookie, viaCookie: true };
  return null;
}

/**
 * CSRF defence for cookie-authenticated writes: the browser's Origin (or Sec-Fetch-Site) must be
 * our own. Bearer-token requests are not sent automatically by browsers, so they need no check.
 */
export function isSameOrigin(requestUrl: string, appUrl: string, origin: string | undefined, fetchSite: string | undefined): boolean {
  if (origin) {
    const allowed = new Set([new URL(requestUrl).origin, new URL(appUrl).origin]);
    return allowed.has(origin);
  }
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  // Neither header: not a browser-initiated cross-site request (browsers send Origin on POST).
  return true;
}

export const SIGN_IN_MESSAGE = "Please sign in to continue.";

/**
 * Requires a signed-in user; sets c.var.userId. A 401 tells clients to refresh once and replay.
 * `signInMessage` replaces the sentence for a missing or invalid token where the spec names its own
 * (PUT /v1/users/{id}: 'User not authenticated'); an expired token always answers TOKEN_EXPIRED,
 * the client's cue to refresh.
 */
export function requireUserWith(options: { signInMessage?: string } = {}) {
  const signInMessage = options.signInMessage ?? SIGN_IN_MESSAGE;
  return createMiddleware<ApiEnv>(async (c, next) => {
    const found = readAccessToken(c.req.header("Authorization"), getCookie(c, ACCESS_TOKEN_COOKIE));
    if (!found) throw unauthorized(signInMessage, "UNAUTHORIZED");
    const { env, clock } = c.get("deps");
    const check = await verifyAccessToken(env, clock, found.token);
    if (!check.ok) {
      throw check.reason === "expired"
        ? unauthorized("Your session has expired. Please sign in again.", "TOKEN_EXPIRED")
        : unauthorized(signInMessage, "UNAUTHORIZED");
    }
    if (found.viaCookie && c.req.method !== "GET" && c.req.method !== "HEAD") {
      if (!isSameOrigin(c.req.url, env.APP_URL, c.req.header("Origin"), c.req.header("Sec-Fetch-Site"))) {
        throw forbidden("This request came from another site and was blocked.", "CSRF_REJECTED");
      }
    }
    c.set("userId", check.userId);
    await next();
  });
}

/** Requires a signed-in user (the usual sentence: 'Please sign in to continue.'). */
export const requireUser = requireUserWith();
