/**
 * The end of a person's sessions reaches their access tokens (ADR 115): after a new password, a reset or a
 * take-back, an access token signed before is refused by the web's pages and by the API's writes, instead
 * of working out its 15 minutes. Real services, D1 and the app; no task is made (no era needed). The web's
 * side (a page of another device after a new password) is in tests/browser/account.spec.ts: the Remix
 * session module does not load in this runtime.
 */
import { env } from "cloudflare:test";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { gatedD1, newWriteGate } from "../../db/write-gate";
import { eq } from "drizzle-orm";
import { refreshSessions } from "../../db/schema";
import { refreshSessionOrRace, signAccessToken, signedBeforeSessionsEnded, tokenStillSpeaksFor, verifyAccessToken } from "../../worker/services/auth";
import { unauthorized } from "../../worker/services/errors";
import { fixedClock } from "../../worker/services/clock";
import { jsonRequest, request } from "./helpers";
import { bearer, GOOD_PASSWORD, latestCode, registeredSessionAt, registerUser, userRow } from "./auth-support";

const NEW_PASSWORD = "Quiet-Harbour-52";
const SESSION_ENDED = { message: "Your session has ended. Please sign in again.", code: "TOKEN_EXPIRED" };

describe("signedBeforeSessionsEnded", () => {
  it("refuses only a token signed strictly before the end; never ended refuses nothing", () => {
    const end = Date.parse("2026-11-29T10:00:00.500Z");
    expect(signedBeforeSessionsEnded(null, 0)).toBe(false);
    expect(signedBeforeSessionsEnded(undefined, 0)).toBe(false);
    expect(signedBeforeSessionsEnded(end, end - 1)).toBe(true);
    // The changer's new token, signed in the same millisecond as the change, is theirs.
    expect(signedBeforeSessionsEnded(end, end)).toBe(false);
    expect(signedBeforeSessionsEnded(end, end + 1)).toBe(false);
  });
});

describe("an access token knows when it was signed, to the millisecond", () => {
  it("carries iat_ms; the answer is the same from the isolate's memo of verified tokens", async () => {
    const clock = fixedClock("2026-11-29T10:00:00.737Z");
    const token = await signAccessToken(env, clock, "user-ms");
    const first = await verifyAccessToken(env, clock, token);
    const again = await verifyAccessToken(env, clock, token);
    expect(first).toEqual({ ok: true, userId: "user-ms", issuedAtMs: Date.parse("2026-11-29T10:00:00.737Z"), sessionId: null });
    expect(again).toEqual(first);
  });

  it("a token signed before the claim existed counts from the start of its iat second (older, never newer)", async () => {
    const clock = fixedClock("2026-11-29T10:00:00.737Z");
    const seconds = Math.floor(clock.now().getTime() / 1000);
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("user-legacy")
      .setIssuer("nudge")
      .setAudience("nudge-api")
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 900)
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    expect(await verifyAccessToken(env, clock, legacy)).toEqual({ ok: true, userId: "user-legacy", issuedAtMs: seconds * 1000, sessionId: null });
  });
});

