/**
 * Issue 7, item 7: nobody can lock a person out of signing in (ADR 039). A distributed guesser
 * still meets the per-account limit, but a browser the owner signed in from before is exempt from
 * it (a device cookie), a successful password reset lifts the block, and anyone who owns the
 * mailbox can always get an emailed sign-in link.
 */
import { describe, expect, it } from "vitest";
import { jsonRequest, request } from "./helpers";
import { cookieHeader, cookiesFrom, emailCount, GOOD_PASSWORD, latestCode, latestEmail, readEmail, registerUser, setCookieLine, uniqueEmail } from "./auth-support";

const ip = (n: number) => ({ "CF-Connecting-IP": `192.0.2.${n}` });
const NEW_PASSWORD = "Another-Horse-7";
/** Dozens of full password checks (PBKDF2) per test. */
const SLOW = { timeout: 60_000 };
const SIGN_IN_LINK_SENT = "If an account exists for that email address, we've sent it a sign-in link. Please check your inbox.";

function login(email: string, password: string, headers: Record<string, string> = {}) {
  return jsonRequest("/v1/auth/login", "POST", { email, password }, headers);
}

/** 50 wrong guesses from 10 addresses: the account-wide limit (ADR 013) is reached. */
async function guessFromManyIps(email: string) {
  for (let i = 0; i < 50; i++) expect((await login(email, "Wrong-Password-1", ip(i % 10))).status).toBe(401);
  expect((await login(email, GOOD_PASSWORD, ip(200))).status).toBe(429);
}

describe("a browser the owner signed in from keeps password sign-in during an attack", () => {
  it("a successful sign-in sets an HttpOnly device cookie; with it the right password works while strangers are blocked", SLOW, async () => {
    const { input } = await registerUser();
    const first = await login(input.email, GOOD_PASSWORD, ip(201));
    expect(first.status).toBe(200);
    const line = setCookieLine(first, "loginDevice");
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Strict");
    const device = cookiesFrom(first).loginDevice!;

    await guessFromManyIps(input.email);
    const owner = await login(input.email, GOOD_PASSWORD, { ...ip(201), Cookie: cookieHeader({ loginDevice: device }) });
    expect(owner.status).toBe(200);
    // A stranger without the cookie is still held back.
    expect((await login(input.email, GOOD_PASSWORD, ip(202))).status).toBe(429);
  });

  it("the device cookie is bound to its account and cannot be forged", SLOW, async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const aliceDevice = cookiesFrom(await login(alice.input.email, GOOD_PASSWORD, ip(203))).loginDevice!;
    await guessFromManyIps(bob.input.email);
    expect((await login(bob.input.email, GOOD_PASSWORD, { ...ip(203), Cookie: cookieHeader({ loginDevice: aliceDevice }) })).status).toBe(429);
    const forged = `${aliceDevice.split(".")[0]}.${"A".repeat(43)}`;
    expect((await login(bob.input.email, GOOD_PASSWORD, { ...ip(203), Cookie: cookieHeader({ loginDevice: forged }) })).status).toBe(429);
  });

  it("a trusted device gets its own limit: 10 failures lock that device, not the account", SLOW, async () => {
    const { input } = await registerUser();
    const device = cookiesFrom(await login(input.email, GOOD_PASSWORD, ip(204))).loginDevice!;
    // Ten failures from ten addresses with the stolen device cookie: the device is locked.
    for (let i = 0; i < 10; i++) {
      expect((await login(input.email, "Wrong-Password-1", { ...ip(100 + i), Cookie: cookieHeader({ loginDevice: device }) })).status).toBe(401);
    }
    expect((await login(input.email, GOOD_PASSWORD, { ...ip(120), Cookie: cookieHeader({ loginDevice: device }) })).status).toBe(429);
    // The owner elsewhere is not affected.
    expect((await login(input.email, GOOD_PASSWORD, ip(121))).status).toBe(200);
  });
});

