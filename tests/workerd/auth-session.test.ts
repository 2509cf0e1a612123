import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refreshSessions } from "../../db/schema";
import {
  inspectSessionTokens,
  logout,
  REFRESH_RACE_GRACE_MS,
  REFRESH_RACE_MESSAGE,
  refreshSession,
  refreshSessionOrRace,
  register,
  signAccessToken,
} from "../../worker/services/auth";
import { fixedClock } from "../../worker/services/clock";
import { isAppError } from "../../worker/services/errors";
import { sha256Hex } from "../../worker/services/tokens";
import { jsonRequest, request, testDeps } from "./helpers";
import { expectConsoleError } from "./console-errors";
import { d1Down } from "./escalation-helpers";
import { LOGOUT_INCOMPLETE } from "../../worker/api/auth";
import { bearer, cookieHeader, cookiesFrom, getWithToken, ORIGIN, registeredSessionAt, registerUser, registration, setCookieLine } from "./auth-support";

type Tokens = { accessToken: string; refreshToken: string };

function refresh(body: unknown, headers: Record<string, string> = {}) {
  return jsonRequest("/v1/auth/refresh", "POST", body, headers);
}

const meta = { ip: null, userAgent: null };

/** Moves a token's rotation `ms` into the past (the HTTP tests run on the real clock). */
async function backdateRotation(refreshToken: string, ms: number) {
  await testDeps()
    .db.update(refreshSessions)
    .set({ rotatedAt: Date.now() - ms })
    .where(eq(refreshSessions.tokenHash, await sha256Hex(refreshToken)));
}

async function sessionRow(refreshToken: string) {
  const [row] = await testDeps().db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, await sha256Hex(refreshToken)));
  return row ?? null;
}

describe("GET /v1/auth/profile", () => {
  it("answers the signed-in user with a Bearer token or with the accessToken cookie", async () => {
    const { body, cookies } = await registerUser();
    const viaBearer = await getWithToken("/v1/auth/profile", body.accessToken);
    expect(viaBearer.status).toBe(200);
    expect(await viaBearer.json()).toEqual(body.user);
    const viaCookie = await request("/v1/auth/profile", { headers: { Cookie: cookieHeader(cookies) } });
    expect(viaCookie.status).toBe(200);
    expect(await viaCookie.json()).toEqual(body.user);
  });

  it("answers 401 without a token, and 401 UNAUTHORIZED for a forged one", async () => {
    const none = await request("/v1/auth/profile");
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: "Please sign in to continue.", code: "UNAUTHORIZED" });
    const forged = await getWithToken("/v1/auth/profile", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.");
    expect(forged.status).toBe(401);
  });
});

