/**
 * Issue 7, item 9 (the auth parts, ADR 040): a lifetime cap on tries of the 6-digit email code, a
 * refresh grace window that never authorises a write with a copied token, and the pairing code
 * stored as a keyed hash.
 */
import { describe, expect, it } from "vitest";
import { checkEmailCode, REFRESH_RACE_MESSAGE, refreshIntentFor, refreshSessionOrRace, register, sendVerificationEmail } from "../../worker/services/auth";
import { pairingCodeHash } from "../../worker/services/auth/codes";
import { EMAIL_CODE_LIFETIME_RULE } from "../../worker/services/auth/throttle";
import { fixedClock } from "../../worker/services/clock";
import { testDeps } from "./helpers";
import { latestCode, registeredSessionAt, registerUser, registration, userByEmail } from "./auth-support";

const meta = { ip: null, userAgent: null };
const wrongCode = (code: string) => code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

describe("the 6-digit email code: a lifetime cap on tries per address, across re-sends", () => {
  it("allows 20 tries per address in 24 hours whatever the number of codes, then even the right code fails until the day is over", async () => {
    expect(EMAIL_CODE_LIFETIME_RULE).toEqual({ limit: 20, windowMs: 24 * 60 * 60_000 });
    const clock = fixedClock("2026-06-01T09:00:00Z");
    const deps = testDeps(clock);
    const input = registration();
    const { user } = await register(deps, input, meta);
    // Four codes, five wrong tries each (the per-code limit), one hour apart (the sending limit).
    for (let round = 0; round < 4; round++) {
      if (round > 0) {
        clock.advance(60 * 60_000);
        await sendVerificationEmail(deps, user.id);
      }
      const code = await latestCode(input.email);
      for (let i = 0; i < 5; i++) expect(await checkEmailCode(deps, user.id, wrongCode(code))).toEqual({ ok: false, reason: "wrong" });
    }
    clock.advance(60 * 60_000);
    await sendVerificationEmail(deps, user.id);
    const fifth = await latestCode(input.email);
    expect(await checkEmailCode(deps, user.id, fifth)).toEqual({ ok: false, reason: "too_many_tries" });

    // A day after the first try the address may try again; the fifth code is still live if re-sent.
    clock.advance(20 * 60 * 60_000);
    await sendVerificationEmail(deps, user.id);
    expect(await checkEmailCode(deps, user.id, await latestCode(input.email))).toEqual({ ok: true });
  });
});

describe("the refresh grace window never lets a write through", () => {
  it("a token rotated less than 30 s ago answers 'raced' for a read, and 401 REFRESH_RACE for a write, revoking nothing", async () => {
    const { clock, deps, refreshToken, user } = await registeredSessionAt("2026-06-02T09:00:00Z");
    const rotated = await refreshSessionOrRace(deps, refreshToken, meta);
    expect(rotated.kind).toBe("rotated");
    clock.advance(5_000);
    expect(await refreshSessionOrRace(deps, refreshToken, meta, { intent: "read" })).toEqual({ kind: "raced", userId: user.id });
    await expect(refreshSessionOrRace(deps, refreshToken, meta, { intent: "write" })).rejects.toMatchObject({ status: 401, code: "REFRESH_RACE", message: REFRESH_RACE_MESSAGE });
    // The owner's new token still works.
    if (rotated.kind === "rotated") expect((await refreshSessionOrRace(deps, rotated.tokens.refreshToken, meta)).kind).toBe("rotated");
  });

  it("the web session asks with the request's intent: GET and HEAD read (loaders), every other method writes (actions)", () => {
    expect(["GET", "HEAD", "get"].map(refreshIntentFor)).toEqual(["read", "read", "read"]);
    expect(["POST", "PUT", "PATCH", "DELETE"].map(refreshIntentFor)).toEqual(["write", "write", "write", "write"]);
  });
});

describe("the pairing code given at registration", () => {
  it("is stored as a keyed hash bound to the platform, never in plaintext", async () => {
    const { input } = await registerUser({ platformId: "whatsapp", platformCode: "PAIR-9876" });
    const row = await userByEmail(input.email);
    expect(row?.pairPlatformId).toBe("whatsapp");
    expect(JSON.stringify(row)).not.toContain("PAIR-9876");
    expect(row?.pairPlatformCodeHash).toBe(await pairingCodeHash(testDeps().env, "whatsapp", "PAIR-9876"));
    expect(row?.pairPlatformCodeHash).not.toBe(await pairingCodeHash(testDeps().env, "telegram", "PAIR-9876"));
  });
});
