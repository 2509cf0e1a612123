import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pushSubscriptions, telegramLinkCodes, users } from "../../db/schema";
import { canonicalTimeZone, completeGoogleSignIn, GOOGLE_FAILED_MESSAGE, verifyEmailCode } from "../../worker/services/auth";
import { checkIdTokenClaims, safeRedirectPath } from "../../worker/services/auth/google";
import { request, testDeps } from "./helpers";
import { sha256Hex } from "../../worker/services/tokens";
import { cookieHeader, cookiesFrom, GOOD_PASSWORD, json, latestCode, latestEmail, readEmail, registerUser, setCookieLine, uniqueEmail, userByEmail } from "./auth-support";
import { fakeFetch } from "../fakes/fake";
import { createFakeGoogle, type FakeGoogleAccount } from "../fakes/google";

const GOOGLE_ENV = {
  GOOGLE_CLIENT_ID: "test-client-id.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "test-client-secret",
  GOOGLE_AUTH_BASE: "https://fake-google.test",
  GOOGLE_TOKEN_URL: "https://fake-google.test/token",
};
const REDIRECT_URI = "http://localhost:8787/v1/auth/google/callback";
const FAILED = "/auth/google/callback?error=1";

let google: ReturnType<typeof createFakeGoogle>;
let warnings: string[];