describe("POST /v1/auth/refresh", () => {
  it("rotates: answers {accessToken, refreshToken} (body token), sets both cookies, and the new pair works", async () => {
    const { body } = await registerUser();
    const response = await refresh({ refreshToken: body.refreshToken });
    expect(response.status).toBe(200);
    const tokens = await response.json<Tokens>();
    expect(Object.keys(tokens).sort()).toEqual(["accessToken", "refreshToken"]);
    expect(tokens.refreshToken).not.toBe(body.refreshToken);
    expect(setCookieLine(response, "accessToken")).toContain("Max-Age=900");
    expect(setCookieLine(response, "refreshToken")).toContain(`refreshToken=${tokens.refreshToken}`);
    expect((await getWithToken("/v1/auth/profile", tokens.accessToken)).status).toBe(200);

    const old = await sessionRow(body.refreshToken);
    const next = await sessionRow(tokens.refreshToken);
    expect(old?.rotatedAt).toBeTypeOf("number");
    expect(next?.familyId).toBe(old?.familyId);
    expect(next?.expiresAt).toBeGreaterThan(Date.now() + 7 * 24 * 3600_000 - 60_000);
  });

  it("takes the token from the refreshToken cookie when the body has none", async () => {
    const { cookies } = await registerUser();
    const response = await request("/v1/auth/refresh", { method: "POST", headers: { Cookie: cookieHeader(cookies), Origin: ORIGIN } });
    expect(response.status).toBe(200);
    const tokens = await response.json<Tokens>();
    expect(cookiesFrom(response).refreshToken).toBe(tokens.refreshToken);
  });

  it("detects reuse of a rotated token more than 30 s later and revokes the whole family (the newest token dies too)", async () => {
    const { body } = await registerUser();
    const first = await (await refresh({ refreshToken: body.refreshToken })).json<Tokens>();
    // The rotation happened 31 seconds ago: past the grace window, so this is a replayed copy.
    await backdateRotation(body.refreshToken, 31_000);
    const reuse = await refresh({ refreshToken: body.refreshToken });
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toEqual({ message: "This session was ended for your safety. Please sign in again.", code: "REFRESH_TOKEN_REUSED" });
    expect(setCookieLine(reuse, "refreshToken")).toContain("Max-Age=0");
    const afterTheft = await refresh({ refreshToken: first.refreshToken });
    expect(afterTheft.status).toBe(401);
    expect((await sessionRow(first.refreshToken))?.revokedAt).toBeTypeOf("number");
  });

  it("answers a reuse within 30 s with 401 REFRESH_RACE, revokes nothing and keeps the cookies", async () => {
    const { body } = await registerUser();
    const first = await (await refresh({ refreshToken: body.refreshToken })).json<Tokens>();
    const again = await refresh({ refreshToken: body.refreshToken });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: "Your session was just refreshed in another tab. Please retry.", code: "REFRESH_RACE" });
    // Clearing here could wipe the fresh cookies the winning response just set.
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await sessionRow(first.refreshToken))?.revokedAt).toBeNull();
    expect((await refresh({ refreshToken: first.refreshToken })).status).toBe(200);
  });

  it("answers 400 'No refresh token available' without one, and 401 (cookies cleared) for an unknown one", async () => {
    const missing = await refresh({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "No refresh token available", code: "NO_REFRESH_TOKEN" });
    const unknown = await refresh({ refreshToken: "not-a-real-token-0123456789abcdef0123456789" });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: "Your session has expired. Please sign in again.", code: "REFRESH_TOKEN_INVALID" });
    expect(setCookieLine(unknown, "refreshToken")).toContain("Max-Age=0");
    expect(setCookieLine(unknown, "accessToken")).toContain("Max-Age=0");
  });

  it("refuses a cookie refresh from another site (403) and leaves the token usable", async () => {
    const { cookies, body } = await registerUser();
    const response = await request("/v1/auth/refresh", { method: "POST", headers: { Cookie: cookieHeader(cookies), Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect((await refresh({ refreshToken: body.refreshToken })).status).toBe(200);
  });

  it("expires refresh tokens after 7 days (fixed clock)", async () => {
    const clock = fixedClock("2026-04-01T09:00:00Z");
    const deps = testDeps(clock);
    const { refreshToken } = await register(deps, registration(), { ip: null, userAgent: null });
    clock.advance(7 * 24 * 3600_000 - 1000);
    const rotated = await refreshSession(deps, refreshToken, { ip: null, userAgent: null });
    clock.advance(7 * 24 * 3600_000);
    const error = await refreshSession(deps, rotated.refreshToken, { ip: null, userAgent: null }).catch((e: unknown) => e);
    expect(isAppError(error) && error.status).toBe(401);
  });

  it("two simultaneous refreshes with the same token: one rotates, the other is a race, and nobody is signed out", async () => {
    const { body } = await registerUser();
    const answers = await Promise.all([refresh({ refreshToken: body.refreshToken }), refresh({ refreshToken: body.refreshToken })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    const winner = answers.find((r) => r.status === 200)!;
    const loser = answers.find((r) => r.status === 401)!;
    expect((await loser.json<{ code: string }>()).code).toBe("REFRESH_RACE");
    const tokens = await winner.json<Tokens>();
    const family = (await sessionRow(body.refreshToken))!.familyId;
    const rows = await testDeps().db.select().from(refreshSessions).where(eq(refreshSessions.familyId, family));
    expect(rows.every((row) => row.revokedAt === null)).toBe(true);
    expect((await refresh({ refreshToken: tokens.refreshToken })).status).toBe(200);
  });

  it("five parallel refreshes through the web session's service: one rotates, four are raced, none revokes", async () => {
    const deps = testDeps(fixedClock(Date.now()));
    const { refreshToken, user } = await register(deps, registration(), meta);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => refreshSessionOrRace(deps, refreshToken, meta)));
    expect(outcomes.filter((o) => o.kind === "rotated")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "raced")).toEqual(Array.from({ length: 4 }, () => ({ kind: "raced", userId: user.id })));
    const rotated = outcomes.find((o) => o.kind === "rotated")!;
    expect(rotated.kind === "rotated" && rotated.userId).toBe(user.id);
    expect((await sessionRow(refreshToken))?.revokedAt).toBeNull();
  });
});

