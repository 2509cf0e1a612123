import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { hashPassword, login, loginBlockedMessage, PBKDF2_ITERATIONS, register, verifyPassword } from "../../worker/services/auth";
import { ACCOUNT_LOGIN_RULE, LOGIN_RULE } from "../../worker/services/auth/throttle";
import { fixedClock } from "../../worker/services/clock";
import { isAppError } from "../../worker/services/errors";
import { base64Encode, randomBytes } from "../../worker/services/tokens";
import { jsonRequest, testDeps } from "./helpers";
import { GOOD_PASSWORD, registerUser, registration, setCookieLine, uniqueEmail, userByEmail } from "./auth-support";

const INVALID = { message: "Invalid email or password. Please check your credentials.", code: "INVALID_CREDENTIALS" };
const meta = (ip = "203.0.113.7") => ({ ip, userAgent: "vitest" });

/** Arrange for the fixed-clock tests: a clock at `iso`, services on it, and a freshly registered user. */
async function registeredAt(iso: string) {
  const clock = fixedClock(iso);
  const deps = testDeps(clock);
  const input = registration();
  await register(deps, input, meta());
  return { clock, deps, input };
}

async function loginStatus(email: string, password: string, headers: Record<string, string> = {}) {
  return jsonRequest("/v1/auth/login", "POST", { email, password }, headers);
}

describe("POST /v1/auth/login", () => {
  it("answers {accessToken, refreshToken, user} and sets both cookies", async () => {
    const { input, body: registered } = await registerUser();
    const response = await loginStatus(` ${input.email.toUpperCase()} `, GOOD_PASSWORD);
    expect(response.status).toBe(200);
    const body = await response.json<{ accessToken: string; refreshToken: string; user: { id: string } }>();
    expect(Object.keys(body).sort()).toEqual(["accessToken", "refreshToken", "user"]);
    expect(body.user).toEqual(registered.user);
    expect(body.refreshToken).not.toBe(registered.refreshToken);
    expect(setCookieLine(response, "accessToken")).toContain(`accessToken=${body.accessToken}`);
    expect(setCookieLine(response, "refreshToken")).toContain("SameSite=Strict");
  });

  it("gives the same 401 for a wrong password and for an unknown email", async () => {
    const { input } = await registerUser();
    const wrong = await loginStatus(input.email, "Wrong-Password-1");
    const unknown = await loginStatus(uniqueEmail("nobody"), "Wrong-Password-1");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(INVALID);
    expect(await unknown.json()).toEqual(INVALID);
  });

  it("uses the spec's messages for missing fields and short passwords", async () => {
    for (const body of [{}, { email: "a@example.com" }, { password: "Something1" }, { email: "", password: "" }, { email: "  ", password: "Something1" }]) {
      const response = await jsonRequest("/v1/auth/login", "POST", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Please fill in all fields", code: "VALIDATION_FAILED" });
    }
    const short = await loginStatus("a@example.com", "Ab1");
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: "Password must be at least 8 characters long", code: "VALIDATION_FAILED" });
  });

  it("refuses an account that has no password (Google only) with the same 401", async () => {
    const email = uniqueEmail("google-only");
    await testDeps().db.insert(users).values({ id: crypto.randomUUID(), name: "G", email, googleId: `g-${crypto.randomUUID()}`, isVerified: true });
    const response = await loginStatus(email, GOOD_PASSWORD);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(INVALID);
  });

  it("refuses a request from another site with 403", async () => {
    const { input } = await registerUser();
    const response = await loginStatus(input.email, GOOD_PASSWORD, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    const fetchSite = await jsonRequest("/v1/auth/login", "POST", { email: input.email, password: GOOD_PASSWORD }, { Origin: "", "Sec-Fetch-Site": "cross-site" });
    expect(fetchSite.status).toBe(403);
  });

  it("blocks the 11th attempt after 10 failures (429, Retry-After), even with the right password; other IPs are unaffected", async () => {
    const { input } = await registerUser();
    const ip = { "CF-Connecting-IP": "198.51.100.23" };
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await loginStatus(input.email, `Wrong-Password-${attempt}`, ip);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await loginStatus(input.email, GOOD_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ message: "Too many sign-in attempts. Please wait 10 minutes and try again.", code: "LOGIN_THROTTLED" });
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);

    const otherIp = await loginStatus(input.email, GOOD_PASSWORD, { "CF-Connecting-IP": "198.51.100.24" });
    expect(otherIp.status).toBe(200);
  });

  it("reserves attempts before checking passwords: 30 parallel wrong guesses get at most 10 password checks (401), the rest 429", async () => {
    const { input } = await registerUser();
    const ip = { "CF-Connecting-IP": "198.51.100.50" };
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => loginStatus(input.email, `Wrong-Password-${i}`, ip)));
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOGIN_RULE.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checked);
    // Still blocked afterwards, even with the right password.
    expect((await loginStatus(input.email, GOOD_PASSWORD, ip)).status).toBe(429);
  });

  it("keys the throttle on CF-Connecting-IP only: a client-chosen X-Forwarded-For changes nothing", async () => {
    const { input } = await registerUser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await loginStatus(input.email, "Wrong-Password-1", { "CF-Connecting-IP": "198.51.100.60", "X-Forwarded-For": `10.1.1.${attempt}` });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await loginStatus(input.email, GOOD_PASSWORD, { "CF-Connecting-IP": "198.51.100.60", "X-Forwarded-For": "10.9.9.9" });
    expect(blocked.status).toBe(429);
  });

  it("counts unknown emails the same way, so the throttle reveals nothing", async () => {
    const email = uniqueEmail("ghost");
    const ip = { "CF-Connecting-IP": "198.51.100.99" };
    for (let attempt = 1; attempt <= 10; attempt++) expect((await loginStatus(email, "Wrong-Password-1", ip)).status).toBe(401);
    expect((await loginStatus(email, "Wrong-Password-1", ip)).status).toBe(429);
  });
});

