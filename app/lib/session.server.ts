import { guardOnboarding } from "./onboarding.server";
import { noteSignIn, profileOnce, readAlongside, sessionStateOnce } from "./request-reads.server";
/**
 * The web session of the Remix pages. The browser never sees a token: the /v1 auth services set
 * HttpOnly cookies (`accessToken`, 15 min; `refreshToken`, 7 days) and every loader/action reads
 * them here.
 *
 * - The access token is checked with verifyAccessToken (signature, algorithm, expiry), and against the
 *   person's row, read for the page anyway: a token signed before their sessions were ended (a new
 *   password, a reset, a take-back, ADR 115) or of a sign-in that has ended since (that device signed
 *   out, ADR 117) is set aside as if it had expired.
 * - When it has expired (or is missing) but a refresh token is there, the session is refreshed
 *   silently with refreshSessionOrRace and the new cookies ride on the SAME response (loaders return
 *   them through `data(…, { headers })`; Remix merges Set-Cookie from every loader, also for
 *   single-fetch `.data` requests). A failed refresh clears both cookies.
 * - The work is memoised per request (keyed by the load context object, which Remix shares between
 *   the action and all loaders of one request), so the root loader and a route loader running in
 *   parallel never refresh twice: a second refresh with the same token would look like token reuse
 *   and revoke the whole family.
 * - Two requests of one browser (two tabs, a document and a fetch) can still present the same
 *   expired token at once. The one that loses the rotation gets `raced` (the token was rotated
 *   by the other less than 30 s ago): it counts as signed in for its own response and sets no
 *   cookies; the winner's response brings the new ones (ADR 030).
 *
 * Usage in a login-required route:
 *   export async function loader(args: LoaderFunctionArgs) {
 *     const { user, headers } = await requireUser(args);
 *     return data({ ... }, { headers });
 *   }
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { parse } from "hono/utils/cookie";
import {
  ACCESS_TOKEN_COOKIE,
  clearSessionSetCookies,
  REFRESH_TOKEN_COOKIE,
  refreshIntentFor,
  refreshSessionOrRace,
  safeRedirectPath,
  sessionSetCookies,
  tokenSpeaksWith,
  verifyAccessToken,
  type PublicUser,
} from "../../worker/services/auth";
import { isAppError } from "../../worker/services/errors";
import { errorFields, log } from "../../worker/services/log";
import { CROSS_SITE_BLOCKED, isSameOrigin, requestMeta } from "../../worker/http";
import { loginUrlFor } from "./urls";

/**
 * Where to go after signing in: only same-site relative paths starting with a single '/'
 * ('//evil.example', '/\x', 'https://…' and control characters fall back to /dashboard).
 * The same rule as the API's Google redirect (safeRedirectPath).
 */
export const safeRedirect = (to: unknown): string => safeRedirectPath(typeof to === "string" ? to : null);

export { loginUrlFor } from "./urls";

interface Args {
  request: Request;
  context: AppLoadContext;
}

export interface WebSession {
  /** The signed-in user's id, or null when logged out (or the refresh failed). */
  userId: string | null;
  /** Set-Cookie values this response must carry (rotated tokens, or clearing ones). */
  setCookies: string[];
  /**
   * When the access token the browser sent was signed (ms), to compare with the end of the person's
   * sessions; null when there is none to compare (signed out, or the session was refreshed in this
   * request: a refresh token that still works was not revoked, so its new token is good).
   */
  tokenIssuedAtMs: number | null;
}

const sessions = new WeakMap<AppLoadContext, Promise<WebSession>>();
const checkedSessions = new WeakMap<AppLoadContext, Promise<WebSession>>();


export function readSessionCookies(request: Request): { accessToken: string | null; refreshToken: string | null } {
  const cookies = parse(request.headers.get("Cookie") ?? "");
  return { accessToken: cookies[ACCESS_TOKEN_COOKIE] || null, refreshToken: cookies[REFRESH_TOKEN_COOKIE] || null };
}