describe("the API's writes after the sessions end", () => {
  /** A token of this person signed a minute ago, as another device's would be. */
  const aMinuteAgo = (userId: string) => signAccessToken(env, fixedClock(Date.now() - 60_000), userId);
  const rename = (token: string, name: string) => jsonRequest("/v1/users/me/name", "PUT", { name }, bearer(token));

  it("a new password: the older token can no longer write (401 TOKEN_EXPIRED, nothing changed), still reads; the new one writes", async () => {
    const { body } = await registerUser();
    const other = await aMinuteAgo(body.user.id);
    expect((await rename(other, "Before The Change")).status).toBe(200);

    const changed = await jsonRequest("/v1/users/me/password", "PUT", { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD }, bearer(body.accessToken));
    expect(changed.status).toBe(200);
    const fresh = (await changed.json()) as { accessToken: string };

    const refused = await rename(other, "Thief Was Here");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(SESSION_ENDED);
    // The registration's own token, used for the change itself, is older than the change too.
    expect((await rename(body.accessToken, "Old Token")).status).toBe(401);
    expect((await userRow(body.user.id))?.name).toBe("Before The Change");
    // Reads do not check (ADR 115: a read per request for at most 15 minutes of a token that can change nothing).
    expect((await request("/v1/auth/profile", { headers: bearer(other) })).status).toBe(200);

    const renamed = await rename(fresh.accessToken, "After The Change");
    expect(renamed.status).toBe(200);
    expect((await userRow(body.user.id))?.name).toBe("After The Change");
  });

  it("a reset that takes an unverified account back: the registrant's token can no longer write", async () => {
    const { body, input } = await registerUser();
    const registrant = await aMinuteAgo(body.user.id);
    expect((await jsonRequest("/v1/auth/forgot-password", "POST", { email: input.email })).status).toBe(200);
    const reset = await jsonRequest("/v1/auth/reset-password", "POST", { email: input.email, code: await latestCode(input.email), newPassword: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect((await userRow(body.user.id))?.isVerified).toBe(true);

    const refused = await rename(registrant, "Squatter");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(SESSION_ENDED);
    expect((await userRow(body.user.id))?.name).toBe("Dana Tester");
  });
});

describe("the end of one sign-in reaches its access tokens (ADR 117)", () => {
  type Tokens = { accessToken: string; refreshToken: string };
  const rename = (token: string, name: string) => jsonRequest("/v1/users/me/name", "PUT", { name }, bearer(token));
  const signIn = async (email: string): Promise<Tokens> => {
    const response = await jsonRequest("/v1/auth/login", "POST", { email, password: GOOD_PASSWORD });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json<Tokens>();
  };
  const meta = { ip: null, userAgent: null };

  it("an access token names its sign-in: the family of the refresh token issued with it, kept across a refresh", async () => {
    const { clock, deps, accessToken, refreshToken, user } = await registeredSessionAt("2026-11-29T10:00:00Z");
    const check = await verifyAccessToken(env, clock, accessToken);
    const [row] = await deps.db.select({ familyId: refreshSessions.familyId }).from(refreshSessions).where(eq(refreshSessions.userId, user.id));
    expect(check.ok && check.sessionId).toBe(row?.familyId);
    const refreshed = await refreshSessionOrRace(deps, refreshToken, meta);
    if (refreshed.kind !== "rotated") throw new Error("expected a rotation");
    const again = await verifyAccessToken(env, clock, refreshed.tokens.accessToken);
    expect(again.ok && again.sessionId).toBe(row?.familyId);
  });

  it("one device signs out: its access token can no longer write (401, nothing changed); the other device's still writes", async () => {
    const { input, body: laptop } = await registerUser();
    const phone = await signIn(input.email);
    expect((await rename(laptop.accessToken, "Both Signed In")).status).toBe(200);

    const out = await jsonRequest("/v1/auth/logout", "POST", { refreshToken: laptop.refreshToken });
    expect(out.status).toBe(200);

    const refused = await rename(laptop.accessToken, "After Sign Out");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(SESSION_ENDED);
    expect((await userRow(laptop.user.id))?.name).toBe("Both Signed In");
    expect((await rename(phone.accessToken, "Phone Still In")).status).toBe(200);
    expect((await userRow(laptop.user.id))?.name).toBe("Phone Still In");
  });

  it("a refresh does not end the sign-in: the token from before it and the new one both still write", async () => {
    const { body } = await registerUser();
    const refreshed = await jsonRequest("/v1/auth/refresh", "POST", { refreshToken: body.refreshToken });
    expect(refreshed.status).toBe(200);
    const next = await refreshed.json<Tokens>();
    expect((await rename(body.accessToken, "Before The Refresh")).status).toBe(200);
    expect((await rename(next.accessToken, "After The Refresh")).status).toBe(200);
  });

  it("a refresh token caught being reused ends that sign-in: its access tokens no longer speak for the person", async () => {
    const { clock, deps, accessToken, refreshToken, user } = await registeredSessionAt("2026-11-29T10:00:00Z");
    const check = await verifyAccessToken(env, clock, accessToken);
    if (!check.ok) throw new Error("expected a valid token");
    expect(await tokenStillSpeaksFor(deps, user.id, check.issuedAtMs, check.sessionId)).toBe(true);
    await refreshSessionOrRace(deps, refreshToken, meta);
    // The same refresh token again, past the 30 seconds a racing tab is allowed: a copy. The family is revoked.
    clock.advance(31_000);
    await expect(refreshSessionOrRace(deps, refreshToken, meta)).rejects.toMatchObject({ code: "REFRESH_TOKEN_REUSED" });
    expect(await tokenStillSpeaksFor(deps, user.id, check.issuedAtMs, check.sessionId)).toBe(false);
  });

  it("a token that names no sign-in (signed before the claim existed) is checked for the end of sessions only", async () => {
    const { clock, deps, user } = await registeredSessionAt("2026-11-29T10:00:00Z");
    const legacy = await verifyAccessToken(env, clock, await signAccessToken(env, clock, user.id));
    if (!legacy.ok) throw new Error("expected a valid token");
    expect(legacy.sessionId).toBeNull();
    expect(await tokenStillSpeaksFor(deps, user.id, legacy.issuedAtMs, null)).toBe(true);
    // An unknown sign-in is over: nothing of it is left unrevoked.
    expect(await tokenStillSpeaksFor(deps, user.id, legacy.issuedAtMs, "no-such-sign-in")).toBe(false);
  });
});

describe("the write gate (db/write-gate.ts)", () => {
  /** A check the test settles by hand. */
  function heldCheck() {
    let settle!: { pass: () => void; fail: (error: unknown) => void };
    const check = new Promise<void>((pass, fail) => (settle = { pass, fail }));
    return { check, ...settle };
  }
  const key = () => `gate-${crypto.randomUUID()}`;

  it("lets reads go at once and holds writes and batches until the check passes", async () => {
    const gate = newWriteGate();
    const { check, pass } = heldCheck();
    gate.hold(check);
    const db = gatedD1(env.DB, gate);
    const k = key();
    // A read is answered while the check is still out.
    expect(await db.prepare("select 1 as one").first("one")).toBe(1);
    const order: string[] = [];
    const write = db.prepare("insert into rate_limits (key, count, window_started_at) values (?, 1, 0)").bind(k).run().then(() => order.push("write"));
    const batch = db.batch([db.prepare("update rate_limits set count = count + 1 where key = ?").bind(k)]).then(() => order.push("batch"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    expect(await env.DB.prepare("select count(*) as n from rate_limits where key = ?").bind(k).first("n")).toBe(0);
    pass();
    await Promise.all([write, batch]);
    expect(order).toEqual(["write", "batch"]);
    expect(await env.DB.prepare("select count from rate_limits where key = ?").bind(k).first("count")).toBe(2);
  });

  it("fails every held write with the check's own error, and writes nothing", async () => {
    const gate = newWriteGate();
    const { check, fail } = heldCheck();
    gate.hold(check);
    const db = gatedD1(env.DB, gate);
    const k = key();
    const write = db.prepare("insert into rate_limits (key, count, window_started_at) values (?, 1, 0)").bind(k).run();
    const batch = db.batch([db.prepare("insert into rate_limits (key, count, window_started_at) values (?, 1, 0)").bind(k)]);
    const refused = unauthorized("Your session has ended. Please sign in again.", "TOKEN_EXPIRED");
    fail(refused);
    await expect(write).rejects.toBe(refused);
    await expect(batch).rejects.toBe(refused);
    expect(await env.DB.prepare("select count(*) as n from rate_limits where key = ?").bind(k).first("n")).toBe(0);
    // Reads still work.
    expect(await db.prepare("SELECT 2 as two").first("two")).toBe(2);
  });
});
