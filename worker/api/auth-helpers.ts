import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { badRequest, forbidden, isAppError, notFound, type AppError } from "../services/errors";
import { sessionSetCookies, type RequestMeta, type SessionTokens } from "../services/auth";
import { isSameOrigin } from "./auth-middleware";
import type { ApiEnv } from "./context";

/** Who is asking: the client IP Cloudflare saw (for throttling) and the user agent (kept on the session). */
export function requestMeta(c: Context<ApiEnv>): RequestMeta {
  return {
    ip: c.req.header("CF-Connecting-IP") ?? null,
    userAgent: c.req.header("User-Agent") ?? null,
  };
}

/**
 * CSRF for the session endpoints that use or set cookies (login, register, refresh, logout): a
 * browser request from another site (foreign Origin, or Sec-Fetch-Site cross-site) is refused.
 * Requests without those headers are not browser cross-site requests (API clients) and pass.
 */
export const sameOriginOnly = createMiddleware<ApiEnv>(async (c, next) => {
  const { env } = c.get("deps");
  if (!isSameOrigin(c.req.url, env.APP_URL, c.req.header("Origin"), c.req.header("Sec-Fetch-Site"))) {
    throw forbidden("This request came from another site and was blocked.", "CSRF_REJECTED");
  }
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

/** The error envelope for an AppError, keeping headers already set on the context (cookies). */
export function appErrorResponse(c: Context<ApiEnv>, error: AppError) {
  if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
  return c.json({ message: error.message, code: error.code }, error.status);
}

export { isAppError };

/**
 * A JSON body that may be absent (refresh and logout can rely on the cookie alone). Empty means {};
 * anything present must be valid JSON.
 */
export async function optionalJsonBody(c: Context<ApiEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("The request body could not be read. Please send valid JSON.", "BAD_REQUEST");
  }
}

/** The {userId} these endpoints take must be the signed-in user; anyone else's id is "not found". */
export function assertOwnUserId(c: Context<ApiEnv>, userId: string) {
  if (userId !== c.get("userId")) throw notFound("We couldn't find that user.", "USER_NOT_FOUND");
}
