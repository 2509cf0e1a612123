import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verificationCodes } from "../../db/schema";
import { checkEmailCode, register, sendVerificationEmail, verifyEmailCode, verifyEmailLink, verifyMagicLink } from "../../worker/services/auth";
import { codeHash } from "../../worker/services/auth/codes";
import { fixedClock } from "../../worker/services/clock";
import { sha256Hex } from "../../worker/services/tokens";
import { jsonRequest, request, testDeps } from "./helpers";
import { bearer, cookiesFrom, emailCount, getWithToken, latestCode, latestEmail, readEmail, registerUser, registration, setCookieLine, userRow } from "./auth-support";

const meta = { ip: null, userAgent: null };

function post(path: string, body: unknown, token: string) {
  return jsonRequest(path, "POST", body, bearer(token));
}

/** A code of the same length that is surely not the real one. */
/** Arrange for the fixed-clock code tests: a clock at `iso`, services on it, a new user and the code emailed to them. */
async function registeredWithCodeAt(iso: string) {
  const clock = fixedClock(iso);
  const deps = testDeps(clock);
  const input = registration();
  const { user } = await register(deps, input, meta);
  const code = await latestCode(input.email);
  return { clock, deps, input, user, code };
}

const wrongCode = (code: string) => code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

describe("POST /v1/auth/otp and /v1/auth/otp/verify", () => {
  it("sends a new email with a code; a wrong code answers false, the right one true and the profile shows isVerified", async () => {
    const { body, input } = await registerUser();
    const sent = await post("/v1/auth/otp", { userId: body.user.id }, body.accessToken);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true, message: "We've sent a new verification code to your email." });
    expect(await emailCount(input.email)).toBe(2);
    const code = await latestCode(input.email);

    const wrong = await post("/v1/auth/otp/verify", { userId: body.user.id, otp: wrongCode(code) }, body.accessToken);
    expect(wrong.status).toBe(200);
    expect(await wrong.json()).toBe(false);
    const right = await post("/v1/auth/otp/verify", { userId: body.user.id, otp: ` ${code} ` }, body.accessToken);
    expect(await right.json()).toBe(true);

    const profile = await (await getWithToken("/v1/auth/profile", body.accessToken)).json<{ isVerified: boolean }>();
    expect(profile.isVerified).toBe(true);
    // Single use.
    expect(await (await post("/v1/auth/otp/verify", { userId: body.user.id, otp: code }, body.accessToken)).json()).toBe(false);
  });

  it("only the newest code counts: asking again ends the previous code", async () => {
    const { body, input } = await registerUser();
    const first = await latestCode(input.email);
    await post("/v1/auth/otp", { userId: body.user.id }, body.accessToken);
    const second = await latestCode(input.email);
    if (first !== second) expect(await (await post("/v1/auth/otp/verify", { userId: body.user.id, otp: first }, body.accessToken)).json()).toBe(false);
    expect(await (await post("/v1/auth/otp/verify", { userId: body.user.id, otp: second }, body.accessToken)).json()).toBe(true);
  });

  it("after 5 wrong tries even the right code fails until a new code is sent", async () => {
    const { body, input } = await registerUser();
    const code = await latestCode(input.email);
    for (let i = 0; i < 5; i++) expect(await (await post("/v1/auth/otp/verify", { userId: body.user.id, otp: wrongCode(code) }, body.accessToken)).json()).toBe(false);
    expect(await (await post("/v1/auth/otp/verify", { userId: body.user.id, otp: code }, body.accessToken)).json()).toBe(false);
    const [row] = await testDeps().db.select().from(verificationCodes).where(and(eq(verificationCodes.userId, body.user.id), eq(verificationCodes.purpose, "email_verify")));
    expect(row?.attempts).toBe(5);

    await post("/v1/auth/otp", { userId: body.user.id }, body.accessToken);
    expect(await (await post("/v1/auth/otp/verify", { userId: body.user.id, otp: await latestCode(input.email) }, body.accessToken)).json()).toBe(true);
  });

  it("codes expire after 15 minutes (fixed clock)", async () => {
    const { clock, deps, input, user, code } = await registeredWithCodeAt("2026-05-01T09:00:00Z");
    clock.advance(15 * 60_000);
    expect(await verifyEmailCode(deps, user.id, code)).toBe(false);

    await sendVerificationEmail(deps, user.id);
    const fresh = await latestCode(input.email);
    clock.advance(15 * 60_000 - 1);
    expect(await verifyEmailCode(deps, user.id, fresh)).toBe(true);
  });

  it("rate-limits the emails: 5 per hour per user, then 429 with a sentence and Retry-After", async () => {
    const { body, input } = await registerUser(); // the registration email is the first
    for (let i = 0; i < 4; i++) expect((await post("/v1/auth/otp", { userId: body.user.id }, body.accessToken)).status).toBe(200);
    const sixth = await post("/v1/auth/magic-link", { userId: body.user.id }, body.accessToken);
    expect(sixth.status).toBe(429);
    const answer = await sixth.json<{ message: string; code: string }>();
    expect(answer.code).toBe("EMAIL_RATE_LIMITED");
    expect(answer.message).toMatch(/^We've already sent you 5 verification emails this hour\. Please check your inbox \(and spam folder\), or try again in \d+ minutes?\.$/);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await emailCount(input.email)).toBe(5);
  });

  it("lets the sends through again an hour later (fixed clock)", async () => {
    const clock = fixedClock("2026-05-02T09:00:00Z");
    const deps = testDeps(clock);
    const { user } = await register(deps, registration(), meta);
    for (let i = 0; i < 4; i++) await sendVerificationEmail(deps, user.id);
    await expect(sendVerificationEmail(deps, user.id)).rejects.toMatchObject({ status: 429 });
    clock.advance(60 * 60_000);
    await expect(sendVerificationEmail(deps, user.id)).resolves.toBeUndefined();
  });

  it("needs a session (401), answers 404 for someone else's userId, 400 once verified", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    expect((await jsonRequest("/v1/auth/otp", "POST", { userId: alice.body.user.id })).status).toBe(401);
    const other = await post("/v1/auth/otp", { userId: bob.body.user.id }, alice.body.accessToken);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: "We couldn't find that user.", code: "USER_NOT_FOUND" });
    const otherVerify = await post("/v1/auth/otp/verify", { userId: bob.body.user.id, otp: await latestCode(bob.input.email) }, alice.body.accessToken);
    expect(otherVerify.status).toBe(404);
    expect((await userRow(bob.body.user.id))?.isVerified).toBe(false);

    await post("/v1/auth/otp/verify", { userId: alice.body.user.id, otp: await latestCode(alice.input.email) }, alice.body.accessToken);
    const again = await post("/v1/auth/otp", { userId: alice.body.user.id }, alice.body.accessToken);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: "Your email address is already verified.", code: "ALREADY_VERIFIED" });
  });

  it("refuses a code longer than 36 characters (spec 01 §5) with 400", async () => {
    const { body } = await registerUser();
    const response = await post("/v1/auth/otp/verify", { userId: body.user.id, otp: "1".repeat(37) }, body.accessToken);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The verification code can be at most 36 characters long.", code: "VALIDATION_FAILED" });
  });
});