describe("the refresh grace window (fixed clock)", () => {
  it("29 s after a rotation the old token is a race (refreshSession: 401 REFRESH_RACE; refreshSessionOrRace: raced); at 31 s it revokes the family", async () => {
    const { clock, deps, refreshToken, user } = await registeredSessionAt("2026-04-10T09:00:00Z");
    const first = await refreshSessionOrRace(deps, refreshToken, meta);
    expect(first).toMatchObject({ kind: "rotated", userId: user.id });
    const next = first.kind === "rotated" ? first.tokens.refreshToken : "";

    clock.advance(29_000);
    expect(await refreshSessionOrRace(deps, refreshToken, meta)).toEqual({ kind: "raced", userId: user.id });
    await expect(refreshSession(deps, refreshToken, meta)).rejects.toMatchObject({ status: 401, code: "REFRESH_RACE", message: REFRESH_RACE_MESSAGE });
    expect((await sessionRow(next))?.revokedAt).toBeNull();

    clock.advance(2_000); // 31 s after the rotation
    await expect(refreshSessionOrRace(deps, refreshToken, meta)).rejects.toMatchObject({ status: 401, code: "REFRESH_TOKEN_REUSED" });
    expect((await sessionRow(next))?.revokedAt).toBe(clock.now().getTime());
    await expect(refreshSession(deps, next, meta)).rejects.toMatchObject({ status: 401, code: "REFRESH_TOKEN_INVALID" });
    expect(REFRESH_RACE_GRACE_MS).toBe(30_000);
  });

  it("a revoked (logged-out) family is never a race", async () => {
    const deps = testDeps(fixedClock("2026-04-11T09:00:00Z"));
    const { refreshToken } = await register(deps, registration(), meta);
    const rotated = await refreshSession(deps, refreshToken, meta);
    await logout(deps, rotated.refreshToken);
    await expect(refreshSessionOrRace(deps, refreshToken, meta)).rejects.toMatchObject({ status: 401, code: "REFRESH_TOKEN_INVALID" });
  });
});

describe("inspectSessionTokens (the legacy ?accessToken&refreshToken landing)", () => {
  it("names the user of a pair we issued, even when the access token has expired, and changes nothing", async () => {
    const clock = fixedClock("2026-04-12T09:00:00Z");
    const deps = testDeps(clock);
    const { accessToken, refreshToken, user } = await register(deps, registration(), meta);
    expect(await inspectSessionTokens(deps, { accessToken, refreshToken })).toEqual(user);
    clock.advance(3 * 24 * 3600_000); // the access token expired days ago; the refresh token lives 7 days
    expect(await inspectSessionTokens(deps, { accessToken, refreshToken })).toMatchObject({ id: user.id, email: user.email });
    expect((await sessionRow(refreshToken))?.rotatedAt).toBeNull();
  });

  it("refuses forged, foreign, mixed, rotated, revoked and expired pairs", async () => {
    const clock = fixedClock("2026-04-13T09:00:00Z");
    const deps = testDeps(clock);
    const alice = await register(deps, registration(), meta);
    const bob = await register(deps, registration(), meta);
    const forged = await signAccessToken({ JWT_SECRET: "another-secret-that-is-long-enough-0123456789" }, clock, alice.user.id);
    expect(await inspectSessionTokens(deps, { accessToken: forged, refreshToken: alice.refreshToken })).toBeNull();
    // Alice's access token with Bob's refresh token: two different users.
    expect(await inspectSessionTokens(deps, { accessToken: alice.accessToken, refreshToken: bob.refreshToken })).toBeNull();
    for (const junk of ["", "x", "a.b.c", "x".repeat(5000)]) {
      expect(await inspectSessionTokens(deps, { accessToken: junk, refreshToken: alice.refreshToken })).toBeNull();
      expect(await inspectSessionTokens(deps, { accessToken: alice.accessToken, refreshToken: junk })).toBeNull();
    }
    // Rotated: the copy in the URL is no longer the live token.
    const rotated = await refreshSession(deps, alice.refreshToken, meta);
    expect(await inspectSessionTokens(deps, { accessToken: alice.accessToken, refreshToken: alice.refreshToken })).toBeNull();
    expect(await inspectSessionTokens(deps, rotated)).toMatchObject({ id: alice.user.id });
    // Revoked.
    await logout(deps, rotated.refreshToken);
    expect(await inspectSessionTokens(deps, rotated)).toBeNull();
    // Expired: 7 days later neither part is acceptable.
    clock.advance(7 * 24 * 3600_000);
    expect(await inspectSessionTokens(deps, { accessToken: bob.accessToken, refreshToken: bob.refreshToken })).toBeNull();
  });
});