describe("a device cookie belongs to the password it was earned with", () => {
  it("after a password reset (or a take-back, which removes the password) an old device cookie exempts nobody", SLOW, async () => {
    const { input } = await registerUser();
    const device = cookiesFrom(await login(input.email, GOOD_PASSWORD, ip(207))).loginDevice!;
    await jsonRequest("/v1/auth/forgot-password", "POST", { email: input.email });
    await jsonRequest("/v1/auth/reset-password", "POST", { email: input.email, code: await latestCode(input.email), newPassword: NEW_PASSWORD });
    await guessFromManyIps(input.email);
    expect((await login(input.email, NEW_PASSWORD, { ...ip(207), Cookie: cookieHeader({ loginDevice: device }) })).status).toBe(429);
  });
});

describe("a successful password reset lifts the block", () => {
  it("after 50 guesses from many IPs, the reset code and the new password sign in at once", SLOW, async () => {
    const { input } = await registerUser();
    await guessFromManyIps(input.email);
    expect((await jsonRequest("/v1/auth/forgot-password", "POST", { email: input.email })).status).toBe(200);
    const reset = await jsonRequest("/v1/auth/reset-password", "POST", { email: input.email, code: await latestCode(input.email), newPassword: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect((await login(input.email, NEW_PASSWORD, ip(205))).status).toBe(200);
    // ...also from one of the addresses that did the guessing.
    expect((await login(input.email, NEW_PASSWORD, ip(3))).status).toBe(200);
  });
});

describe("POST /v1/auth/magic-link/request: an emailed sign-in link without a session", () => {
  it("a verified user gets a link that signs in, even while password sign-in is blocked", SLOW, async () => {
    const { input, body } = await registerUser();
    await jsonRequest("/v1/auth/otp/verify", "POST", { userId: body.user.id, otp: await latestCode(input.email) }, { Authorization: `Bearer ${body.accessToken}` });
    await guessFromManyIps(input.email);
    const asked = await jsonRequest("/v1/auth/magic-link/request", "POST", { email: input.email });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ success: true, message: SIGN_IN_LINK_SENT });
    const mail = await latestEmail(input.email);
    expect(mail?.subject).toBe("Your Nudge sign-in link");
    const token = readEmail(mail!.text).magicToken!;
    const opened = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
    expect(await opened.json()).toBe(true);
    expect(cookiesFrom(opened).accessToken).toBeTruthy();
    // The password stays (the account was verified: no take-back).
    expect((await login(input.email, GOOD_PASSWORD, ip(206))).status).not.toBe(401);
  });

  it("answers the same for an unknown address and sends nothing; at most 5 emails per hour per address, silently", async () => {
    const nobody = uniqueEmail("nobody");
    const unknown = await jsonRequest("/v1/auth/magic-link/request", "POST", { email: nobody });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ success: true, message: SIGN_IN_LINK_SENT });
    expect(await emailCount(nobody)).toBe(0);

    const { input } = await registerUser();
    for (let i = 0; i < 7; i++) {
      const asked = await jsonRequest("/v1/auth/magic-link/request", "POST", { email: input.email });
      expect(asked.status).toBe(200);
    }
    expect(await emailCount(input.email)).toBe(1 + 5);
  });

  it("only the newest sign-in link works", async () => {
    const { input } = await registerUser();
    await jsonRequest("/v1/auth/magic-link/request", "POST", { email: input.email });
    const older = readEmail((await latestEmail(input.email))!.text).magicToken!;
    await jsonRequest("/v1/auth/magic-link/request", "POST", { email: input.email });
    const newer = readEmail((await latestEmail(input.email))!.text).magicToken!;
    expect(await (await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(older)}&registeredByMe=false`)).json()).toBe(false);
    expect(await (await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(newer)}&registeredByMe=false`)).json()).toBe(true);
  });

  it("answers 400 with a sentence for a malformed email", async () => {
    const response = await jsonRequest("/v1/auth/magic-link/request", "POST", { email: "not-an-email" });
    expect(response.status).toBe(400);
  });
});
