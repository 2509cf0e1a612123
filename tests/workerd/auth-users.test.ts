import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { canonicalTimeZone, getOnboardingStatus, register, signAccessToken, skipOnboarding, updateTimezone } from "../../worker/services/auth";
import { fixedClock } from "../../worker/services/clock";
import { jsonRequest, request, testDeps } from "./helpers";
import { bearer, cookieHeader, latestCode, ORIGIN, registerUser, registration, userRow } from "./auth-support";

const put = (id: string, body: unknown, token: string) => jsonRequest(`/v1/users/${id}`, "PUT", body, bearer(token));
const meta = { ip: null, userAgent: null };

describe("PUT /v1/users/{id} {timezone}", () => {
  it("changes the timezone and answers the whole user", async () => {
    const { body } = await registerUser();
    const response = await put(body.user.id, { timezone: "America/New_York" }, body.accessToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...body.user, timezone: "America/New_York" });
    expect((await userRow(body.user.id))?.timezone).toBe("America/New_York");
  });

  it("refuses an unknown or empty timezone with 400 and changes nothing", async () => {
    const { body } = await registerUser();
    for (const [timezone, message] of [
      ["Europe/Atlantis", "Please choose a timezone from the list."],
      ["", "Please choose your timezone."],
      [42, "Please choose your timezone."],
    ] as const) {
      const response = await put(body.user.id, { timezone }, body.accessToken);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message, code: "VALIDATION_FAILED" });
    }
    expect((await userRow(body.user.id))?.timezone).toBe("Europe/Berlin");
  });

  it("refuses other fields with a clear 400 (the phone alone goes to the phone rules, tests/workerd/phone.test.ts)", async () => {
    const { body } = await registerUser();
    const phone = await put(body.user.id, { phone: "+972501234567" }, body.accessToken);
    expect(phone.status).toBe(403);
    expect(await phone.json()).toEqual({ message: "Please verify your email address before adding a phone number.", code: "EMAIL_NOT_VERIFIED" });
    const both = await put(body.user.id, { phone: "+972501234567", timezone: "Asia/Tokyo" }, body.accessToken);
    expect(both.status).toBe(400);
    expect((await both.json<{ message: string }>()).message).toBe("Change the timezone or the phone, one at a time.");
    const mixed = await put(body.user.id, { timezone: "Asia/Tokyo", isVerified: true, email: "x@example.com" }, body.accessToken);
    expect(mixed.status).toBe(400);
    expect((await mixed.json<{ message: string }>()).message).toBe('Only the timezone or the phone can be changed here; "isVerified", "email" can\'t be updated.');
    const row = await userRow(body.user.id);
    expect(row).toMatchObject({ timezone: "Europe/Berlin", isVerified: false, phone: null });
  });

  it("answers 404 for another user's id and changes nothing (one user never touches another's profile)", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const response = await put(bob.body.user.id, { timezone: "Asia/Tokyo" }, alice.body.accessToken);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "We couldn't find that user.", code: "USER_NOT_FOUND" });
    expect((await userRow(bob.body.user.id))?.timezone).toBe("Europe/Berlin");
    expect((await put(crypto.randomUUID(), { timezone: "Asia/Tokyo" }, alice.body.accessToken)).status).toBe(404);
  });

  it("needs a session (401) and, with cookies, a same-site Origin (403 otherwise)", async () => {
    const { body, cookies } = await registerUser();
    expect((await jsonRequest(`/v1/users/${body.user.id}`, "PUT", { timezone: "Asia/Tokyo" })).status).toBe(401);
    const foreign = await request(`/v1/users/${body.user.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", Cookie: cookieHeader(cookies) },
      body: JSON.stringify({ timezone: "Asia/Tokyo" }),
    });
    expect(foreign.status).toBe(403);
    const own = await request(`/v1/users/${body.user.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookieHeader(cookies) },
      body: JSON.stringify({ timezone: "Asia/Tokyo" }),
    });
    expect(own.status).toBe(200);
  });

  it("without a session answers 401 'User not authenticated' (spec 01 §5/§8); an expired token still says TOKEN_EXPIRED", async () => {
    const { body } = await registerUser();
    const anonymous = await jsonRequest(`/v1/users/${body.user.id}`, "PUT", { timezone: "Asia/Tokyo" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "User not authenticated", code: "UNAUTHORIZED" });
    const forged = await put(body.user.id, { timezone: "Asia/Tokyo" }, "not-a-token");
    expect(await forged.json()).toEqual({ message: "User not authenticated", code: "UNAUTHORIZED" });
    const expired = await put(body.user.id, { timezone: "Asia/Tokyo" }, await signAccessToken(env, fixedClock(Date.now() - 16 * 60_000), body.user.id));
    expect(expired.status).toBe(401);
    expect((await expired.json<{ code: string }>()).code).toBe("TOKEN_EXPIRED");
    // Other routes keep the general sentence.
    expect(await (await request("/v1/users/me/onboarding")).json()).toEqual({ message: "Please sign in to continue.", code: "UNAUTHORIZED" });
    expect((await userRow(body.user.id))?.timezone).toBe("Europe/Berlin");
  });

  it("accepts the zone names browsers report that Intl.supportedValuesOf lacks, and stores the canonical name", async () => {
    const { body } = await registerUser();
    const cases: Array<[string, string]> = [
      ["Asia/Kolkata", canonicalTimeZone("Asia/Kolkata")!],
      ["Europe/Kyiv", canonicalTimeZone("Europe/Kyiv")!],
      ["Etc/UTC", "UTC"],
      ["utc", "UTC"],
      ["  america/new_york ", "America/New_York"],
    ];
    for (const [sent, stored] of cases) {
      const response = await put(body.user.id, { timezone: sent }, body.accessToken);
      expect(response.status, sent).toBe(200);
      expect((await response.json<{ timezone: string }>()).timezone, sent).toBe(stored);
      expect((await userRow(body.user.id))?.timezone, sent).toBe(stored);
    }
    const garbage = await put(body.user.id, { timezone: "Not/A_Zone" }, body.accessToken);
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ message: "Please choose a timezone from the list.", code: "VALIDATION_FAILED" });
  });

  it("the service refuses a different acting user with 404 before reading the input", async () => {
    const deps = testDeps();
    const { user } = await register(deps, registration(), meta);
    await expect(updateTimezone(deps, crypto.randomUUID(), user.id, { timezone: "UTC" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("canonicalTimeZone", () => {
  it("canonicalises every zone Intl.DateTimeFormat accepts and refuses the rest", () => {
    const kolkata = canonicalTimeZone("Asia/Kolkata");
    const kyiv = canonicalTimeZone("Europe/Kyiv");
    // V8 answers the ICU names (Asia/Calcutta, Europe/Kiev); whatever it answers must be stable and usable.
    for (const zone of [kolkata, kyiv]) {
      expect(zone).toMatch(/^[A-Z][A-Za-z_]+\/[A-Za-z_]+$/);
      expect(canonicalTimeZone(zone!)).toBe(zone);
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone! })).not.toThrow();
    }
    expect(canonicalTimeZone("Asia/Calcutta")).toBe(kolkata);
    expect(canonicalTimeZone("Europe/Kiev")).toBe(kyiv);
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("asia/tokyo")).toBe("Asia/Tokyo");
    expect(canonicalTimeZone("US/Pacific")).toBe("America/Los_Angeles");
    for (const bad of ["garbage", "Europe/Atlantis", "", "   ", "+05:30", "-08:00", "x".repeat(65), "\u0000", "../../etc/passwd"]) {
      expect(canonicalTimeZone(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("registration stores the canonical zone too", async () => {
    const { body } = await registerUser({ timezone: "Europe/Kyiv" });
    expect(body.user.timezone).toBe(canonicalTimeZone("Europe/Kyiv"));
    expect((await userRow(body.user.id))?.timezone).toBe(canonicalTimeZone("Europe/Kyiv"));
    const utc = await registerUser({ timezone: "Etc/UTC" });
    expect(utc.body.user.timezone).toBe("UTC");
  });
});

describe("onboarding status: GET /v1/users/me/onboarding, POST|DELETE /v1/users/me/onboarding/skip", () => {
  it("is needed until the email is verified and Telegram is linked", async () => {
    const { body, input } = await registerUser();
    const status = async () => (await request("/v1/users/me/onboarding", { headers: bearer(body.accessToken) })).json();
    expect(await status()).toEqual({ needsOnboarding: true, isVerified: false, isTelegramLinked: false, skipped: false });

    await jsonRequest("/v1/auth/otp/verify", "POST", { userId: body.user.id, otp: await latestCode(input.email) }, bearer(body.accessToken));
    expect(await status()).toEqual({ needsOnboarding: true, isVerified: true, isTelegramLinked: false, skipped: false });

    await testDeps().db.update(users).set({ telegramChatId: `chat-${crypto.randomUUID()}` }).where(eq(users.id, body.user.id));
    expect(await status()).toEqual({ needsOnboarding: false, isVerified: true, isTelegramLinked: true, skipped: false });
  });

  it("skip turns it off, DELETE turns it back on ('Get Started' in the menu)", async () => {
    const { body } = await registerUser();
    const skip = await jsonRequest("/v1/users/me/onboarding/skip", "POST", {}, bearer(body.accessToken));
    expect(skip.status).toBe(200);
    expect(await skip.json()).toEqual({ needsOnboarding: false, isVerified: false, isTelegramLinked: false, skipped: true });
    const resume = await jsonRequest("/v1/users/me/onboarding/skip", "DELETE", {}, bearer(body.accessToken));
    expect(await resume.json()).toEqual({ needsOnboarding: true, isVerified: false, isTelegramLinked: false, skipped: false });
    expect((await request("/v1/users/me/onboarding")).status).toBe(401);
  });

  it("a skip lasts one day, like the spec's skip cookie (fixed clock)", async () => {
    const clock = fixedClock("2026-07-01T09:00:00Z");
    const deps = testDeps(clock);
    const { user } = await register(deps, registration(), meta);
    await skipOnboarding(deps, user.id);
    clock.advance(24 * 3600_000 - 1);
    expect((await getOnboardingStatus(deps, user.id)).needsOnboarding).toBe(false);
    clock.advance(1);
    expect(await getOnboardingStatus(deps, user.id)).toMatchObject({ needsOnboarding: true, skipped: false });
  });
});
