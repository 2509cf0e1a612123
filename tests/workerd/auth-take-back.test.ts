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

// "No, that wasn't me" (registeredByMe=false): the mailbox owner's answer to the question of the
// amended ADR 038 that leads to the take-back; without an answer the question comes first (below).
describe("the magic link proves the mailbox", () => {
  it("opened without the registrant's session: the squatter's password, sessions, links and channels go; the opener is signed in", async () => {
    const squatter = await squat();
    const opened = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(squatter.magicToken)}&registeredByMe=false`);
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
    const opened = await request(`/v1/auth/magic-link/verify?token=${encodeURIComponent(squatter.magicToken)}&registeredByMe=false`, { headers: { Cookie: cookieHeader(someoneElse.cookies) } });
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
    const verified = await jsonRequest("/v1/auth/verify-email", "POST", { email: squatter.input.email, code: squatter.code, registeredByMe: false });
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

/**
 * ADR 038, amended: outside the registrant's session the mailbox owner is asked first, "Did you create
 * this Nudge account?", for an unverified account registered with a password. "Yes" verifies and keeps
 * the password and the other sessions; "no" is the take-back above. No answer: 409, nothing used up.
 */
async function expectQuestion(response: Response, squatter: Awaited<ReturnType<typeof squat>>) {
  expect(response.status).toBe(409);
  const body = await response.json<{ message: string; code: string; registration: { name: string; registeredAt: string } }>();
  expect(body).toMatchObject({ message: "Please tell us whether you created this account.", code: "OWNERSHIP_QUESTION" });
  expect(body.registration.name).toBe(squatter.input.name);
  expect(new Date(body.registration.registeredAt).getTime()).toBe((await userRow(squatter.userId))!.createdAt);
  // Nothing happened yet.
  expect((await userRow(squatter.userId))?.isVerified).toBe(false);
  expect(await passwordWorks(squatter.input.email)).toBe(true);
}

const linkUrl = (token: string, answer = "") => `/v1/auth/magic-link/verify?token=${encodeURIComponent(token)}${answer}`;

describe("the ownership question (magic link)", () => {
  it("without an answer: 409 OWNERSHIP_QUESTION with the registration's name and date, and the link stays usable", async () => {
    const squatter = await squat();
    await expectQuestion(await request(linkUrl(squatter.magicToken)), squatter);
    expect(await (await request(linkUrl(squatter.magicToken, "&registeredByMe=true"))).json()).toBe(true);
  });

  it("'Yes, I signed up': verified, signed in here, and the password, the other sessions and the channels stay", async () => {
    const squatter = await squat();
    const opened = await request(linkUrl(squatter.magicToken, "&registeredByMe=true"));
    expect(await opened.json()).toBe(true);
    const phone = cookiesFrom(opened);
    expect(await (await getWithToken("/v1/auth/profile", phone.accessToken!)).json()).toMatchObject({ id: squatter.userId, isVerified: true });
    await expectKept(squatter);
    expect((await userRow(squatter.userId))?.phone).toBe("+15550002222");
  });

  it("is asked in a browser signed in to another account too", async () => {
    const squatter = await squat();
    const someoneElse = await registerUser();
    await expectQuestion(await request(linkUrl(squatter.magicToken), { headers: { Cookie: cookieHeader(someoneElse.cookies) } }), squatter);
  });

  it("is not asked in the registrant's own session (the answer, if sent, changes nothing)", async () => {
    const squatter = await squat();
    expect(await (await request(linkUrl(squatter.magicToken, "&registeredByMe=false"), { headers: bearer(squatter.body.accessToken) })).json()).toBe(true);
    await expectKept(squatter);
  });

  it("is not asked for an account without a password: the take-back as before", async () => {
    const squatter = await squat();
    await testDeps().db.update(users).set({ passwordHash: null }).where(eq(users.id, squatter.userId));
    expect(await (await request(linkUrl(squatter.magicToken))).json()).toBe(true);
    expect((await userRow(squatter.userId))?.isVerified).toBe(true);
    expect(await refreshWorks(squatter.body.refreshToken)).toBe(false);
  });
});

describe("the ownership question (the emailed code on the link page)", () => {
  const verifyEmail = (squatter: Awaited<ReturnType<typeof squat>>, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    jsonRequest("/v1/auth/verify-email", "POST", { email: squatter.input.email, code: squatter.code, ...extra }, { ...freshIp(), ...headers });

  it("without an answer: 409 for the right code (which stays usable, its try given back); a wrong code is just false", async () => {
    const squatter = await squat();
    const wrong = squatter.code === "000000" ? "111111" : "000000";
    expect(await (await verifyEmail(squatter, { code: wrong })).json()).toBe(false);
    await expectQuestion(await verifyEmail(squatter), squatter);
    await expectQuestion(await verifyEmail(squatter), squatter);
    expect(await (await verifyEmail(squatter, { registeredByMe: true })).json()).toBe(true);
    await expectKept(squatter);
  });

  it("'Yes, I signed up': verified; password, sessions and channels stay; nobody is signed in", async () => {
    const squatter = await squat();
    const answered = await verifyEmail(squatter, { registeredByMe: true });
    expect(await answered.json()).toBe(true);
    expect(cookiesFrom(answered).accessToken).toBeUndefined();
    await expectKept(squatter);
    expect((await userRow(squatter.userId))?.telegramChatId).not.toBeNull();
  });

  it("'No, that wasn't me': the take-back", async () => {
    const squatter = await squat();
    expect(await (await verifyEmail(squatter, { registeredByMe: false })).json()).toBe(true);
    await expectTakenBack(squatter);
  });

  it("is not asked in the registrant's own browser, nor for an account without a password", async () => {
    const own = await squat();
    expect(await (await verifyEmail(own, {}, { Cookie: cookieHeader(own.cookies) })).json()).toBe(true);
    await expectKept(own);

    const noPassword = await squat();
    await testDeps().db.update(users).set({ passwordHash: null }).where(eq(users.id, noPassword.userId));
    expect(await (await verifyEmail(noPassword)).json()).toBe(true);
    expect(await refreshWorks(noPassword.body.refreshToken)).toBe(false);
  });

  it("refuses an answer that is not true or false with 400", async () => {
    const squatter = await squat();
    expect((await verifyEmail(squatter, { registeredByMe: "yes" })).status).toBe(400);
  });
});