async function resolveSession(args: Args): Promise<WebSession> {
  const { deps } = args.context;
  const { accessToken } = readSessionCookies(args.request);
  if (accessToken) {
    const check = await verifyAccessToken(deps.env, deps.clock, accessToken);
    if (check.ok) {
      // Before anything reads the person's row, so that read also says whether this sign-in goes on.
      if (check.sessionId) noteSignIn(args, check.sessionId);
      return { userId: check.userId, setCookies: [], tokenIssuedAtMs: check.issuedAtMs };
    }
  }
  return refreshedSession(args);
}

/** The session from the refresh token alone (the access token is missing, expired, invalid or set aside). */
async function refreshedSession({ request, context }: Args): Promise<WebSession> {
  const { deps } = context;
  const { accessToken, refreshToken } = readSessionCookies(request);
  const signedOut = (setCookies: string[]): WebSession => ({ userId: null, setCookies, tokenIssuedAtMs: null });
  if (refreshToken) {
    try {
      // A raced token may serve a read, never an action (ADR 040): it could be a thief's copy.
      const outcome = await refreshSessionOrRace(deps, refreshToken, requestMeta(request), { intent: refreshIntentFor(request.method) });
      // Another request of this browser (a second tab, a parallel fetch) rotated this very token a
      // moment ago and its response carries the new cookies: signed in for this response, and no
      // Set-Cookie here, or we would overwrite the winner's fresh cookies with nothing better.
      if (outcome.kind === "raced") return { userId: outcome.userId, setCookies: [], tokenIssuedAtMs: null };
      const check = await verifyAccessToken(deps.env, deps.clock, outcome.tokens.accessToken);
      if (check.ok) return { userId: check.userId, setCookies: sessionSetCookies(outcome.tokens), tokenIssuedAtMs: null };
    } catch (error) {
      // An action with a token another request just rotated: signed out for this request only. The
      // cookies stay (the winner's response sets the new ones; clearing here would undo that).
      if (isAppError(error) && error.code === "REFRESH_RACE") return signedOut([]);
      // 401 (expired, revoked, reused) is the normal end of a session; anything else is a bug.
      if (!isAppError(error)) log.error("session_refresh_failed", errorFields(error));
    }
    return signedOut(clearSessionSetCookies());
  }
  // An access token that is neither valid nor refreshable: clear it so we stop checking it.
  return signedOut(accessToken ? clearSessionSetCookies() : []);
}

/**
 * The session as the cookies tell it (verified, refreshed when needed), computed once per request, before
 * the person's row is seen: enough to start reading their data early (requireUserWith), never to act on.
 */
function getTokenSession(args: Args): Promise<WebSession> {
  return oncePerRequest(sessions, args, resolveSession);
}

/** `compute`'s answer for this request, computed at most once (keyed by the load context, one per request). */
function oncePerRequest(made: WeakMap<AppLoadContext, Promise<WebSession>>, args: Args, compute: (args: Args) => Promise<WebSession>): Promise<WebSession> {
  let session = made.get(args.context);
  if (!session) {
    session = compute(args);
    made.set(args.context, session);
  }
  return session;
}

/**
 * The session of this request, computed once per request: verified, refreshed when needed, and checked
 * against the person's row. An access token signed before their sessions were ended is set aside and the
 * refresh token decides, as when the access token has expired: a thief's copy of the refresh token was
 * revoked by the same change, so they are signed out; the person who made the change has a new one and
 * stays signed in (ADR 115). The row is the one the page reads for the profile (shared on GET and HEAD).
 */
export function getSession(args: Args): Promise<WebSession> {
  return oncePerRequest(checkedSessions, args, checkSession);
}

async function checkSession(args: Args): Promise<WebSession> {
  const session = await getTokenSession(args);
  if (!session.userId || session.tokenIssuedAtMs === null) return session;
  let state: Awaited<ReturnType<typeof sessionStateOnce>>;
  try {
    state = await sessionStateOnce(args, session.userId);
  } catch (error) {
    // A deleted account: getOptionalUser's profile read answers for it.
    if (isAppError(error) && error.status === 404) return session;
    throw error;
  }
  if (tokenSpeaksWith(state, session.tokenIssuedAtMs)) return session;
  log.info(state.signInGoesOn ? "access_token_after_sessions_ended" : "access_token_after_sign_out", { userId: session.userId });
  return refreshedSession(args);
}

