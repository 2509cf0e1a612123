import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../worker/services/auth";
import { pairingCodeHash } from "../../worker/services/auth/codes";
import { jsonRequest, testDeps } from "./helpers";
import { GOOD_PASSWORD, latestEmail, readEmail, registerUser, registration, setCookieLine, uniqueEmail, userByEmail } from "./auth-support";

describe("POST /v1/users (register)", () => {
  it("creates the account and answers {accessToken, refreshToken, user} with every User field of spec 01 §3", async () => {
    const { input, response, body } = await registerUser({ email: `  New.Person-${crypto.randomUUID().slice(0, 8)}@Example.COM ` });
    const email = input.email.trim().toLowerCase();
    expect(Object.keys(body).sort()).toEqual(["accessToken", "refreshToken", "user"]);
    expect(body.accessToken.split(".")).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(body.user).toEqual({
      id: expect.any(String),
      name: "Dana Tester",
      email,
      phone: null,
      isVerified: false,
      phoneVerified: false,
      telegramChatId: null,
      timezone: "Europe/Berlin",
      consent: true,
      icsFeedToken: null,
      defaultEscalationStrategy: null,
    });
    expect(response.headers.get("Cache-Control")).toBe("no-store");

    const row = await userByEmail(email);
    expect(row?.passwordHash).toMatch(/^\$pbkdf2-sha256\$i=100000\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(row?.passwordHash).not.toContain(GOOD_PASSWORD);
  });

  it("sets the session cookies: HttpOnly, Secure, SameSite=Strict, Path=/, 15 minutes and 7 days", async () => {
    const { response, body } = await registerUser();
    const access = setCookieLine(response, "accessToken")!;
    const refresh = setCookieLine(response, "refreshToken")!;
    expect(access).toContain(`accessToken=${body.accessToken}`);
    expect(refresh).toContain(`refreshToken=${body.refreshToken}`);
    for (const line of [access, refresh]) {
      expect(line).toContain("HttpOnly");
      expect(line).toContain("Secure");
      expect(line).toContain("SameSite=Strict");
      expect(line).toContain("Path=/");
    }
    expect(access).toContain("Max-Age=900");
    expect(refresh).toContain("Max-Age=604800");
  });

  it("sends ONE verification email with a 6-digit code, a magic link and the code-page link", async () => {
    const { input } = await registerUser();
    const email = await latestEmail(input.email);
    expect(email?.subject).toBe("Verify your email for Nudge");
    const found = readEmail(email!.text);
    expect(found.code).toMatch(/^\d{6}$/);
    expect(found.magicLink).toMatch(/^http:\/\/localhost:8787\/auth\/magic-link\?token=[A-Za-z0-9_-]{43}$/);
    const verify = new URL(found.verifyLink!);
    expect(verify.origin + verify.pathname).toBe("http://localhost:8787/auth/verify-email");
    expect(verify.searchParams.get("code")).toBe(found.code);
    expect(verify.searchParams.get("email")).toBe(input.email);
    expect(email!.html).toContain(found.code!);
  });

  it("stores the optional pairing {platformId, platformCode} on the user (the code as a keyed hash, issue 7 / ADR 040)", async () => {
    const { input } = await registerUser({ platformId: "whatsapp", platformCode: "PAIR-1234" });
    const row = await userByEmail(input.email);
    expect(row).toMatchObject({ pairPlatformId: "whatsapp", pairPlatformCodeHash: await pairingCodeHash(testDeps().env, "whatsapp", "PAIR-1234") });
  });

  it("ignores confirmPassword (the page checks it) and answers 409 with a sentence when the email is taken, in any case", async () => {
    const { input } = await registerUser({ confirmPassword: "something else" });
    const again = await jsonRequest("/v1/users", "POST", registration({ email: input.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "An account with this email address already exists. Please sign in instead.", code: "EMAIL_TAKEN" });
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["no consent", { consent: false }, "You must agree to the Terms of Service and Privacy Policy to register."],
    ["consent missing", { consent: undefined }, "You must agree to the Terms of Service and Privacy Policy to register."],
    ["short password", { password: "Ab1" }, "Password must be at least 8 characters long."],
    ["password missing", { password: undefined }, "Password must be at least 8 characters long."],
    ["no upper-case letter", { password: "lowercase123" }, "Password must contain at least one lowercase letter, one uppercase letter, and one number."],
    ["no lower-case letter", { password: "UPPERCASE123" }, "Password must contain at least one lowercase letter, one uppercase letter, and one number."],
    ["no digit", { password: "NoDigitsHere" }, "Password must contain at least one lowercase letter, one uppercase letter, and one number."],
    ["a common password", { password: "Password123" }, MESSAGES.passwordCommon],
    ["another common password", { password: "Qwerty123" }, MESSAGES.passwordCommon],
    ["a 257-character password", { password: `Aa1${"x".repeat(254)}` }, "Password can be at most 256 characters long."],
    ["no name", { name: "   " }, "Please enter your name."],
    ["no email", { email: "" }, "Please enter your email address."],
    ["a malformed email", { email: "not-an-email" }, "Please enter a valid email address."],
    ["no timezone", { timezone: "" }, "Please choose your timezone."],
    ["an unknown timezone", { timezone: "Mars/Olympus_Mons" }, "Please choose a timezone from the list."],
    ["half a pairing", { platformId: "whatsapp" }, "The pairing needs both platformId and platformCode."],
  ];
  for (const [what, change, message] of cases) {
    it(`refuses ${what} with 400 "${message}" and creates nothing`, async () => {
      const input = registration(change);
      const response = await jsonRequest("/v1/users", "POST", input);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message, code: "VALIDATION_FAILED" });
      if (typeof input.email === "string" && input.email.includes("@")) expect(await userByEmail(input.email)).toBeNull();
    });
  }

  it("accepts a 64-character passphrase and a 256-character one, and UTC as the timezone", async () => {
    await registerUser({ password: `Long passphrase 1 ${"w".repeat(46)}` });
    await registerUser({ password: `Aa1${"z".repeat(253)}`, timezone: "UTC" });
  });

  it("refuses a request from another site (foreign Origin) with 403", async () => {
    const input = registration();
    const response = await jsonRequest("/v1/users", "POST", input, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await response.json<{ code: string }>()).code).toBe("CSRF_REJECTED");
    expect(await userByEmail(input.email)).toBeNull();
  });

  it("normalises the email so sign-in works with any spacing and case", async () => {
    const email = uniqueEmail("Case");
    await registerUser({ email: ` ${email.toUpperCase()} ` });
    const login = await jsonRequest("/v1/auth/login", "POST", { email: email.toLowerCase(), password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
  });
});
