import { jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from "../../worker/services/auth";
import { VerifiedTokens } from "../../worker/services/auth/verified-tokens";
import { fixedClock } from "../../worker/services/clock";

// Each test has its own secret, so no test finds tokens another one verified.
let secrets = 0;
function freshEnv() {
  secrets += 1;
  return { JWT_SECRET: `access-token-memo-test-secret-${secrets}-0123456789abcdef` };
}

const ISSUED = Date.parse("2027-03-01T08:00:00Z");

const SIGN_IN = "family-of-the-sign-in";

/** A token for `userId` of the sign-in SIGN_IN, signed at ISSUED under a secret of its own, with the clock that signed it. */
async function freshToken(userId: string) {
  const env = freshEnv();
  const clock = fixedClock(ISSUED);
  return { env, clock, token: await signAccessToken(env, clock, userId, SIGN_IN) };
}

/** How often jose ran the HMAC check: what the memo saves. */
function countHmacChecks() {
  return vi.spyOn(crypto.subtle, "verify");
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** jose's own answer for a token at a time, with nothing remembered: what the memo must agree with. */
async function joseSays(secret: string, token: string, at: number): Promise<"ok" | "expired" | "invalid"> {
  try {
    await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"], issuer: "nudge", audience: "nudge-api", currentDate: new Date(at) });
    return "ok";
  } catch (error) {
    return (error as { code?: string }).code === "ERR_JWT_EXPIRED" ? "expired" : "invalid";
  }
}

function outcome(check: Awaited<ReturnType<typeof verifyAccessToken>>): "ok" | "expired" | "invalid" {
  return check.ok ? "ok" : check.reason;
}

describe("a token verified once in this isolate", () => {
  it("is answered again without the HMAC, for the same user", async () => {
    const { env, clock, token } = await freshToken("user-memo-1");
    const hmac = countHmacChecks();
    expect(await verifyAccessToken(env, clock, token)).toEqual({ ok: true, userId: "user-memo-1", issuedAtMs: ISSUED, sessionId: SIGN_IN });
    expect(hmac).toHaveBeenCalledTimes(1);
    clock.advance(60_000);
    expect(await verifyAccessToken(env, clock, token)).toEqual({ ok: true, userId: "user-memo-1", issuedAtMs: ISSUED, sessionId: SIGN_IN });
    expect(await verifyAccessToken(env, clock, token)).toEqual({ ok: true, userId: "user-memo-1", issuedAtMs: ISSUED, sessionId: SIGN_IN });
    expect(hmac).toHaveBeenCalledTimes(1);
  });

  it("expires exactly when jose says it does, to the millisecond around `exp`", async () => {
    const { env, clock, token } = await freshToken("user-memo-2");
    const expiresAtMs = ISSUED + ACCESS_TOKEN_TTL_SECONDS * 1000;
    const moments = [ISSUED, expiresAtMs - 1000, expiresAtMs - 1, expiresAtMs, expiresAtMs + 1, expiresAtMs + 3_600_000];
    const answers: string[] = [];
    for (const at of moments) {
      // Remembered first, then asked at the moment: the memo's answer, not jose's.
      clock.set(ISSUED);
      expect(outcome(await verifyAccessToken(env, clock, token))).toBe("ok");
      clock.set(at);
      const memo = outcome(await verifyAccessToken(env, clock, token));
      expect(memo, new Date(at).toISOString()).toBe(await joseSays(env.JWT_SECRET, token, at));
      answers.push(memo);
    }
    expect(answers).toEqual(["ok", "ok", "ok", "expired", "expired", "expired"]);
  });

  it("stays expired once expired, and an expired token is not kept", async () => {
    const { env, clock, token } = await freshToken("user-memo-3");
    await verifyAccessToken(env, clock, token);
    clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000);
    const hmac = countHmacChecks();
    expect(await verifyAccessToken(env, clock, token)).toEqual({ ok: false, reason: "expired" });
    expect(hmac).not.toHaveBeenCalled();
    // Forgotten when found expired: the next ask goes to jose, which says the same.
    expect(await verifyAccessToken(env, clock, token)).toEqual({ ok: false, reason: "expired" });
    expect(hmac).toHaveBeenCalledTimes(1);
  });

  it("proves nothing under another secret: the new secret's check runs and refuses it", async () => {
    const { env, clock, token } = await freshToken("user-memo-4");
    const other = freshEnv();
    expect((await verifyAccessToken(env, clock, token)).ok).toBe(true);
    expect(await verifyAccessToken(other, clock, token)).toEqual({ ok: false, reason: "invalid" });
    // Back to the first secret: verified afresh, and accepted.
    const hmac = countHmacChecks();
    expect(await verifyAccessToken(env, clock, token)).toEqual({ ok: true, userId: "user-memo-4", issuedAtMs: ISSUED, sessionId: SIGN_IN });
    expect(hmac).toHaveBeenCalledTimes(1);
  });

  it("lends nothing to a token that differs from it by one character, in any part", async () => {
    const { env, clock, token } = await freshToken("user-memo-5");
    expect((await verifyAccessToken(env, clock, token)).ok).toBe(true);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const flip = (part: string, at: number) => part.slice(0, at) + (part[at] === "A" ? "B" : "A") + part.slice(at + 1);
    const changed = [
      `${flip(header, 3)}.${payload}.${signature}`,
      `${header}.${flip(payload, 10)}.${signature}`,
      `${header}.${payload}.${flip(signature, 5)}`,
      `${token}.`,
      token.slice(0, -1),
    ];
    for (const variant of changed) {
      expect(await verifyAccessToken(env, clock, variant), variant).toEqual({ ok: false, reason: "invalid" });
    }
    // Not the same string, yet jose accepts it (its base64 decoding skips white space): the memo
    // neither lends it the first token's answer nor changes jose's.
    const spaced = `${token} `;
    expect(outcome(await verifyAccessToken(env, clock, spaced))).toBe(await joseSays(env.JWT_SECRET, spaced, ISSUED));
    expect(await verifyAccessToken(env, clock, token)).toEqual({ ok: true, userId: "user-memo-5", issuedAtMs: ISSUED, sessionId: SIGN_IN });
  });

  it("a refused token is checked in full every time; so is a valid token with a not-before claim", async () => {
    const env = freshEnv();
    const clock = fixedClock(ISSUED);
    const forged = await signAccessToken(freshEnv(), clock, "user-memo-6");
    const hmac = countHmacChecks();
    for (let i = 0; i < 3; i++) expect(await verifyAccessToken(env, clock, forged)).toEqual({ ok: false, reason: "invalid" });
    expect(hmac).toHaveBeenCalledTimes(3);

    const now = Math.floor(ISSUED / 1000);
    const withNotBefore = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("user-memo-6")
      .setIssuer("nudge")
      .setAudience("nudge-api")
      .setNotBefore(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    hmac.mockClear();
    // No iat and no iat_ms: it counts as signed at the epoch, so any end of the sessions refuses it (ADR 115).
    for (let i = 0; i < 2; i++) expect(await verifyAccessToken(env, clock, withNotBefore)).toEqual({ ok: true, userId: "user-memo-6", issuedAtMs: 0, sessionId: null });
    expect(hmac).toHaveBeenCalledTimes(2);
  });
});

describe("VerifiedTokens", () => {
  const entry = (n: number) => ({ userId: `u${n}`, expiresAt: 1_900_000_000 + n, issuedAtMs: 1_899_999_100_000 + n, sessionId: `s${n}` });

  it("keeps at most its capacity, letting the oldest go first", () => {
    const kept = new VerifiedTokens(3);
    for (const n of [1, 2, 3]) kept.remember(`t${n}`, entry(n));
    kept.remember("t4", entry(4));
    expect(kept.size).toBe(3);
    expect(kept.find("t1")).toBeUndefined();
    expect([2, 3, 4].map((n) => kept.find(`t${n}`))).toEqual([entry(2), entry(3), entry(4)]);
  });

  it("remembering a token again changes nothing, and forget removes exactly one", () => {
    const kept = new VerifiedTokens(2);
    kept.remember("t1", entry(1));
    kept.remember("t1", entry(9));
    expect(kept.find("t1")).toEqual(entry(1));
    kept.remember("t2", entry(2));
    kept.forget("t1");
    expect(kept.size).toBe(1);
    expect(kept.find("t2")).toEqual(entry(2));
  });

  it("refuses a capacity that is not a positive whole number", () => {
    for (const capacity of [0, -1, 1.5, Number.NaN]) expect(() => new VerifiedTokens(capacity)).toThrow("capacity must be a positive integer");
  });
});
