import { generateCookie } from "hono/cookie";
import { ACCESS_TOKEN_TTL_SECONDS } from "./access-token";
import { REFRESH_TOKEN_TTL_MS } from "./sessions";
import type { SessionTokens } from "./types";

/**
 * Set-Cookie values for the session, shared by /v1 and the Remix actions (auth contract):
 * accessToken for 15 minutes and refreshToken for 7 days, HttpOnly, Secure, SameSite=Strict, Path=/.
 * (Chromium accepts Secure cookies on http://localhost, so local runs work too.)
 */
export const ACCESS_TOKEN_COOKIE = "accessToken";
export const REFRESH_TOKEN_COOKIE = "refreshToken";
const REFRESH_TOKEN_TTL_SECONDS = Math.floor(REFRESH_TOKEN_TTL_MS / 1000);

const sessionCookie = { httpOnly: true, secure: true, sameSite: "Strict", path: "/" } as const;

export function sessionSetCookies(tokens: SessionTokens): string[] {
  return [
    generateCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, { ...sessionCookie, maxAge: ACCESS_TOKEN_TTL_SECONDS }),
    generateCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, { ...sessionCookie, maxAge: REFRESH_TOKEN_TTL_SECONDS }),
  ];
}

export function clearSessionSetCookies(): string[] {
  return [
    generateCookie(ACCESS_TOKEN_COOKIE, "", { ...sessionCookie, maxAge: 0 }),
    generateCookie(REFRESH_TOKEN_COOKIE, "", { ...sessionCookie, maxAge: 0 }),
  ];
}

/**
 * The Google flow's own cookies: state, PKCE verifier, where to go afterwards, the browser's zone,
 * and whether the page showed the terms note (consent).
 * 10 minutes, HttpOnly, Secure, scoped to /v1/auth/google, and SameSite=Lax because they must come
 * back on the top-level redirect from accounts.google.com (Strict cookies would not).
 */
export const GOOGLE_FLOW_COOKIES = {
  state: "google_oauth_state",
  codeVerifier: "google_oauth_verifier",
  redirectTo: "google_oauth_redirect",
  timezone: "google_oauth_tz",
  consent: "google_oauth_consent",
} as const;
const GOOGLE_FLOW_TTL_SECONDS = 10 * 60;
const googleCookie = { httpOnly: true, secure: true, sameSite: "Lax", path: "/v1/auth/google" } as const;

export function googleFlowSetCookies(values: { state: string; codeVerifier: string; redirectTo: string; timezone: string | null; consent?: boolean }): string[] {
  const cookies = [
    generateCookie(GOOGLE_FLOW_COOKIES.state, values.state, { ...googleCookie, maxAge: GOOGLE_FLOW_TTL_SECONDS }),
    generateCookie(GOOGLE_FLOW_COOKIES.codeVerifier, values.codeVerifier, { ...googleCookie, maxAge: GOOGLE_FLOW_TTL_SECONDS }),
    generateCookie(GOOGLE_FLOW_COOKIES.redirectTo, values.redirectTo, { ...googleCookie, maxAge: GOOGLE_FLOW_TTL_SECONDS }),
  ];
  if (values.timezone) cookies.push(generateCookie(GOOGLE_FLOW_COOKIES.timezone, values.timezone, { ...googleCookie, maxAge: GOOGLE_FLOW_TTL_SECONDS }));
  if (values.consent) cookies.push(generateCookie(GOOGLE_FLOW_COOKIES.consent, "1", { ...googleCookie, maxAge: GOOGLE_FLOW_TTL_SECONDS }));
  return cookies;
}

export function clearGoogleFlowSetCookies(): string[] {
  return Object.values(GOOGLE_FLOW_COOKIES).map((name) => generateCookie(name, "", { ...googleCookie, maxAge: 0 }));
}

/**
 * The pairing handshake a platform's link carried (`?platformId=telegram&code=...`), kept for one day
 * (spec 01) while the person signs in or registers. SameSite=Lax: it is set on the top-level visit
 * that comes from Telegram, and read on our own pages afterwards.
 */
export const PAIRING_COOKIE = "pairing";
export const PAIRING_COOKIE_SECONDS = 24 * 60 * 60;
const pairingCookie = { httpOnly: true, secure: true, sameSite: "Lax", path: "/" } as const;

export function pairingSetCookie(pairing: { platformId: string; platformCode: string }): string {
  return generateCookie(PAIRING_COOKIE, JSON.stringify(pairing), { ...pairingCookie, maxAge: PAIRING_COOKIE_SECONDS });
}

export function clearPairingSetCookie(): string {
  return generateCookie(PAIRING_COOKIE, "", { ...pairingCookie, maxAge: 0 });
}

/** Spec 01 §9: Skip sets the skip-onboarding cookie to "true" for one day (the server keeps its own skip too). */
export const SKIP_ONBOARDING_COOKIE = "skipOnBoarding";
export function skipOnboardingSetCookie(): string {
  return generateCookie(SKIP_ONBOARDING_COOKIE, "true", { ...pairingCookie, sameSite: "Strict", maxAge: PAIRING_COOKIE_SECONDS });
}
export function clearSkipOnboardingSetCookie(): string {
  return generateCookie(SKIP_ONBOARDING_COOKIE, "", { ...pairingCookie, sameSite: "Strict", maxAge: 0 });
}