describe("login throttling over time (services with a fixed clock)", () => {
  async function attempt(deps: ReturnType<typeof testDeps>, email: string, password: string, ip: string) {
    try {
      await login(deps, { email, password }, meta(ip));
      return 200;
    } catch (error) {
      if (isAppError(error)) return error.status;
      throw error;
    }
  }

  it("unblocks once the clock passes 10 minutes, and a success resets the count", async () => {
    const { clock, deps, input } = await registeredAt("2026-03-01T09:00:00Z");
    for (let i = 0; i < LOGIN_RULE.limit; i++) expect(await attempt(deps, input.email, "Wrong-Password-1", "10.0.0.1")).toBe(401);
    expect(await attempt(deps, input.email, GOOD_PASSWORD, "10.0.0.1")).toBe(429);
    clock.advance(10 * 60_000 - 1000);
    expect(await attempt(deps, input.email, GOOD_PASSWORD, "10.0.0.1")).toBe(429);
    clock.advance(1000);
    expect(await attempt(deps, input.email, GOOD_PASSWORD, "10.0.0.1")).toBe(200);

    // After a success the count starts again from zero: 9 failures do not block.
    for (let i = 0; i < LOGIN_RULE.limit - 1; i++) expect(await attempt(deps, input.email, "Wrong-Password-1", "10.0.0.1")).toBe(401);
    expect(await attempt(deps, input.email, GOOD_PASSWORD, "10.0.0.1")).toBe(200);
  });

  it("forgets failures older than the 10-minute window", async () => {
    const { clock, deps, input } = await registeredAt("2026-03-02T09:00:00Z");
    for (let i = 0; i < 9; i++) expect(await attempt(deps, input.email, "Wrong-Password-1", "10.0.0.2")).toBe(401);
    clock.advance(10 * 60_000);
    for (let i = 0; i < 9; i++) expect(await attempt(deps, input.email, "Wrong-Password-1", "10.0.0.2")).toBe(401);
    expect(await attempt(deps, input.email, GOOD_PASSWORD, "10.0.0.2")).toBe(200);
  });
});

