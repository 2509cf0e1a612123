import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { CROSS_SITE_BLOCKED, isSameOrigin, requestMeta as readRequestMeta, type HttpRequestMeta } from "../http";
import { sessionSetCookies, type SessionTokens } from "../services/auth";
import { forbidden, isAppError, notFound } from "../services/errors";
import type { ApiEnv } from "./context";

/** Who is asking (the toolkit's requestMeta, with this request's id). */
export function requestMeta(c: Context<ApiEnv>): HttpRequestMeta {
  return readRequestMeta(c.req.raw, c.get("requestId"));
}

/**
 * CSRF for the session endpoints that use or set cookies (login, register, refresh, logout): a
 * browser request from another site (foreign Origin, or Sec-Fetch-Site cross-site) is refused.
 * Requests without those headers are not browser cross-site requests (API clients) and pass.
 */
export const sameOriginOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (!isSameOrigin(c.req.raw, c.get("deps").env.APP_URL)) throw forbidden(CROSS_SITE_BLOCKED, "CSRF_REJECTED");
  await next();
});

/** Adds Set-Cookie headers (one header per cookie) and forbids caching of a token-bearing answer. */
export function appendCookies(c: Context<ApiEnv>, cookies: string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
  c.header("Cache-Control", "no-store");
}

/** A JSON answer that also sets the session cookies. */
export function withSession(c: Context<ApiEnv>, body: unknown, tokens: SessionTokens, status: ContentfulStatusCode = 200) {
  appendCookies(c, sessionSetCookies(tokens));
  return c.json(body as object, status);
}

export { isAppError };

/** The {userId} these endpoints take must be the signed-in user; anyone else's id is "not found". */
export function assertOwnUserId(c: Context<ApiEnv>, userId: string) {
  if (userId !== c.get("userId")) throw notFound("We couldn't find that user.", "USER_NOT_FOUND");
}