describe("checkEmailCode: why a code failed (for the verify screen)", () => {
  async function emailCodeRow(userId: string) {
    const [row] = await testDeps().db.select().from(verificationCodes).where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, "email_verify")));
    return row;
  }

  it("'wrong' takes a try; the right code is ok once, then 'no_code'; verifyEmailCode says the same as a boolean", async () => {
    const deps = testDeps();
    const input = registration();
    const { user } = await register(deps, input, meta);
    const code = await latestCode(input.email);
    expect(await checkEmailCode(deps, user.id, wrongCode(code))).toEqual({ ok: false, reason: "wrong" });
    expect((await emailCodeRow(user.id))?.attempts).toBe(1);
    expect(await checkEmailCode(deps, user.id, ` ${code} `)).toEqual({ ok: true });
    expect((await userRow(user.id))?.isVerified).toBe(true);
    expect(await checkEmailCode(deps, user.id, code)).toEqual({ ok: false, reason: "no_code" });
    expect(await verifyEmailCode(deps, user.id, code)).toBe(false);
  });

  it("'expired' after 15 minutes (fixed clock), without taking a try", async () => {
    const { clock, deps, user, code } = await registeredWithCodeAt("2026-05-05T09:00:00Z");
    clock.advance(15 * 60_000 - 1);
    expect(await checkEmailCode(deps, user.id, wrongCode(code))).toEqual({ ok: false, reason: "wrong" });
    clock.advance(1);
    expect(await checkEmailCode(deps, user.id, code)).toEqual({ ok: false, reason: "expired" });
    expect(await checkEmailCode(deps, user.id, wrongCode(code))).toEqual({ ok: false, reason: "expired" });
    expect(await verifyEmailCode(deps, user.id, code)).toBe(false);
    expect((await emailCodeRow(user.id))?.attempts).toBe(1);
    expect((await userRow(user.id))?.isVerified).toBe(false);
  });

  it("'too_many_tries' after 5 wrong tries, even for the right code, until a new code is sent", async () => {
    const deps = testDeps();
    const input = registration();
    const { user } = await register(deps, input, meta);
    const code = await latestCode(input.email);
    for (let i = 0; i < 5; i++) expect(await checkEmailCode(deps, user.id, wrongCode(code)), `try ${i + 1}`).toEqual({ ok: false, reason: "wrong" });
    expect(await checkEmailCode(deps, user.id, code)).toEqual({ ok: false, reason: "too_many_tries" });
    expect(await verifyEmailCode(deps, user.id, code)).toBe(false);
    expect((await emailCodeRow(user.id))?.attempts).toBe(5);

    await sendVerificationEmail(deps, user.id);
    const fresh = await latestCode(input.email);
    expect(await checkEmailCode(deps, user.id, fresh)).toEqual({ ok: true });
  });

  it("only the newest code counts: an older one is 'wrong'", async () => {
    const deps = testDeps();
    const input = registration();
    const { user } = await register(deps, input, meta);
    const first = await latestCode(input.email);
    await sendVerificationEmail(deps, user.id);
    const second = await latestCode(input.email);
    if (first !== second) expect(await checkEmailCode(deps, user.id, first)).toEqual({ ok: false, reason: "wrong" });
    expect(await checkEmailCode(deps, user.id, second)).toEqual({ ok: true });
  });

  it("'no_code' for an unknown user or a code sent to an address the account no longer has; bad input is 'wrong'", async () => {
    const deps = testDeps();
    expect(await checkEmailCode(deps, crypto.randomUUID(), "123456")).toEqual({ ok: false, reason: "no_code" });
    const input = registration();
    const { user } = await register(deps, input, meta);
    const code = await latestCode(input.email);
    expect(await checkEmailCode(deps, user.id, "")).toEqual({ ok: false, reason: "wrong" });
    expect(await checkEmailCode(deps, user.id, "1".repeat(37))).toEqual({ ok: false, reason: "wrong" });
    expect((await emailCodeRow(user.id))?.attempts).toBe(0);
    await deps.db.update(verificationCodes).set({ target: "someone-else@example.com" }).where(eq(verificationCodes.userId, user.id));
    expect(await checkEmailCode(deps, user.id, code)).toEqual({ ok: false, reason: "no_code" });
  });

  it("POST /v1/auth/otp/verify still answers a bare boolean whatever the reason", async () => {
    const { body, input } = await registerUser();
    const code = await latestCode(input.email);
    for (let i = 0; i < 5; i++) await post("/v1/auth/otp/verify", { userId: body.user.id, otp: wrongCode(code) }, body.accessToken);
    const usedUp = await post("/v1/auth/otp/verify", { userId: body.user.id, otp: code }, body.accessToken);
    expect(usedUp.status).toBe(200);
    expect(await usedUp.text()).toBe("false");
  });
});

