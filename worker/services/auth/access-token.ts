import { jwtVerify, SignJWT, errors as joseErrors } from "jose";
import type { Env } from "../../env";
import type { Clock } from "../clock";

/** Access tokens: HS256 JWTs that live 15 minutes (security baseline). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "nudge";
const AUDIENCE = "nudge-api";

/**
 * The HMAC key, imported once per isolate and secret: jose imports raw bytes on every call, which
 * was about half of a token check's CPU (Node 24: 60-90 µs with bytes, 40 µs with the key).
 */
let imported: { secret: string; key: Promise<CryptoKey> } | null = null;

function key(env: Pick<Env, "JWT_SECRET">): Promise<CryptoKey> {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) throw new Error("JWT_SECRET must be set to at least 32 characters");
  if (imported?.secret !== env.JWT_SECRET) {
    const raw = new TextEncoder().encode(env.JWT_SECRET);
    imported = { secret: env.JWT_SECRET, key: crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]) };
  }
  return imported.key;
}

export async function signAccessToken(env: Pick<Env, "JWT_SECRET">, clock: Clock, userId: string): Promise<string> {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(await key(env));
}

export type AccessTokenCheck = { ok: true; userId: string } | { ok: false; reason: "expired" | "invalid" };

/**
 * The one place a token is checked: signature, algorithm (HS256 only), issuer, audience, expiry
 * against the clock (with `toleranceSeconds` of grace) and a subject. Throws jose's errors.
 */
async function verifiedSubject(env: Pick<Env, "JWT_SECRET">, clock: Clock, token: string, toleranceSeconds = 0): Promise<string | null> {
  const { payload } = await jwtVerify(token, await key(env), {
    algorithms: ["HS256"],
    issuer: ISSUER,
    audience: AUDIENCE,
    currentDate: clock.now(),
    clockTolerance: toleranceSeconds,
  });
  return typeof payload.sub === "string" && payload.sub.length > 0 ? payload.sub : null;
}

/** Checks signature, algorithm (HS256 only), issuer, audience and expiry against the clock. */
export async function verifyAccessToken(env: Pick<Env, "JWT_SECRET">, clock: Clock, token: string): Promise<AccessTokenCheck> {
  try {
    const userId = await verifiedSubject(env, clock, token);
    return userId ? { ok: true, userId } : { ok: false, reason: "invalid" };
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
    const userId = await verifiedSubject(env, clock, token, maxExpiredSeconds);
    return userId ? { userId } : null;
  } catch {
    return null;
  }
}