describe("a 401 on an expired access token -> one refresh -> replay", () => {
  it("works like the spec's client: TOKEN_EXPIRED, refresh with the refresh token, replay with the new access token", async () => {
    const { body } = await registerUser();
    const expired = await signAccessToken(env, fixedClock(Date.now() - 16 * 60_000), body.user.id);

    const first = await getWithToken("/v1/auth/profile", expired);
    expect(first.status).toBe(401);
    expect(await first.json()).toEqual({ message: "Your session has expired. Please sign in again.", code: "TOKEN_EXPIRED" });

    const refreshed = await refresh({ refreshToken: body.refreshToken });
    expect(refreshed.status).toBe(200);
    const { accessToken } = await refreshed.json<Tokens>();

    const replay = await getWithToken("/v1/auth/profile", accessToken);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(body.user);
  });

  it("works for a write too (PUT /v1/users/{id}), with cookies as the web app sends them", async () => {
    const { body, cookies } = await registerUser();
    const expired = await signAccessToken(env, fixedClock(Date.now() - 20 * 60_000), body.user.id);
    const put = (jar: Record<string, string>) =>
      request(`/v1/users/${body.user.id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookieHeader(jar) },
        body: JSON.stringify({ timezone: "Asia/Tokyo" }),
      });
    const first = await put({ ...cookies, accessToken: expired });
    expect(first.status).toBe(401);
    expect((await first.json<{ code: string }>()).code).toBe("TOKEN_EXPIRED");
    const refreshed = await request("/v1/auth/refresh", { method: "POST", headers: { Cookie: cookieHeader(cookies), Origin: ORIGIN } });
    expect(refreshed.status).toBe(200);
    const replay = await put({ ...cookies, ...cookiesFrom(refreshed) });
    expect(replay.status).toBe(200);
    expect((await replay.json<{ timezone: string }>()).timezone).toBe("Asia/Tokyo");
  });
});

describe("POST /v1/auth/logout", () => {
  it("revokes the session family, clears both cookies and answers 200", async () => {
    const { body } = await registerUser();
    const rotated = await (await refresh({ refreshToken: body.refreshToken })).json<Tokens>();
    const response = await jsonRequest("/v1/auth/logout", "POST", { refreshToken: rotated.refreshToken });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "You have been signed out." });
    expect(setCookieLine(response, "accessToken")).toMatch(/^accessToken=; Max-Age=0/);
    expect(setCookieLine(response, "refreshToken")).toMatch(/^refreshToken=; Max-Age=0/);
    expect((await refresh({ refreshToken: rotated.refreshToken })).status).toBe(401);
  });

  it("uses the refreshToken cookie when the body is empty", async () => {
    const { body, cookies } = await registerUser();
    const response = await request("/v1/auth/logout", { method: "POST", headers: { Cookie: cookieHeader(cookies), Origin: ORIGIN } });
    expect(response.status).toBe(200);
    expect((await sessionRow(body.refreshToken))?.revokedAt).toBeTypeOf("number");
  });

  it("clears the cookies even when the session cannot be ended (D1 down): 503 with a sentence, and the failure logged", async () => {
    const { body } = await registerUser();
    expectConsoleError(/auth\.logout_failed/);
    const response = await request(
      "/v1/auth/logout",
      { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: JSON.stringify({ refreshToken: body.refreshToken }) },
      { DB: d1Down() },
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, code: "LOGOUT_INCOMPLETE", message: LOGOUT_INCOMPLETE });
    expect(setCookieLine(response, "accessToken")).toMatch(/^accessToken=; Max-Age=0/);
    expect(setCookieLine(response, "refreshToken")).toMatch(/^refreshToken=; Max-Age=0/);
  });

  it("still clears the cookies with no token, an unknown token or a bad body (data cleared regardless)", async () => {
    for (const body of [{}, { refreshToken: "unknown" }, { refreshToken: 42 }, "not json"]) {
      const response = await jsonRequest("/v1/auth/logout", "POST", body, bearer("x"));
      expect(response.status).toBe(200);
      expect(setCookieLine(response, "refreshToken")).toContain("Max-Age=0");
    }
  });
});
