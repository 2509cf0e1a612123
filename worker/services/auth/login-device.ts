import { generateCookie } from "hono/cookie";
import type { Deps } from "../deps";
import { constantTimeEqual, hmacSha256Hex, randomToken, sha256Hex } from "../tokens";
import { subKey } from "./codes";

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies", ADR 039).
 * A successful password sign-in gives the browser a cookie that says "this browser signed in to
 * this account before": `<nonce>.<HMAC(server key, sha256(email):sha256(password hash):nonce)>`.
 * Nothing is stored; the signature binds it to the account and its current password. A browser holding one is exempt from the account-wide
 * sign-in limit (which a stranger can fill with wrong guesses) and meets its own limit instead
 * (10 failures in 10 minutes lock that device), so an attack on the account never shuts the owner
 * out of the browsers they use. It grants nothing else: the password is still checked.
 */
export const LOGIN_DEVICE_COOKIE = "loginDevice";
const LOGIN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const LABEL = "nudge/login-device/v1";

/**
 * The signature binds the cookie to the account's email AND its current password hash, so a new
 * password (a reset, or a take-back that removes the registrant's, ADR 038) ends every device cookie
 * earned with the old one. The hash never leaves the server; only the HMAC does.
 */
async function signature(env: Deps["env"], email: string, passwordHash: string, nonce: string): Promise<string> {
  return hmacSha256Hex(await subKey(env, LABEL), `${await sha256Hex(email)}:${await sha256Hex(passwordHash)}:${nonce}`);
}

/** A new device cookie value for this (normalised) email and its current password hash. */
export async function issueLoginDevice(env: Deps["env"], email: string, passwordHash: string): Promise<string> {
  const nonce = randomToken(16);
  return `${nonce}.${await signature(env, email, passwordHash, nonce)}`;
}

/**
 * The device's id (its nonce) when the cookie is ours and was issued for this email and password
 * hash, else null (also for an unknown email or an account without a password: null, same work).
 */
export async function trustedLoginDevice(env: Deps["env"], email: string, passwordHash: string | null, value: string | null | undefined): Promise<string | null> {
  if (!value || value.length > 200) return null;
  const [nonce, mac, extra] = value.split(".");
  if (!nonce || !mac || extra !== undefined || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return null;
  const expected = await signature(env, email, passwordHash ?? "", nonce);
  return passwordHash && constantTimeEqual(mac, expected) ? nonce : null;
}

/** Set-Cookie for the device cookie: a year, HttpOnly, Secure, SameSite=Strict, Path=/. */
export function loginDeviceSetCookie(value: string): string {
  return generateCookie(LOGIN_DEVICE_COOKIE, value, { httpOnly: true, secure: true, sameSite: "Strict", path: "/", maxAge: LOGIN_DEVICE_MAX_AGE_SECONDS });
}