/** Headers carrying this request's Set-Cookie values (empty when nothing changed). */
export function cookieHeaders(setCookies: readonly string[], extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  for (const value of setCookies) headers.append("Set-Cookie", value);
  return headers;
}

export interface OptionalUser {
  user: PublicUser | null;
  /** Must be returned with the loader's data (`data(value, { headers })`) or a redirect. */
  headers: Headers;
}

/** The signed-in user's profile, or null. A user that no longer exists counts as logged out. */
export async function getOptionalUser(args: Args): Promise<OptionalUser> {
  // The profile's read starts beside the session's check of the same row (ADR 115): one D1 wait, also on a POST,
  // where reads are not shared. Dropped when the check signs the request out.
  const { userId: claimed } = await getTokenSession(args);
  const early = claimed ? profileOnce(args, claimed) : null;
  early?.catch(() => undefined);
  const session = await getSession(args);
  if (!session.userId) return { user: null, headers: cookieHeaders(session.setCookies) };
  try {
    const userId = session.userId;
    const user = await (early && userId === claimed ? early : profileOnce(args, userId));
    return { user, headers: cookieHeaders(session.setCookies) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { user: null, headers: cookieHeaders(clearSessionSetCookies()) };
    throw error;
  }
}

/** The full path (path + query) of a request: where to come back to after signing in. */
export function fullPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Login required: logged-out visitors go to `/auth/login?redirect=<full path incl. query>`. */
export async function requireUser(args: Args): Promise<{ user: PublicUser; headers: Headers }> {
  const { user, headers } = await getOptionalUser(args);
  if (!user) throw redirect(loginUrlFor(fullPath(args.request)), { headers });
  await guardOnboarding(args, user, headers);
  return { user, headers };
}

/**
 * requireUser, with a read of the person's own data (their tasks, buddies, quiet hours…) started as
 * soon as the session's verified id is known, so it runs while the person's row is read: one D1
 * round trip instead of two (readAlongside, issue 8).
 */
export async function requireUserWith<T>(args: Args, read: (userId: string) => Promise<T>): Promise<{ user: PublicUser; headers: Headers; value: T }> {
  const { userId } = await getTokenSession(args);
  return readAlongside(userId, () => requireUser(args), read);
}

/**
 * For /auth/login and /auth/register: a signed-in user goes on to the dashboard (or to a safe
 * `redirect` target when one is in the URL). Returns the headers to send otherwise.
 */
export async function redirectIfLoggedIn(args: Args): Promise<Headers> {
  const { user, headers } = await getOptionalUser(args);
  if (user) {
    const target = safeRedirect(new URL(args.request.url).searchParams.get("redirect"));
    throw redirect(target, { headers });
  }
  return headers;
}

/** A redirect that starts a new session (login, register, magic link, Google). */
export function redirectWithTokens(to: string, tokens: { accessToken: string; refreshToken: string }): Response {
  return redirect(to, { headers: cookieHeaders(sessionSetCookies(tokens)) });
}

/** Cookies that end the session. */
export function clearedSessionHeaders(): Headers {
  return cookieHeaders(clearSessionSetCookies());
}

/**
 * Defence in depth for actions that change data with the cookie session (SameSite=Strict already
 * keeps cross-site posts from carrying the cookies): the browser's Origin must be our own.
 */
export function assertSameOrigin({ request, context }: Args): void {
  if (!isSameOrigin(request, context.cloudflare.env.APP_URL)) throw new Response(CROSS_SITE_BLOCKED, { status: 403 });
}

/**
 * SameSite=Strict cookies are not sent on a navigation that arrives from another site (a link in
 * a webmail, the way back from Google). The page then looks logged out although it is not; the
 * client re-runs its loaders once (same-origin fetches do carry the cookies). See root.tsx.
 */
export function arrivedCrossSite(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}
