/**
 * Issue 7, item 6: someone who registered another person's address must not keep access once the
 * real owner proves the mailbox by magic link or by the emailed code from a browser that is not the
 * registrant's session (ADR 038; the Google take-back of ADR 017 is the model).
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pushSubscriptions, telegramLinkCodes, users } from "../../db/schema";
import { sha256Hex } from "../../worker/services/tokens";
import { jsonRequest, request, testDeps } from "./helpers";
import {
  bearer,
  cookieHeader,
  cookiesFrom,
  getWithToken,
  GOOD_PASSWORD,
  latestCode,
  latestEmail,
  readEmail,
  registerUser,
  userRow,
} from "./auth-support";

let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((line: unknown) => void warnings.push(String(line)));
});
afterEach(() => vi.restoreAllMocks());

/** The registrant sets up every channel an unverified account can point elsewhere. */
async function squat() {
  const registrant = await registerUser({ platformId: "whatsapp", platformCode: "squatter-code" });
  const userId = registrant.body.user.id;
  const deps = testDeps();
  await deps.db.update(users).set({ telegramChatId: `chat-${crypto.randomUUID()}`, phone: "+15550002222", icsTokenHash: await sha256Hex(crypto.randomUUID()) }).where(eq(users.id, userId));
  await deps.db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId, endpoint: `https://push.example/${crypto.randomUUID()}`, p256dh: "k", auth: "a" });
  await deps.db.insert(telegramLinkCodes).values({ id: crypto.randomUUID(), userId, codeHash: await sha256Hex(crypto.randomUUID()), expiresAt: Date.now() + 600_000 });
  const mail = readEmail((await latestEmail(registrant.input.email))!.text);
  return { ...registrant, userId, magicToken: mail.magicToken!, code: mail.code! };
}

const freshIp = () => ({ "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });

async function passwordWorks(email: string) {
  const response = await jsonRequest("/v1/auth/login", "POST", { email, password: GOOD_PASSWORD }, freshIp());
  return response.status === 200;
}

async function refreshWorks(refreshToken: string) {
  return (await jsonRequest("/v1/auth/refresh", "POST", { refreshToken })).status === 200;
}

async function expectTakenBack(squatter: Awaited<ReturnType<typeof squat>>) {
  expect(await passwordWorks(squatter.input.email)).toBe(false);
  expect(await refreshWorks(squatter.body.refreshToken)).toBe(false);
  const row = await userRow(squatter.userId);
  expect(row).toMatchObject({ isVerified: true, passwordHash: null, phone: null, telegramChatId: null, icsTokenHash: null, pairPlatformId: null });
  expect(row?.pairPlatformCodeHash ?? null).toBeNull();
  const deps = testDeps();
  expect(await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, squatter.userId))).toEqual([]);
  const codes = await deps.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.userId, squatter.userId));
  expect(codes.every((code) => code.consumedAt !== null)).toBe(true);
  expect(warnings.some((line) => line.includes("mailbox_proof_claimed_unverified_account"))).toBe(true);
}

async function expectKept(squatter: Awaited<ReturnType<typeof squat>>) {
  expect((await userRow(squatter.userId))?.isVerified).toBe(true);
  expect(await passwordWorks(squatter.input.email)).toBe(true);
  expect(await refreshWorks(squatter.body.refreshToken)).toBe(true);
  expect(warnings.some((line) => line.includes("mailbox_proof_claimed_unverified_account"))).toBe(false);
}

describe("the magic link proves the mailbox", () => {
  it("opened without the registrant's session: the squatter's password, sessions, links and channels go; the opener is signed in", async () => {
    const squatter = await squat();
    const opened = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(squatter.magicToken)}`);
    expect(await opened.json()).toBe(true);
    const owner = cookiesFrom(opened);
    await expectTakenBack(squatter);
    // The owner's new session works and survives a refresh.
    expect(await (await getWithToken("/v1/auth/profile", owner.accessToken!)).json()).toMatchObject({ id: squatter.userId, isVerified: true, phone: null });
    expect(await refreshWorks(owner.refreshToken!)).toBe(true);
  });

  it("opened in a browser signed in to ANOTHER account: still a take-back", async () => {
    const squatter = await squat();
    const someoneElse = await registerUser();
    const opened = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(squatter.magicToken)}`, { headers: { Cookie: cookieHeader(someoneElse.cookies) } });
    expect(await opened.json()).toBe(true);
    await expectTakenBack(squatter);
  });

  it("opened with the registrant's own session (Bearer, or the cookies): an ordinary verification, nothing is removed", async () => {
    const viaBearer = await squat();
    const opened = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(viaBearer.magicToken)}`, { headers: bearer(viaBearer.body.accessToken) });
    expect(await opened.json()).toBe(true);
    await expectKept(viaBearer);

    const viaCookies = await squat();
    // Only the refresh cookie left (the access token expired): still the registrant's browser.
    const viaRefreshCookie = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(viaCookies.magicToken)}`, {
      headers: { Cookie: cookieHeader({ refreshToken: viaCookies.cookies.refreshToken! }) },
    });
    expect(await viaRefreshCookie.json()).toBe(true);
    await expectKept(viaCookies);
  });

  it("an account verified in the meantime (code typed in the registrant's session) is left alone", async () => {
    const squatter = await squat();
    const typed = await jsonRequest("/v1/auth/otp/verify", "POST", { userId: squatter.userId, otp: squatter.code }, bearer(squatter.body.accessToken));
    expect(await typed.json()).toBe(true);
    expect(await (await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(squatter.magicToken)}`)).json()).toBe(true);
    await expectKept(squatter);
  });
});

describe("the emailed code proves the mailbox", () => {
  it("on the link page with no session (POST /v1/auth/verify-email): a take-back", async () => {
    const squatter = await squat();
    const verified = await jsonRequest("/v1/auth/verify-email", "POST", { email: squatter.input.email, code: squatter.code });
    expect(await verified.json()).toBe(true);
    await expectTakenBack(squatter);
    // The stranded magic link of the same email dies with the rest.
    expect(await (await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(squatter.magicToken)}`)).json()).toBe(false);
  });

  it("on the link page in the registrant's own browser: an ordinary verification", async () => {
    const squatter = await squat();
    const verified = await jsonRequest("/v1/auth/verify-email", "POST", { email: squatter.input.email, code: squatter.code }, { Cookie: cookieHeader(squatter.cookies) });
    expect(await verified.json()).toBe(true);
    await expectKept(squatter);
  });

  it("typed in the registrant's session (POST /v1/auth/otp/verify): an ordinary verification", async () => {
    const squatter = await squat();
    const typed = await jsonRequest("/v1/auth/otp/verify", "POST", { userId: squatter.userId, otp: await latestCode(squatter.input.email) }, bearer(squatter.body.accessToken));
    expect(await typed.json()).toBe(true);
    await expectKept(squatter);
  });
});
