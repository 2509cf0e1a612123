import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client, type OAuth2Tokens } from "arctic";
import { eq } from "drizzle-orm";
import { decodeJwt, type JWTPayload } from "jose";
import { users, type User } from "../../../db/schema";
import type { Env } from "../../env";
import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { badRequest } from "../errors";
import { log } from "../log";
import { constantTimeEqual } from "../tokens";
import { canonicalTimeZone, normalizeEmail } from "./schemas";
import { createSession } from "./sessions";
import { takeBackUnverifiedAccount } from "./take-back";
import type { AuthResult, RequestMeta } from "./types";
import { findUserByEmail, isUniqueViolation, toPublicUser } from "./users";
import { oneLine } from "../one-line";

/**
 * Google sign-in (ADR 014): authorization code flow with state and PKCE (S256) through arctic.
 *
 * arctic's `Google` class is `OAuth2Client` with Google's endpoints fixed; we use `OAuth2Client`
 * directly with the same defaults so the endpoints can point elsewhere (GOOGLE_AUTH_BASE,
 * GOOGLE_TOKEN_URL: a fake Google in tests, a proxy if ever needed). The ID token comes straight
 * from the token endpoint over TLS, so (OpenID Connect Core §3.1.3.7) its claims are checked -
 * iss, aud, exp, email_verified - without fetching Google's signing keys.
 */
export const GOOGLE_FAILED_MESSAGE = "Failed to complete Google sign-in. Please try again.";
export const GOOGLE_NOT_CONFIGURED_MESSAGE = "Google sign-in is not set up on this server yet. Please sign in with your email and password.";
const DEFAULT_AUTH_BASE = "https://accounts.google.com";
const DEFAULT_TOKEN_URL = "https://oauth2.googleapis.com/token";
const GOOGLE_ISSUERS = new Set(["https://accounts.google.com", "accounts.google.com"]);
const SCOPES = ["openid", "email", "profile"];
/** Where the browser lands when no (safe) redirect target was given. */
export const DEFAULT_AFTER_SIGN_IN = "/dashboard";

interface GoogleConfig {
  client: OAuth2Client;
  clientId: string;
  authorizationUrl: string;
  tokenUrl: string;
}

export function isGoogleConfigured(env: Pick<Env, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET">): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/** The callback Google sends the browser back to; registered in the Google console as is. */
export function googleRedirectUri(env: Pick<Env, "APP_URL">): string {
  return appLink(env, "/v1/auth/google/callback", {});
}

function googleConfig(env: Env): GoogleConfig {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) throw badRequest(GOOGLE_NOT_CONFIGURED_MESSAGE, "GOOGLE_NOT_CONFIGURED");
  const base = (env.GOOGLE_AUTH_BASE || DEFAULT_AUTH_BASE).replace(/\/+$/, "");
  return {
    client: new OAuth2Client(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, googleRedirectUri(env)),
    clientId: env.GOOGLE_CLIENT_ID,
    authorizationUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: env.GOOGLE_TOKEN_URL || DEFAULT_TOKEN_URL,
  };
}

/**
 * Only a path on our own site: "/dashboard?x=1" yes; "//evil.example", "https://...", "/\\evil" no.
 * Anything else becomes the dashboard, so the redirect cannot send people to another site.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || value.length > 512 || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return DEFAULT_AFTER_SIGN_IN;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return DEFAULT_AFTER_SIGN_IN;
  try {
    const url = new URL(value, "https://nudge.invalid");
    if (url.origin !== "https://nudge.invalid") return DEFAULT_AFTER_SIGN_IN;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
}

/** GET /v1/auth/google: the Google URL, and the state and verifier to keep in short-lived HttpOnly cookies. */
export async function startGoogleSignIn(
  deps: Deps,
  redirectAfter: string | null,
): Promise<{ url: string; state: string; codeVerifier: string; redirectTo: string }> {
  const config = googleConfig(deps.env);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = config.client.createAuthorizationURLWithPKCE(config.authorizationUrl, state, CodeChallengeMethod.S256, codeVerifier, SCOPES);
  return { url: url.toString(), state, codeVerifier, redirectTo: safeRedirectPath(redirectAfter) };
}

export interface GoogleCallbackInput {
  code: string;
  state: string;
  storedState: string | null;
  codeVerifier: string | null;
  /** The browser's zone, kept from the start of the flow; used only when an account is created. */
  timezone?: string | null;
  /**
   * True when the sign-in started with `consent=1`: the page showed "By continuing you agree to the
   * Terms of Service and Privacy Policy" next to the Google button. Stored as the user's consent.
   */
  consent?: boolean;
}

interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
}

const failed = (code: string) => badRequest(GOOGLE_FAILED_MESSAGE, code);

function logFailure(reason: string, error?: unknown) {
  log.warn("google_sign_in_failed", { reason, error: error === undefined ? undefined : String(error) });
}