describe("POST /v1/auth/verify-email (the link page: {email, code})", () => {
  it("verifies with the code and email from the email's link, without a session", async () => {
    const { body, input } = await registerUser();
    const link = new URL(readEmail((await latestEmail(input.email))!.text).verifyLink!);
    const response = await jsonRequest("/v1/auth/verify-email", "POST", { email: link.searchParams.get("email"), code: link.searchParams.get("code"), registeredByMe: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    expect((await userRow(body.user.id))?.isVerified).toBe(true);
  });

  it("answers false for a wrong code or an unknown email, and 400 'Missing verification code or email.' when one is missing", async () => {
    const { input } = await registerUser();
    const code = await latestCode(input.email);
    expect(await (await jsonRequest("/v1/auth/verify-email", "POST", { email: input.email, code: wrongCode(code) })).json()).toBe(false);
    expect(await (await jsonRequest("/v1/auth/verify-email", "POST", { email: "nobody@example.com", code })).json()).toBe(false);
    for (const body of [{ email: input.email }, { code }, { email: "", code: "" }, {}]) {
      const response = await jsonRequest("/v1/auth/verify-email", "POST", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Missing verification code or email.", code: "VALIDATION_FAILED" });
    }
  });

  it("shares the 5-try limit with the other code check (service)", async () => {
    const deps = testDeps();
    const input = registration();
    await register(deps, input, meta);
    const code = await latestCode(input.email);
    for (let i = 0; i < 5; i++) expect(await verifyEmailLink(deps, input.email, wrongCode(code))).toBe(false);
    expect(await verifyEmailLink(deps, input.email, code)).toBe(false);
  });
});

describe("POST /v1/auth/verify-email is throttled (no session, so strangers could burn the owner's tries)", () => {
  const THROTTLED = /^Too many verification attempts\. Please wait \d+ minutes? and try again, or ask for a new email\.$/;

  it("allows 10 checks per hour per IP + email, then 429 with a sentence and Retry-After; the code's 5-try rule is unchanged", async () => {
    const { input, body } = await registerUser();
    const ip = { "CF-Connecting-IP": "203.0.113.70" };
    const code = await latestCode(input.email);
    for (let i = 0; i < 10; i++) {
      const response = await jsonRequest("/v1/auth/verify-email", "POST", { email: input.email, code: wrongCode(code) }, ip);
      expect(response.status, `check ${i + 1}`).toBe(200);
      expect(await response.json()).toBe(false);
    }
    const blocked = await jsonRequest("/v1/auth/verify-email", "POST", { email: input.email, code }, ip);
    expect(blocked.status).toBe(429);
    const answer = await blocked.json<{ message: string; code: string }>();
    expect(answer.code).toBe("VERIFY_THROTTLED");
    expect(answer.message).toMatch(THROTTLED);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(3500);
    // Only 5 of those 10 wrong checks took a try; the owner still verifies with a new email while signed in.
    const [row] = await testDeps().db.select().from(verificationCodes).where(and(eq(verificationCodes.userId, body.user.id), eq(verificationCodes.purpose, "email_verify")));
    expect(row?.attempts).toBe(5);
    expect((await userRow(body.user.id))?.isVerified).toBe(false);
    // Another address from the same IP still works.
    const other = await registerUser();
    const ok = await jsonRequest("/v1/auth/verify-email", "POST", { email: other.input.email, code: await latestCode(other.input.email), registeredByMe: false }, ip);
    expect(await ok.json()).toBe(true);
  });

  it("allows 30 checks per hour per IP across all addresses, unknown addresses included (fixed clock)", async () => {
    const clock = fixedClock("2026-05-04T09:00:00Z");
    const deps = testDeps(clock);
    const ipMeta = { ip: "203.0.113.71", userAgent: null };
    for (let i = 0; i < 30; i++) expect(await verifyEmailLink(deps, `nobody-${i}-${crypto.randomUUID()}@example.com`, "123456", ipMeta)).toBe(false);
    const input = registration();
    const { user } = await register(deps, input, meta);
    const code = await latestCode(input.email);
    await expect(verifyEmailLink(deps, input.email, code, ipMeta)).rejects.toMatchObject({ status: 429, code: "VERIFY_THROTTLED" });
    await expect(verifyEmailLink(deps, input.email, code, ipMeta)).rejects.toMatchObject({ message: expect.stringMatching(THROTTLED) });
    // Refused checks took none of the code's tries: the right code still works from another address.
    expect(await verifyEmailLink(deps, input.email, code, { ip: "203.0.113.72", userAgent: null }, null, false)).toBe(true);
    // An hour later the address may check again.
    clock.advance(60 * 60_000);
    expect(await verifyEmailLink(deps, `nobody-${crypto.randomUUID()}@example.com`, "123456", ipMeta)).toBe(false);
    expect((await userRow(user.id))?.isVerified).toBe(true);
  });
});

describe("codes at rest", () => {
  it("are stored as an HMAC under a server key, not a plain SHA-256 that 10^6 guesses would reverse", async () => {
    const deps = testDeps();
    const input = registration();
    const { user } = await register(deps, input, meta);
    const code = await latestCode(input.email);
    const [row] = await deps.db.select().from(verificationCodes).where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, "email_verify")));
    expect(row?.codeHash).not.toBe(await sha256Hex(`email_verify:${user.id}:${code}`));
    expect(row?.codeHash).toBe(await codeHash(deps.env, "email_verify", user.id, code));
    expect(row?.codeHash).not.toBe(await codeHash({ JWT_SECRET: "some-other-server-secret-0123456789abcdef" }, "email_verify", user.id, code));
    // A server with another key cannot check the code either.
    const otherServer = testDeps(undefined, { JWT_SECRET: "some-other-server-secret-0123456789abcdef" });
    expect(await verifyEmailCode(otherServer, user.id, code)).toBe(false);
    expect(await verifyEmailCode(deps, user.id, code)).toBe(true);
  });

  it("a row from before the change (plain SHA-256) no longer matches", async () => {
    const deps = testDeps();
    const input = registration();
    const { user } = await register(deps, input, meta);
    const code = await latestCode(input.email);
    await deps.db
      .update(verificationCodes)
      .set({ codeHash: await sha256Hex(`email_verify:${user.id}:${code}`) })
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, "email_verify")));
    expect(await verifyEmailCode(deps, user.id, code)).toBe(false);
  });
});