describe("login throttling: the account across all IPs, and honest waiting times (fixed clock)", () => {
  async function attempt(deps: ReturnType<typeof testDeps>, email: string, password: string, ip: string) {
    try {
      await login(deps, { email, password }, meta(ip));
      return { status: 200, message: "" };
    } catch (error) {
      if (isAppError(error)) return { status: error.status, message: error.message, retryAfter: error.retryAfterSeconds };
      throw error;
    }
  }

  // 53 real password checks (PBKDF2, 100,000 iterations each, ADR 010): about 3 s on a quiet machine, so
  // its own limit rather than the default 5 s, which a busy 2-core CI machine would overrun.
  it("50 failures for one account from many IPs block that account for an hour, from every IP, right password or not", async () => {
    const { clock, deps, input } = await registeredAt("2026-03-03T09:00:00Z");
    expect(ACCOUNT_LOGIN_RULE).toMatchObject({ limit: 50, windowMs: 3600_000 });
    // 5 failures from each of 10 addresses: no single IP comes near its own limit of 10.
    for (let i = 0; i < 50; i++) expect((await attempt(deps, input.email, "Wrong-Password-1", `192.0.2.${i % 10}`)).status).toBe(401);
    const blocked = await attempt(deps, input.email, GOOD_PASSWORD, "192.0.2.200");
    expect(blocked).toEqual({ status: 429, message: "Too many sign-in attempts. Please wait 60 minutes and try again.", retryAfter: 3600 });
    // Another account from the same addresses is unaffected.
    const other = registration();
    await register(deps, other, meta());
    expect((await attempt(deps, other.email, GOOD_PASSWORD, "192.0.2.1")).status).toBe(200);

    clock.advance(60 * 60_000);
    expect((await attempt(deps, input.email, GOOD_PASSWORD, "192.0.2.200")).status).toBe(200);
  }, 20_000);

  it("the 429 says how many minutes are really left", async () => {
    const { clock, deps, input } = await registeredAt("2026-03-04T09:00:00Z");
    for (let i = 0; i < LOGIN_RULE.limit; i++) await attempt(deps, input.email, "Wrong-Password-1", "10.0.0.3");
    expect(await attempt(deps, input.email, GOOD_PASSWORD, "10.0.0.3")).toMatchObject({ message: "Too many sign-in attempts. Please wait 10 minutes and try again.", retryAfter: 600 });
    clock.advance(5 * 60_000 + 30_000);
    expect(await attempt(deps, input.email, GOOD_PASSWORD, "10.0.0.3")).toMatchObject({ message: "Too many sign-in attempts. Please wait 5 minutes and try again.", retryAfter: 270 });
    clock.advance(4 * 60_000 + 10_000);
    expect(await attempt(deps, input.email, GOOD_PASSWORD, "10.0.0.3")).toMatchObject({ message: "Too many sign-in attempts. Please wait 1 minute and try again.", retryAfter: 20 });
    expect(loginBlockedMessage(61)).toBe("Too many sign-in attempts. Please wait 2 minutes and try again.");
  });
});

describe("password hashing", () => {
  it("stores PBKDF2-SHA256 at exactly 100,000 iterations with a 16-byte salt, verified only by the right password", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const hash = await hashPassword("Some-Password-1");
    const [, algorithm, params, salt, digest] = hash.split("$");
    expect(algorithm).toBe("pbkdf2-sha256");
    expect(params).toBe("i=100000");
    expect(atob(salt!.padEnd(24, "="))).toHaveLength(16);
    expect(atob(digest!.padEnd(44, "="))).toHaveLength(32);
    expect(await verifyPassword("Some-Password-1", hash)).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword("Some-Password-2", hash)).toEqual({ ok: false, needsRehash: false });
    expect(await hashPassword("Some-Password-1")).not.toBe(hash); // salted
  });

  it("refuses malformed stored hashes instead of throwing", async () => {
    for (const stored of ["", "plain", "$pbkdf2-sha256$i=100000$$", "$bcrypt$x$y$z", "$pbkdf2-sha256$i=999999999$AAAA$BBBB", "$pbkdf2-sha256$i=100000$!!!$???"]) {
      expect(await verifyPassword("Whatever-1", stored)).toEqual({ ok: false, needsRehash: false });
    }
  });

  it("re-hashes on login when the stored hash used older parameters", async () => {
    const deps = testDeps();
    const input = registration();
    const { user } = await register(deps, input, meta());
    // A hash from "the past": 1,000 iterations, made with WebCrypto directly.
    const salt = randomBytes(16);
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(GOOD_PASSWORD), "PBKDF2", false, ["deriveBits"]);
    const bits = new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 1000 }, key, 256));
    const old = `$pbkdf2-sha256$i=1000$${base64Encode(salt)}$${base64Encode(bits)}`;
    await deps.db.update(users).set({ passwordHash: old }).where(eq(users.id, user.id));
    expect(await verifyPassword(GOOD_PASSWORD, old)).toEqual({ ok: true, needsRehash: true });

    await login(deps, { email: input.email, password: GOOD_PASSWORD }, meta("10.9.9.9"));
    const row = await userByEmail(input.email);
    expect(row?.passwordHash).toMatch(/^\$pbkdf2-sha256\$i=100000\$/);
    expect(await login(deps, { email: input.email, password: GOOD_PASSWORD }, meta("10.9.9.9"))).toMatchObject({ user: { id: user.id } });
  });
});