/** The claims we rely on, checked against our client id and our clock. */
export function checkIdTokenClaims(claims: JWTPayload & Record<string, unknown>, clientId: string, now: Date): GoogleIdentity | null {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (typeof claims.iss !== "string" || !GOOGLE_ISSUERS.has(claims.iss)) return null;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(clientId)) return null;
  if (audiences.length > 1 && claims.azp !== clientId) return null;
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds) return null;
  // Allow a little clock skew, but not tokens "issued" in the future.
  if (typeof claims.iat === "number" && claims.iat > nowSeconds + 300) return null;
  if (claims.email_verified !== true && claims.email_verified !== "true") return null;
  if (typeof claims.sub !== "string" || claims.sub.length === 0 || claims.sub.length > 255) return null;
  if (typeof claims.email !== "string" || claims.email.length > 254 || !claims.email.includes("@")) return null;
  const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 100) : null;
  return { sub: claims.sub, email: normalizeEmail(claims.email), name };
}

/**
 * GET /v1/auth/google/callback: checks the state, exchanges the code (with the PKCE verifier), checks
 * the ID token, then signs in the account with that Google id, or links the account with that
 * verified email, or creates one (email verified, timezone from the browser or UTC). Linking an
 * account whose email was never verified first takes it back from whoever registered it
 * (claimUnverifiedAccount).
 * Every failure is a 400 with the spec's Google message.
 */
export async function completeGoogleSignIn(deps: Deps, input: GoogleCallbackInput, meta: RequestMeta): Promise<AuthResult> {
  const config = googleConfig(deps.env);
  const { code, state, storedState, codeVerifier } = input;
  if (!code || !state || !storedState || !codeVerifier || code.length > 2048 || !constantTimeEqual(state, storedState)) {
    logFailure("state");
    throw failed("GOOGLE_STATE_MISMATCH");
  }
  let tokens: OAuth2Tokens;
  let claims: JWTPayload & Record<string, unknown>;
  try {
    tokens = await config.client.validateAuthorizationCode(config.tokenUrl, code, codeVerifier);
    claims = decodeJwt(tokens.idToken());
  } catch (error) {
    logFailure("token_exchange", error);
    throw failed("GOOGLE_TOKEN_EXCHANGE_FAILED");
  }
  const identity = checkIdTokenClaims(claims, config.clientId, deps.clock.now());
  if (!identity) {
    logFailure("id_token_claims");
    throw failed("GOOGLE_ID_TOKEN_REJECTED");
  }
  const user = await findOrCreateGoogleUser(deps, identity, input.timezone ?? null, input.consent === true);
  const session = await createSession(deps, user.id, meta);
  return { ...session, user: toPublicUser(user) };
}

async function findOrCreateGoogleUser(deps: Deps, identity: GoogleIdentity, timezone: string | null, consent: boolean): Promise<User> {
  const now = deps.clock.now().getTime();
  const [linked] = await deps.db.select().from(users).where(eq(users.googleId, identity.sub)).limit(1);
  if (linked) return consent && !linked.consent ? await recordConsent(deps, linked, now) : linked;

  const existing = await findUserByEmail(deps, identity.email);
  if (existing) {
    // Same verified address: link it. An account already tied to another Google id is left alone.
    if (existing.googleId && existing.googleId !== identity.sub) {
      logFailure("email_linked_to_other_google_id");
      throw failed("GOOGLE_ACCOUNT_CONFLICT");
    }
    if (!existing.isVerified) {
      const claimed = await claimUnverifiedAccount(deps, existing, identity, consent);
      if (claimed) return claimed;
      // Verified in the meantime (by the mailbox owner): link it like any verified account.
    }
    const [updated] = await deps.db
      .update(users)
      .set({ googleId: identity.sub, isVerified: true, ...(consent ? { consent: true } : {}), updatedAt: now })
      .where(eq(users.id, existing.id))
      .returning();
    return updated ?? existing;
  }

  const zone = timezone ? canonicalTimeZone(timezone) : null;
  try {
    const [created] = await deps.db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        name: oneLine(identity.name ?? "") || (identity.email.split("@")[0] ?? "Friend"),
        email: identity.email,
        passwordHash: null,
        googleId: identity.sub,
        isVerified: true,
        // Google's pages ask for no consent; ours shows the terms note next to the button and says so
        // with `consent=1` (docs/spec-deviations.md). Without it nothing was agreed to.
        consent,
        timezone: zone ?? "UTC",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error("The new user row was not returned");
    return created;
  } catch (error) {
    // A parallel callback created it first: use that row.
    if (!isUniqueViolation(error)) throw error;
    const [raced] = await deps.db.select().from(users).where(eq(users.googleId, identity.sub)).limit(1);
    if (!raced) throw failed("GOOGLE_ACCOUNT_CONFLICT");
    return raced;
  }
}

/** A returning Google user who saw the terms note this time. */
async function recordConsent(deps: Deps, user: User, now: number): Promise<User> {
  const [updated] = await deps.db.update(users).set({ consent: true, updatedAt: now }).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

/**
 * Pre-account takeover defence (ADR 017): the owner proved the mailbox through Google, so whoever
 * registered the address without that proof loses every way in (take-back.ts). The consent becomes
 * what this person agreed to. Returns null when the account was verified in the meantime.
 */
async function claimUnverifiedAccount(deps: Deps, existing: User, identity: GoogleIdentity, consent: boolean): Promise<User | null> {
  return takeBackUnverifiedAccount(deps, existing.id, "google", { googleId: identity.sub, consent });
}