// registeredByMe=false: the answer to the ownership question (ADR 038, amended) that keeps the old take-back.
describe("GET /v1/auth/magic-link/verify", () => {
  it("refuses a cross-site browser request (login CSRF) without using up the token", async () => {
    const { input } = await registerUser();
    const token = readEmail((await latestEmail(input.email))!.text).magicToken!;
    const attempts: Array<Record<string, string>> = [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "https://evil.example" }, { "Sec-Fetch-Site": "same-site" }];
    for (const headers of attempts) {
      const response = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(token)}&registeredByMe=false`, { headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "This request came from another site and was blocked.", code: "CSRF_REJECTED" });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const own = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(token)}&registeredByMe=false`, { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(await own.json()).toBe(true);
  });

  it("a newer verification email ends the magic link of the older one", async () => {
    const { body, input } = await registerUser();
    const older = readEmail((await latestEmail(input.email))!.text).magicToken!;
    expect((await post("/v1/auth/magic-link", { userId: body.user.id }, body.accessToken)).status).toBe(200);
    const newer = readEmail((await latestEmail(input.email))!.text).magicToken!;
    expect(newer).not.toBe(older);
    expect(await (await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(older)}&registeredByMe=false`)).json()).toBe(false);
    expect(await (await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(newer)}&registeredByMe=false`)).json()).toBe(true);
  });


  it("verifies the email AND signs in (answers true and sets the session cookies), once", async () => {
    const { body, input } = await registerUser();
    const token = readEmail((await latestEmail(input.email))!.text).magicToken!;
    const response = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(token)}&registeredByMe=false`);
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const jar = cookiesFrom(response);
    expect(setCookieLine(response, "refreshToken")).toContain("HttpOnly");
    const profile = await getWithToken("/v1/auth/profile", jar.accessToken!);
    expect(await profile.json()).toMatchObject({ id: body.user.id, isVerified: true });

    const second = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(token)}&registeredByMe=false`);
    expect(second.status).toBe(200);
    expect(await second.json()).toBe(false);
    expect(second.headers.getSetCookie()).toEqual([]);
  });

  it("POST /v1/auth/magic-link sends the same email (code + link) and the new link works", async () => {
    const { body, input } = await registerUser();
    const sent = await post("/v1/auth/magic-link", { userId: body.user.id }, body.accessToken);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true, message: "We've sent a new sign-in link to your email." });
    const found = readEmail((await latestEmail(input.email))!.text);
    expect(found.code).toMatch(/^\d{6}$/);
    expect(await (await request(`/v1/auth/magic-link/verify?token=${found.magicToken}&registeredByMe=false`)).json()).toBe(true);
  });

  it("answers false for an unknown token and 400 with a sentence when the token is missing", async () => {
    expect(await (await request("/v1/auth/magic-link/verify?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).json()).toBe(false);
    expect(await (await request(`/v1/auth/magic-link/verify?token=${"x".repeat(5000)}`)).json()).toBe(false);
    const missing = await request("/v1/auth/magic-link/verify");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "The link is incomplete. Please open the link from the email again.", code: "TOKEN_MISSING" });
  });

  it("expires after 15 minutes (fixed clock)", async () => {
    const clock = fixedClock("2026-05-03T09:00:00Z");
    const deps = testDeps(clock);
    const input = registration();
    await register(deps, input, meta);
    const token = readEmail((await latestEmail(input.email))!.text).magicToken!;
    clock.advance(15 * 60_000);
    expect(await verifyMagicLink(deps, token, meta)).toBeNull();

    const again = registration();
    await register(deps, again, meta);
    const fresh = readEmail((await latestEmail(again.email))!.text).magicToken!;
    clock.advance(15 * 60_000 - 1);
    expect(await verifyMagicLink(deps, fresh, meta, { sessionUserId: null, registeredByMe: false })).toMatchObject({ user: { email: again.email, isVerified: true } });
  });
});
