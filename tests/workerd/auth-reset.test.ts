import { describe, expect, it } from "vitest";
import { login, register, requestPasswordReset, resetPassword, verifyEmailCode, verifyMagicLink } from "../../worker/services/auth";
import { fixedClock } from "../../worker/services/clock";
import { jsonRequest, testDeps } from "./helpers";
import { emailCount, GOOD_PASSWORD, latestCode, latestEmail, readEmail, registerUser, registration, uniqueEmail, userRow } from "./auth-support";

const NEW_PASSWORD = "Brand-New-Secret-7";
const INVALID = { message: "Invalid or expired reset code. Please try again.", code: "INVALID_RESET_CODE" };
const SENT = { success: true, message: "If an account exists for that email address, we've sent it a reset code. Please check your inbox." };
const meta = { ip: null, userAgent: null };

const forgot = (email: unknown) => jsonRequest("/v1/auth/forgot-password", "POST", { email });
const reset = (body: unknown) => jsonRequest("/v1/auth/reset-password", "POST", body);
const wrongCode = (code: string) => code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

describe("POST /v1/auth/forgot-password", () => {
  it("answers the same for an existing and an unknown account; only the existing one gets an email", async () => {
    const { input } = await registerUser();
    const unknown = uniqueEmail("nobody");
    const known = await forgot(` ${input.email.toUpperCase()} `);
    const missing = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    expect(await known.json()).toEqual(SENT);
    expect(await missing.json()).toEqual(SENT);
    expect(await emailCount(unknown)).toBe(0);

    const email = await latestEmail(input.email);
    expect(email?.subject).toBe("Reset your Nudge password");
    const found = readEmail(email!.text);
    expect(found.code).toMatch(/^\d{8}$/);
    expect(found.resetLink).toBe(`http://localhost:8787/auth/reset-password?email=${encodeURIComponent(input.email)}`);
    expect(email!.text).toContain("expires in 60 minutes");
  });

  it("answers 400 with a sentence for a malformed email", async () => {
    const response = await forgot("not an email");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Please enter a valid email address.", code: "VALIDATION_FAILED" });
  });

  it("sends at most 5 reset emails per hour per address, silently", async () => {
    const { input } = await registerUser();
    for (let i = 0; i < 6; i++) expect((await forgot(input.email)).status).toBe(200);
    expect(await emailCount(input.email)).toBe(1 + 5); // the verification email + 5 reset emails
  });
});

describe("POST /v1/auth/reset-password", () => {
  it("sets the new password with the emailed code, signs every session out, and marks the email verified", async () => {
    const { input, body } = await registerUser();
    await forgot(input.email);
    const code = await latestCode(input.email);
    const response = await reset({ email: input.email, code, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Your password has been reset successfully! You can now sign in with your new password." });

    expect((await jsonRequest("/v1/auth/login", "POST", { email: input.email, password: GOOD_PASSWORD })).status).toBe(401);
    expect((await jsonRequest("/v1/auth/login", "POST", { email: input.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await jsonRequest("/v1/auth/refresh", "POST", { refreshToken: body.refreshToken })).status).toBe(401);
    expect((await userRow(body.user.id))?.isVerified).toBe(true);

    // Single use.
    const again = await reset({ email: input.email, code, newPassword: "Another-Secret-8" });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(INVALID);
  });

  it("ends the magic links and codes still in the mailbox: an old link signs nobody in after the password changed", async () => {
    const deps = testDeps();
    const input = registration();
    await register(deps, input, meta);
    const magicToken = readEmail((await latestEmail(input.email))!.text).magicToken!;
    const verifyCode = await latestCode(input.email);
    await requestPasswordReset(deps, input.email);
    await resetPassword(deps, { email: input.email, code: await latestCode(input.email), newPassword: NEW_PASSWORD });
    expect(await verifyMagicLink(deps, magicToken, meta)).toBeNull();
    const { user } = (await login(deps, { email: input.email, password: NEW_PASSWORD }, meta))!;
    expect(user.isVerified).toBe(true);
    expect(await verifyEmailCode(deps, user.id, verifyCode)).toBe(false);
  });

  it("answers the same 400 for a wrong code and for an unknown email (no 404: it would reveal accounts)", async () => {
    const { input } = await registerUser();
    await forgot(input.email);
    const code = await latestCode(input.email);
    const wrong = await reset({ email: input.email, code: wrongCode(code), newPassword: NEW_PASSWORD });
    const unknown = await reset({ email: uniqueEmail("nobody"), code, newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await wrong.json()).toEqual(INVALID);
    expect(await unknown.json()).toEqual(INVALID);
  });

  it("allows 5 tries per code, then the right code fails too", async () => {
    const { input, body } = await registerUser();
    await forgot(input.email);
    const code = await latestCode(input.email);
    const before = (await userRow(body.user.id))?.passwordHash;
    for (let i = 0; i < 5; i++) expect((await reset({ email: input.email, code: wrongCode(code), newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await reset({ email: input.email, code, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await userRow(body.user.id))?.passwordHash).toBe(before);
  });

  it("applies the registration password rules and the 36-character code limit (spec 01 §5)", async () => {
    const { input } = await registerUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ newPassword: "short1A" }, "Password must be at least 8 characters long."],
      [{ newPassword: "alllowercase1" }, "Password must contain at least one lowercase letter, one uppercase letter, and one number."],
      [{ newPassword: "Password1" }, "This password is one of the most common ones and is easy to guess. Please choose a different password."],
      [{ code: "1".repeat(37) }, "The reset code can be at most 36 characters long."],
      [{ code: "" }, "Please enter the reset code from the email."],
      [{ email: "" }, "Please enter your email address."],
    ];
    for (const [change, message] of cases) {
      const response = await reset({ email: input.email, code: "12345678", newPassword: NEW_PASSWORD, ...change });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message, code: "VALIDATION_FAILED" });
    }
  });

  it("codes expire after 60 minutes (fixed clock)", async () => {
    const clock = fixedClock("2026-06-01T09:00:00Z");
    const deps = testDeps(clock);
    const input = registration();
    await register(deps, input, meta);
    await requestPasswordReset(deps, input.email);
    const code = await latestCode(input.email);
    clock.advance(60 * 60_000);
    await expect(resetPassword(deps, { email: input.email, code, newPassword: NEW_PASSWORD })).rejects.toMatchObject({ status: 400, message: INVALID.message });

    await requestPasswordReset(deps, input.email);
    const fresh = await latestCode(input.email);
    clock.advance(60 * 60_000 - 1);
    await expect(resetPassword(deps, { email: input.email, code: fresh, newPassword: NEW_PASSWORD })).resolves.toBeUndefined();
  });

  it("can hand the email work to waitUntil (defer), answering before it is done", async () => {
    const deps = testDeps();
    const input = registration();
    await register(deps, input, meta);
    const deferred: Promise<void>[] = [];
    await requestPasswordReset(deps, input.email, { defer: (work) => deferred.push(work) });
    expect(deferred).toHaveLength(1);
    await deferred[0];
    expect((await latestEmail(input.email))?.subject).toBe("Reset your Nudge password");
  });
});
