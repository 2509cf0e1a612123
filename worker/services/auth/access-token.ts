import { jwtVerify, SignJWT, errors as joseErrors } from "jose";
import type { Env } from "../../env";
import type { Clock } from "../clock";
import { VerifiedTokens } from "./verified-tokens";

/** Access tokens: HS256 JWTs that live 15 minutes (security baseline). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "nudge";
const AUDIENCE = "nudge-api";

/**
 * What this isolate keeps for one JWT_SECRET: the HMAC key, imported once (jose imports raw bytes on
 * every call, which was about half of a token check's CPU: Node 24, 60-90 µs with bytes, 40 µs with
 * the key), and the tokens it has already verified with that key (see `verifyAccessToken`).
 */
interface SecretState {
  secret: string;
  key: Promise<CryptoKey>;
  verified: VerifiedTokens;
}

let state: SecretState | null = null;

/** At most this many verified tokens per isolate (about 300 bytes each). */
const VERIFIED_TOKENS_KEPT = 1024;

function stateFor(env: Pick<Env, "JWT_SECRET">): SecretState {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) throw new Error("JWT_SECRET must be set to at least 32 characters");
  if (state?.secret !== env.JWT_SECRET) {
    const raw = new TextEncoder().encode(env.JWT_SECRET);
    // A new secret starts with nothing verified: a token checked under the old one proves nothing now.
    state = {
      secret: env.JWT_SECRET,
      key: crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
      verified: new VerifiedTokens(VERIFIED_TOKENS_KEPT),
    };
  }
  return state;
}

function key(env: Pick<Env, "JWT_SECRET">): Promise<CryptoKey> {
  return stateFor(env).key;
}

/** "Now" as JWT claims and jose count it: whole seconds since the epoch, rounded down. */
function epochSeconds(clock: Clock): number {
  return Math.floor(clock.now().getTime() / 1000);
}

/**
 * A private claim: the moment of signing in milliseconds. `iat` counts whole seconds, too coarse to tell a
 * token signed just before a person's sessions were ended from the new one signed just after, in the same
 * second (ADR 115).
 */
const ISSUED_AT_MS_CLAIM = "iat_ms";

/**
 * The sign-in the token belongs to: its refresh tokens' family (sessions.ts). Signing out of that device
 * revokes the family, and the places that check a token (session-end.ts) then refuse it (ADR 117).
 */
const SESSION_CLAIM = "sid";

/** `sessionId`: the sign-in's refresh family; every token the product issues has one (tests may sign without). */
export async function signAccessToken(env: Pick<Env, "JWT_SECRET">, clock: Clock, userId: string, sessionId?: string): Promise<string> {
  const now = epochSeconds(clock);
  return new SignJWT({ [ISSUED_AT_MS_CLAIM]: clock.now().getTime(), ...(sessionId ? { [SESSION_CLAIM]: sessionId } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(await key(env));
}

/**
 * `issuedAtMs`: when the token was signed (see `issuedAtMsOf`), to compare with the end of the person's sessions;
 * `sessionId`: the sign-in it belongs to (null for a token signed before that claim existed).
 */
export type AccessTokenCheck = { ok: true; userId: string; issuedAtMs: number; sessionId: string | null } | { ok: false; reason: "expired" | "invalid" };

function sessionIdOf(payload: Record<string, unknown>): string | null {
  const id = payload[SESSION_CLAIM];
  return typeof id === "string" && id.length > 0 ? id : null;
}

/**
 * When a verified token was signed, in ms: its `iat_ms`, or for a token signed before that claim existed
 * its `iat` in seconds (the start of that second: such a token counts as older, never as newer, than it is).
 * A token with neither counts as signed at the epoch, so any end of sessions refuses it.
 */
function issuedAtMsOf(payload: Record<string, unknown>): number {
  const ms = payload[ISSUED_AT_MS_CLAIM];
  if (typeof ms === "number" && Number.isFinite(ms)) return ms;
  return typeof payload.iat === "number" && Number.isFinite(payload.iat) ? payload.iat * 1000 : 0;
}

/**
 * The one place a token is checked: signature, algorithm (HS256 only), issuer, audience, expiry
 * against the clock (with `toleranceSeconds` of grace) and a subject. Throws jose's errors.
 */
async function verifiedClaims(env: Pick<Env, "JWT_SECRET">, clock: Clock, token: string, toleranceSeconds = 0) {
  const { payload } = await jwtVerify(token, await key(env), {
    algorithms: ["HS256"],
    issuer: ISSUER,
    audience: AUDIENCE,
    currentDate: clock.now(),
    clockTolerance: toleranceSeconds,
  });
  const subject = typeof payload.sub === "string" && payload.sub.length > 0 ? payload.sub : null;
  return { subject, payload };
}

/**
 * Checks signature, algorithm (HS256 only), issuer, audience and expiry against the clock. A token
 * this isolate verified before is answered from `VerifiedTokens` with its expiry checked again, as
 * jose checks it (expired when `exp <= now`): the same answer without decoding and the HMAC.
 */
export async function verifyAccessToken(env: Pick<Env, "JWT_SECRET">, clock: Clock, token: string): Promise<AccessTokenCheck> {
  try {
    // Taken before any await: if the secret changes meanwhile, this token lands in the old, dropped set.
    const { verified } = stateFor(env);
    const known = verified.find(token);
    if (known) {
      if (known.expiresAt > epochSeconds(clock)) return { ok: true, userId: known.userId, issuedAtMs: known.issuedAtMs, sessionId: known.sessionId };
      verified.forget(token);
      return { ok: false, reason: "expired" };
    }
    const { subject, payload } = await verifiedClaims(env, clock, token);
    if (!subject) return { ok: false, reason: "invalid" };
    const issuedAtMs = issuedAtMsOf(payload);
    const sessionId = sessionIdOf(payload);
    if (typeof payload.exp === "number" && payload.nbf === undefined) verified.remember(token, { userId: subject, expiresAt: payload.exp, issuedAtMs, sessionId });
    return { ok: true, userId: subject, issuedAtMs, sessionId };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: "expired" };
    return { ok: false, reason: "invalid" };
  }
}

/**
 * Signature, algorithm, issuer and audience as `verifyAccessToken`, but an expired token still passes
 * when it expired less than `maxExpiredSeconds` ago. Only for recognising a token we once signed
 * (inspectSessionTokens); never for authorising a request.
 */
export async function verifyAccessTokenSignature(
  env: Pick<Env, "JWT_SECRET">,
  clock: Clock,
  token: string,
  maxExpiredSeconds: number,
): Promise<{ userId: string } | null> {
  try {
    const { subject } = await verifiedClaims(env, clock, token, maxExpiredSeconds);
    return subject ? { userId: subject } : null;
  } catch {
    return null;
  }
}