beforeEach(() => {
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((line: unknown) => void warnings.push(String(line)));
  google = createFakeGoogle({ origin: "https://fake-google.test", clientId: GOOGLE_ENV.GOOGLE_CLIENT_ID, clientSecret: GOOGLE_ENV.GOOGLE_CLIENT_SECRET, redirectUri: REDIRECT_URI });
  vi.stubGlobal("fetch", fakeFetch(google));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function account(overrides: Partial<FakeGoogleAccount> = {}): FakeGoogleAccount {
  return { sub: `google-${crypto.randomUUID()}`, email: uniqueEmail("gmail"), name: "Gal Googler", ...overrides };
}

async function start(query = "?redirect=%2Fdashboard&tz=Asia%2FJerusalem", env: Record<string, string> = GOOGLE_ENV) {
  const response = await request(`/v1/auth/google${query}`, {}, env);
  expect(response.status).toBe(302);
  return { response, location: response.headers.get("Location")!, cookies: cookiesFrom(response) };
}

async function callback(url: string, cookies: Record<string, string>) {
  const parsed = new URL(url);
  return request(`${parsed.pathname}${parsed.search}`, { headers: { Cookie: cookieHeader(cookies) } }, GOOGLE_ENV);
}

/** The whole dance: our start -> Google's consent -> our callback. */
async function signInWithGoogle(who: FakeGoogleAccount, query?: string) {
  const started = await start(query);
  const back = google.authorize(started.location, who);
  const response = await callback(back, started.cookies);
  return { started, response, cookies: cookiesFrom(response) };
}

async function profileWith(cookies: Record<string, string>) {
  const response = await request("/v1/auth/profile", { headers: { Cookie: cookieHeader(cookies) } });
  expect(response.status).toBe(200);
  return response.json<Record<string, unknown>>();
}

describe("GET /v1/auth/google", () => {
  it("302s to Google's (configurable) endpoint with state and an S256 PKCE challenge, keeping state, verifier, target and zone in short-lived HttpOnly cookies", async () => {
    const { response, location, cookies } = await start();
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe("https://fake-google.test/o/oauth2/v2/auth");
    expect(url.searchParams.get("client_id")).toBe(GOOGLE_ENV.GOOGLE_CLIENT_ID);
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBe(cookies.google_oauth_state);
    expect(url.searchParams.get("code_challenge")).not.toBe(cookies.google_oauth_verifier);
    expect(cookies.google_oauth_verifier).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(cookies.google_oauth_redirect).toBe("/dashboard");
    expect(cookies.google_oauth_tz).toBe("Asia/Jerusalem");
    for (const name of ["google_oauth_state", "google_oauth_verifier", "google_oauth_redirect", "google_oauth_tz"]) {
      const line = setCookieLine(response, name)!;
      expect(line).toContain("HttpOnly");
      expect(line).toContain("Secure");
      expect(line).toContain("SameSite=Lax");
      expect(line).toContain("Path=/v1/auth/google");
      expect(line).toContain("Max-Age=600");
    }
  });

  it("keeps only same-site redirect targets", async () => {
    expect((await start("?redirect=%2F%2Fevil.example%2Fx")).cookies.google_oauth_redirect).toBe("/dashboard");
    expect((await start("?redirect=https%3A%2F%2Fevil.example")).cookies.google_oauth_redirect).toBe("/dashboard");
    expect((await start("?redirect=%2Fsettings%3Ftab%3D1")).cookies.google_oauth_redirect).toBe("/settings?tab=1");
    expect((await start("?tz=Not%2FA_Zone")).cookies.google_oauth_tz).toBeUndefined();
    for (const bad of ["/\\evil.example", "javascript:alert(1)", "", "/ok\r\nSet-Cookie: x=1"]) expect(safeRedirectPath(bad)).toBe("/dashboard");
  });

  it("sends the browser to the failure page when Google is not configured", async () => {
    const response = await request("/v1/auth/google", {}, { ...GOOGLE_ENV, GOOGLE_CLIENT_ID: "" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(FAILED);
  });
});

describe("GET /v1/auth/google/callback (against the fake Google)", () => {
  it("creates a verified account, sets the session cookies and 302s to the page with the redirect target (no tokens in the URL)", async () => {
    const who = account();
    const { response, cookies } = await signInWithGoogle(who);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toBe("/auth/google/callback?redirect=%2Fdashboard");
    expect(location).not.toMatch(/token/i);
    expect(setCookieLine(response, "accessToken")).toContain("SameSite=Strict");
    expect(setCookieLine(response, "refreshToken")).toContain("HttpOnly");
    for (const name of ["google_oauth_state", "google_oauth_verifier", "google_oauth_redirect", "google_oauth_tz", "google_oauth_consent"]) expect(setCookieLine(response, name)).toContain("Max-Age=0");

    const profile = await profileWith(cookies);
    expect(profile).toMatchObject({ email: who.email, name: "Gal Googler", googleId: who.sub, isVerified: true, timezone: "Asia/Jerusalem", consent: false, phone: null });

    // The server really talked to the token endpoint, with client authentication and the PKCE verifier.
    expect(google.tokenRequests).toHaveLength(1);
    expect(google.tokenRequests[0]!.form).toMatchObject({ grant_type: "authorization_code", redirect_uri: REDIRECT_URI });
    expect(google.tokenRequests[0]!.form.code_verifier).toBeTruthy();
    expect(google.tokenRequests[0]!.authorization).toMatch(/^Basic /);
  });

  it("stores consent for a new account only when the page showed the terms note (consent=1)", async () => {
    const started = await start("?redirect=%2Fdashboard&consent=1");
    expect(started.cookies.google_oauth_consent).toBe("1");
    const line = setCookieLine(started.response, "google_oauth_consent")!;
    for (const part of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/v1/auth/google", "Max-Age=600"]) expect(line).toContain(part);
    const who = account();
    const response = await callback(google.authorize(started.location, who), started.cookies);
    expect(setCookieLine(response, "google_oauth_consent")).toContain("Max-Age=0");
    expect(await profileWith(cookiesFrom(response))).toMatchObject({ email: who.email, consent: true });

    for (const query of ["?redirect=%2Fdashboard", "?consent=0", "?consent=yes"]) {
      expect((await start(query)).cookies.google_oauth_consent).toBeUndefined();
      const other = account();
      const { cookies } = await signInWithGoogle(other, query);
      expect((await profileWith(cookies)).consent, query).toBe(false);
    }
  });

  it("records consent for a returning Google user who now saw the terms note", async () => {
    const who = account();
    const first = await signInWithGoogle(who);
    expect((await profileWith(first.cookies)).consent).toBe(false);
    const second = await signInWithGoogle(who, "?consent=1");
    expect((await profileWith(second.cookies)).consent).toBe(true);
  });

  it("keeps the browser's zone in its canonical form (Asia/Kolkata, which Intl's list lacks)", async () => {
    const started = await start("?tz=Asia%2FKolkata");
    expect(started.cookies.google_oauth_tz).toBe(canonicalTimeZone("Asia/Kolkata"));
    const response = await callback(google.authorize(started.location, account()), started.cookies);
    expect((await profileWith(cookiesFrom(response))).timezone).toBe(canonicalTimeZone("Asia/Kolkata"));
    expect((await start("?tz=%2B05%3A30")).cookies.google_oauth_tz).toBeUndefined();
  });

  it("uses UTC when the browser's zone was not given", async () => {
    const { cookies } = await signInWithGoogle(account(), "?redirect=%2Fonboarding");
    expect((await profileWith(cookies)).timezone).toBe("UTC");
  });

  it("links an existing VERIFIED password account with the same email, and both ways of signing in keep working", async () => {
    const { input, body } = await registerUser();
    // Verified in the registrant's own session (from anywhere else the code takes the account back, ADR 038).
    expect((await json("/v1/auth/verify-email", "POST", { email: input.email, code: await latestCode(input.email) }, { Authorization: `Bearer ${body.accessToken}` })).status).toBe(200);
    const who = account({ email: input.email.toUpperCase() });
    const { response, cookies } = await signInWithGoogle(who);
    expect(response.headers.get("Location")).toBe("/auth/google/callback?redirect=%2Fdashboard");
    const profile = await profileWith(cookies);
    expect(profile).toMatchObject({ id: body.user.id, googleId: who.sub, isVerified: true, timezone: "Europe/Berlin", consent: true });
    expect((await json("/v1/auth/login", "POST", { email: input.email, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await json("/v1/auth/refresh", "POST", { refreshToken: body.refreshToken })).status).toBe(200);
  });

  it("takes an UNVERIFIED account back from whoever registered it: their password, sessions, links and channels stop working", async () => {
    // The attacker registers the victim's address with a password and never verifies it.
    const attacker = await registerUser({ platformId: "whatsapp", platformCode: "attacker-code" });
    const userId = attacker.body.user.id;
    const strandedLink = readEmail((await latestEmail(attacker.input.email))!.text).magicToken!;
    const deps = testDeps();
    await deps.db.update(users).set({ telegramChatId: `chat-${crypto.randomUUID()}`, phone: "+15550001111", icsTokenHash: await sha256Hex(crypto.randomUUID()) }).where(eq(users.id, userId));
    await deps.db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId, endpoint: `https://push.example/${crypto.randomUUID()}`, p256dh: "k", auth: "a" });
    await deps.db.insert(telegramLinkCodes).values({ id: crypto.randomUUID(), userId, codeHash: await sha256Hex(crypto.randomUUID()), expiresAt: Date.now() + 600_000 });

    // The real owner signs in with Google (the terms note was shown).
    const who = account({ email: attacker.input.email });
    const { response, cookies } = await signInWithGoogle(who, "?redirect=%2Fdashboard&consent=1");
    expect(response.headers.get("Location")).toBe("/auth/google/callback?redirect=%2Fdashboard");
    expect(await profileWith(cookies)).toMatchObject({ id: userId, googleId: who.sub, isVerified: true, phone: null, telegramChatId: null, consent: true });
    expect(warnings.some((line) => line.includes("google_claimed_unverified_account"))).toBe(true);

    // The attacker's password and refresh token are dead; the stranded magic link too.
    const login = await json("/v1/auth/login", "POST", { email: attacker.input.email, password: GOOD_PASSWORD }, { "CF-Connecting-IP": "198.51.100.77" });
    expect(login.status).toBe(401);
    const refreshed = await json("/v1/auth/refresh", "POST", { refreshToken: attacker.body.refreshToken });
    expect(refreshed.status).toBe(401);
    expect((await refreshed.json<{ code: string }>()).code).toBe("REFRESH_TOKEN_INVALID");
    expect(await (await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(strandedLink)}`)).json()).toBe(false);
    expect(await verifyEmailCode(deps, userId, await latestCode(attacker.input.email))).toBe(false);

    const row = await userByEmail(attacker.input.email);
    expect(row).toMatchObject({ passwordHash: null, pairPlatformId: null, pairPlatformCodeHash: null, icsTokenHash: null, phoneVerified: false });
    expect(await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).toEqual([]);
    const codes = await deps.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
    expect(codes.every((code) => code.consumedAt !== null)).toBe(true);
    // The owner's own Google session works, and keeps working after a refresh.
    expect((await json("/v1/auth/refresh", "POST", { refreshToken: cookies.refreshToken })).status).toBe(200);
  });

  it("without the terms note, claiming an unverified account leaves consent false (the registrant's tick was not the owner's)", async () => {
    const attacker = await registerUser();
    const { cookies } = await signInWithGoogle(account({ email: attacker.input.email }));
    expect(await profileWith(cookies)).toMatchObject({ id: attacker.body.user.id, consent: false, isVerified: true });
  });

  it("signs a returning Google user into the same account (by Google id)", async () => {
    const who = account();
    const first = await signInWithGoogle(who);
    const firstProfile = await profileWith(first.cookies);
    const second = await signInWithGoogle({ ...who, name: "Renamed" });
    expect((await profileWith(second.cookies)).id).toBe(firstProfile.id);
  });

  /** Failure: the error page, no session, the flow cookies dropped, and (when given) the logged reason. */
  async function expectFailure(response: Response, reason?: string) {
    if (reason) expect(warnings.some((line) => line.includes(`"reason":"${reason}"`)), warnings.join("\n")).toBe(true);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(FAILED);
    expect(setCookieLine(response, "accessToken")).toBeUndefined();
    expect(setCookieLine(response, "google_oauth_state")).toContain("Max-Age=0");
  }

  it("fails when the state does not match the cookie, without exchanging the code", async () => {
    const started = await start();
    const back = new URL(google.authorize(started.location, account()));
    back.searchParams.set("state", "forged-state");
    await expectFailure(await callback(back.toString(), started.cookies), "state");
    expect(google.tokenRequests).toHaveLength(0);
  });

  it("fails without the flow cookies (e.g. a callback opened in another browser)", async () => {
    const started = await start();
    const back = google.authorize(started.location, account());
    await expectFailure(await callback(back, {}), "state");
  });

  it("fails when the PKCE verifier does not match the challenge (Google refuses the code)", async () => {
    const started = await start();
    const back = google.authorize(started.location, account());
    await expectFailure(await callback(back, { ...started.cookies, google_oauth_verifier: "A".repeat(43) }), "token_exchange");
    expect(google.tokenRequests).toHaveLength(1);
  });

  it("fails when a code is replayed", async () => {
    const started = await start();
    const back = google.authorize(started.location, account());
    expect((await callback(back, started.cookies)).headers.get("Location")).toBe("/auth/google/callback?redirect=%2Fdashboard");
    await expectFailure(await callback(back, started.cookies), "token_exchange");
  });

  it("fails when Google reports an error (the person cancelled)", async () => {
    const started = await start();
    await expectFailure(await callback(`${REDIRECT_URI}?error=access_denied&state=${started.cookies.google_oauth_state}`, started.cookies));
  });

  const badTokens: Array<[string, Partial<FakeGoogleAccount>]> = [
    ["an unverified email", { emailVerified: false }],
    ["another audience", { claims: { aud: "someone-else.apps.googleusercontent.com" } }],
    ["another issuer", { claims: { iss: "https://evil.example" } }],
    ["an expired ID token", { claims: { exp: Math.floor(Date.now() / 1000) - 60 } }],
  ];
  for (const [what, change] of badTokens) {
    it(`fails for ${what} and creates no account`, async () => {
      const who = account(change);
      const { response } = await signInWithGoogle(who);
      await expectFailure(response, "id_token_claims");
      expect(await userByEmail(who.email)).toBeNull();
    });
  }
});

describe("completeGoogleSignIn (the service the callback calls)", () => {
  it("rejects with the spec's message (400) when the state or verifier is missing or wrong", async () => {
    const deps = testDeps(undefined, GOOGLE_ENV);
    const meta = { ip: null, userAgent: null };
    for (const input of [
      { code: "c", state: "s", storedState: null, codeVerifier: "v" },
      { code: "c", state: "s", storedState: "other", codeVerifier: "v" },
      { code: "c", state: "s", storedState: "s", codeVerifier: null },
      { code: "", state: "s", storedState: "s", codeVerifier: "v" },
    ]) {
      await expect(completeGoogleSignIn(deps, input, meta)).rejects.toMatchObject({ status: 400, message: GOOGLE_FAILED_MESSAGE });
    }
    expect(GOOGLE_FAILED_MESSAGE).toBe("Failed to complete Google sign-in. Please try again.");
    expect(google.tokenRequests).toHaveLength(0);
  });
});

describe("checkIdTokenClaims", () => {
  const now = new Date("2026-03-01T09:00:00Z");
  const seconds = Math.floor(now.getTime() / 1000);
  const good = { iss: "accounts.google.com", aud: "cid", sub: "123", email: "A@Example.com", email_verified: true, exp: seconds + 60, iat: seconds, name: " Ann " };

  it("accepts Google's two issuer spellings and normalises the email", () => {
    expect(checkIdTokenClaims(good, "cid", now)).toEqual({ sub: "123", email: "a@example.com", name: "Ann" });
    expect(checkIdTokenClaims({ ...good, iss: "https://accounts.google.com" }, "cid", now)).not.toBeNull();
  });

  it("refuses missing or wrong claims", () => {
    for (const change of [{ iss: undefined }, { aud: "other" }, { aud: ["cid", "other"] }, { exp: seconds }, { exp: undefined }, { iat: seconds + 3600 }, { email_verified: "false" }, { sub: "" }, { email: 5 }]) {
      expect(checkIdTokenClaims({ ...good, ...change }, "cid", now), JSON.stringify(change)).toBeNull();
    }
    expect(checkIdTokenClaims({ ...good, aud: ["cid", "other"], azp: "cid" }, "cid", now)).not.toBeNull();
  });
});
