/**
 * Telegram (issue 9), part 1: the webhook's secret and dedupe, linking by code (bot and API),
 * unlinking, and pairing both ways. The real grammY client talks to the fake Bot API (tests/fakes/telegram.ts).
 * Era: 2070 (docs/testing.md); no task is created here.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { processedUpdates, users } from "../../db/schema";
import { markEmailVerified } from "../../worker/services/auth/codes";
import { PAIRING_CODE_GONE } from "../../worker/services/auth";
import { CHAT_TAKEN, EMAIL_REQUIRED, LINK_CODE_EXPIRED, LINK_CODE_INVALID, LINK_CODE_USED } from "../../worker/services/telegram";
import { devChatLinkFor } from "../../app/lib/telegram.server";
import { EMAIL_CONFIGURED, testDeps } from "./helpers";
import { api, outboxTo, testEra } from "./escalation-helpers";
import { fakeTelegram, nextUpdateId, postUpdate, SECRET, TELEGRAM_ENV, telegramApi, textUpdate } from "./telegram/support";

const ERA = new Date("2070-01-05T09:00:00Z");
const { user } = testEra(ERA);
afterEach(() => vi.unstubAllGlobals());

let chatSeq = 707_000_000 + Math.floor(Math.random() * 1_000_000);
const newChat = () => ++chatSeq;

async function chatOfUser(userId: string) {
  const [row] = await testDeps().db.select({ chat: users.telegramChatId }).from(users).where(eq(users.id, userId));
  return row?.chat ?? null;
}

async function newCode(token: string) {
  const response = await telegramApi("/v1/telegram/generate-otp", "GET", token);
  expect(response.status).toBe(200);
  return response.json<{ otp: string; deepLink: string; expiresAt: string }>();
}

describe("the webhook", () => {
  it("refuses an update without the secret, or with a wrong one, and does nothing", async () => {
    const bot = fakeTelegram();
    for (const secret of [null, "wrong-secret", `${SECRET}x`]) {
      const update = textUpdate(newChat(), "/help");
      const response = await postUpdate(update, secret);
      expect(response.status).toBe(401);
      const [seen] = await testDeps().db.select().from(processedUpdates).where(eq(processedUpdates.key, `telegram:${update.update_id}`));
      expect(seen).toBeUndefined();
    }
    expect(bot.calls).toEqual([]);
  });

  it("handles an update that Telegram sends twice only once", async () => {
    const bot = fakeTelegram();
    const update = textUpdate(newChat(), "/help");
    expect((await postUpdate(update)).status).toBe(200);
    expect((await postUpdate(update)).status).toBe(200);
    expect(bot.callsOf("sendMessage")).toHaveLength(1);
    expect(String(bot.callsOf("sendMessage")[0]!.payload.text)).toContain("Here is what I can do");
  });

  it("is not there without Telegram set up in production", async () => {
    const response = await postUpdate(textUpdate(newChat(), "/help"), SECRET, { ...TELEGRAM_ENV, TELEGRAM_BOT_TOKEN: "" });
    expect(response.status).toBe(404);
  });
});

describe("linking from the web with a one-time code", () => {
  it("needs a verified email first", async () => {
    fakeTelegram();
    const u = await user({ isVerified: false });
    const response = await telegramApi("/v1/telegram/generate-otp", "GET", u.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: EMAIL_REQUIRED, code: "EMAIL_NOT_VERIFIED" });
  });

  it("gives a deep link that lives 10 minutes, and /start <code> links the chat and greets by name", async () => {
    const bot = fakeTelegram();
    const u = await user({ name: "Dana" });
    const code = await newCode(u.token);
    expect(code.otp).toMatch(/^link_[A-Za-z0-9_-]{22}$/);
    expect(code.deepLink).toBe(`https://t.me/NudgeReminderBot?start=${code.otp}`);
    expect(Date.parse(code.expiresAt) - ERA.getTime()).toBe(10 * 60_000);
    const chat = newChat();
    expect((await postUpdate(textUpdate(chat, `/start ${code.otp}`))).status).toBe(200);
    expect(await chatOfUser(u.id)).toBe(String(chat));
    const [greeting] = bot.callsOf("sendMessage");
    expect(greeting!.payload.chat_id).toBe(chat);
    expect(String(greeting!.payload.text)).toMatch(/^Hi Dana! Your Telegram is now linked to Nudge/);
  });

  it("a new code ends the old one", async () => {
    const bot = fakeTelegram();
    const u = await user();
    const first = await newCode(u.token);
    await newCode(u.token);
    await postUpdate(textUpdate(newChat(), `/start ${first.otp}`));
    expect(await chatOfUser(u.id)).toBeNull();
    expect(bot.callsOf("sendMessage")[0]!.payload.text).toBe(LINK_CODE_USED);
  });

  it("refuses expired, reused, malformed and unknown codes with a sentence, changing nothing", async () => {
    const bot = fakeTelegram();
    const u = await user();
    const other = await user();
    const expired = await newCode(u.token);
    vi.setSystemTime(ERA.getTime() + 11 * 60_000);
    await postUpdate(textUpdate(newChat(), `/start ${expired.otp}`));
    vi.setSystemTime(ERA);
    const used = await newCode(other.token);
    await postUpdate(textUpdate(newChat(), `/start ${used.otp}`));
    await postUpdate(textUpdate(newChat(), `/start ${used.otp}`));
    await postUpdate(textUpdate(newChat(), "/start hello"));
    await postUpdate(textUpdate(newChat(), `/start link_${"A".repeat(22)}`));
    const replies = bot.callsOf("sendMessage").map((call) => call.payload.text);
    expect(replies[0]).toBe(LINK_CODE_EXPIRED);
    expect(String(replies[1])).toMatch(/^Hi Robin! Your Telegram is now linked/);
    expect(replies.slice(2)).toEqual([LINK_CODE_USED, LINK_CODE_INVALID, LINK_CODE_INVALID]);
    expect(await chatOfUser(u.id)).toBeNull();
  });

  it("refuses a chat that another account holds, and the code still works from another chat", async () => {
    const bot = fakeTelegram();
    const chat = newChat();
    await user({ telegramChatId: String(chat) });
    const u = await user();
    const code = await newCode(u.token);
    await postUpdate(textUpdate(chat, `/start ${code.otp}`));
    expect(bot.callsOf("sendMessage")[0]!.payload.text).toBe(CHAT_TAKEN);
    expect(await chatOfUser(u.id)).toBeNull();
    const mine = newChat();
    await postUpdate(textUpdate(mine, `/start ${code.otp}`));
    expect(await chatOfUser(u.id)).toBe(String(mine));
  });

  it("POST /v1/telegram/link is for the bot only (its secret), and links like /start", async () => {
    const bot = fakeTelegram();
    const u = await user();
    const code = await newCode(u.token);
    const chat = newChat();
    const fromBrowser = await telegramApi("/v1/telegram/link", "POST", u.token, { otp: code.otp, telegramChatId: chat });
    expect(fromBrowser.status).toBe(401);
    expect(await chatOfUser(u.id)).toBeNull();
    const badChat = await telegramApi("/v1/telegram/link", "POST", undefined, { otp: code.otp, telegramChatId: "me" }, { "X-Telegram-Bot-Api-Secret-Token": SECRET });
    expect(badChat.status).toBe(400);
    const linked = await telegramApi("/v1/telegram/link", "POST", undefined, { otp: code.otp, telegramChatId: chat }, { "X-Telegram-Bot-Api-Secret-Token": SECRET });
    expect(linked.status).toBe(200);
    expect(await linked.json()).toBe(true);
    expect(await chatOfUser(u.id)).toBe(String(chat));
    expect(bot.callsOf("sendMessage")[0]!.payload.chat_id).toBe(String(chat));
    const again = await telegramApi("/v1/telegram/link", "POST", undefined, { otp: code.otp, telegramChatId: chat }, { "X-Telegram-Bot-Api-Secret-Token": SECRET });
    expect(again.status).toBe(410);
    expect((await again.json<{ message: string }>()).message).toBe(LINK_CODE_USED);
  });

  it("unlinks from the web, and /stop unlinks after a confirmation button", async () => {
    const bot = fakeTelegram();
    const chat = newChat();
    const u = await user({ telegramChatId: String(chat) });
    const response = await telegramApi("/v1/telegram/unlink", "POST", u.token);
    expect(response.status).toBe(200);
    expect(await chatOfUser(u.id)).toBeNull();

    const v = await user({ telegramChatId: String(newChat()) });
    const vChat = Number(await chatOfUser(v.id));
    await postUpdate(textUpdate(vChat, "/stop"));
    const question = bot.callsOf("sendMessage").at(-1)!;
    expect(String(question.payload.text)).toMatch(/^Unlink this chat/);
    expect(await chatOfUser(v.id)).toBe(String(vChat));
    const { pressUpdate } = await import("./telegram/support");
    await postUpdate(pressUpdate(vChat, "unlink:no"));
    expect(await chatOfUser(v.id)).toBe(String(vChat));
    await postUpdate(pressUpdate(vChat, "unlink:yes"));
    expect(await chatOfUser(v.id)).toBeNull();
    expect(String(bot.callsOf("editMessageText").at(-1)!.payload.text)).toMatch(/no longer linked/);
  });
});

describe("pairing from the bot", () => {
  async function pairingCodeFromBot(chat: number) {
    const bot = fakeTelegram();
    await postUpdate(textUpdate(chat, "remind me to stretch at 3pm"));
    const offer = bot.callsOf("sendMessage")[0]!;
    expect(String(offer.payload.text)).toMatch(/isn't linked to a Nudge account yet/);
    const buttons = (offer.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string; url: string }>> }).inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual(["Sign up for Nudge", "I already have an account"]);
    const register = new URL(buttons[0]!.url);
    expect(register.pathname).toBe("/auth/register");
    expect(register.searchParams.get("platformId")).toBe("telegram");
    expect(new URL(buttons[1]!.url).pathname).toBe("/auth/login");
    return { bot, code: register.searchParams.get("code")! };
  }

  it("links the chat of the code when a verified user pairs, once", async () => {
    const chat = newChat();
    const { bot, code } = await pairingCodeFromBot(chat);
    const u = await user({ name: "Sam" });
    const response = await telegramApi("/v1/users/pairPlatform", "POST", u.token, { platformId: "telegram", platformCode: code });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ paired: true, telegramChatId: String(chat) });
    expect(await chatOfUser(u.id)).toBe(String(chat));
    expect(String(bot.callsOf("sendMessage").at(-1)!.payload.text)).toMatch(/^Hi Sam!/);
    const other = await user();
    const again = await telegramApi("/v1/users/pairPlatform", "POST", other.token, { platformId: "telegram", platformCode: code });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ message: PAIRING_CODE_GONE, code: "PAIRING_CODE_GONE" });
    expect(await chatOfUser(other.id)).toBeNull();
  });

  it("keeps the handshake of an unverified user and links once the email is verified", async () => {
    const chat = newChat();
    const { code } = await pairingCodeFromBot(chat);
    const u = await user({ isVerified: false });
    const response = await telegramApi("/v1/users/pairPlatform", "POST", u.token, { platformId: "telegram", platformCode: code });
    expect(await response.json()).toMatchObject({ paired: false, pending: true });
    expect(await chatOfUser(u.id)).toBeNull();
    await markEmailVerified(testDeps(undefined, TELEGRAM_ENV), u.id);
    expect(await chatOfUser(u.id)).toBe(String(chat));
  });

  it("a registration that carries the handshake links the chat once the email code is entered", async () => {
    const chat = newChat();
    const { code } = await pairingCodeFromBot(chat);
    // The rest runs as the local run does (dev outbox): the greeting lands in the outbox as the chat's.
    const email = `pair-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const registered = await api("/v1/users", "POST", {
      name: "Lior",
      email,
      password: "Calm-Otter-42",
      timezone: "UTC",
      consent: true,
      platformId: "telegram",
      platformCode: code,
    });
    expect(registered.status).toBe(201);
    const { user: created, accessToken } = await registered.json<{ user: { id: string }; accessToken: string }>();
    expect(await chatOfUser(created.id)).toBeNull();
    const [mail] = await outboxTo(email, "email");
    const otp = /\b(\d{6})\b/.exec(mail!.text)![1];
    const verified = await api("/v1/auth/otp/verify", "POST", { userId: created.id, otp }, accessToken);
    expect(await verified.json()).toBe(true);
    expect(await chatOfUser(created.id)).toBe(String(chat));
    const [greeting] = await outboxTo(String(chat), "telegram");
    expect(greeting!.text).toMatch(/^Hi Lior! Your Telegram is now linked/);
    await testDeps().db.delete(users).where(eq(users.id, created.id));
  });

  it("refuses incomplete input, other platforms and made-up codes", async () => {
    fakeTelegram();
    const u = await user();
    const cases: Array<[unknown, number, string]> = [
      [{ platformId: "telegram" }, 400, "The pairing needs both platformId and platformCode."],
      [{ platformId: "whatsapp", platformCode: "abc" }, 400, "Nudge can only pair with Telegram."],
      [{ platformId: "telegram", platformCode: "made-up" }, 410, PAIRING_CODE_GONE],
    ];
    for (const [body, status, message] of cases) {
      const response = await telegramApi("/v1/users/pairPlatform", "POST", u.token, body);
      expect(response.status).toBe(status);
      expect((await response.json<{ message: string }>()).message).toBe(message);
    }
    expect(await chatOfUser(u.id)).toBeNull();
  });
});

it("answers an unknown command in a linked chat with the help", async () => {
  const bot = fakeTelegram();
  const chat = newChat();
  await user({ telegramChatId: String(chat) });
  await postUpdate(textUpdate(chat, "/whatever", nextUpdateId()));
  expect(String(bot.callsOf("sendMessage")[0]!.payload.text)).toContain("Here is what I can do");
});

describe("the panel's way to the dev chat (devChatLinkFor)", () => {
  const ann = "5f1c2b3a-0000-4000-8000-000000000001";
  const ben = "0a9e8d7c-0000-4000-8000-000000000002";

  it("with the dev outbox on: the dev chat with the /start line typed in, at a chat of the account's own", () => {
    const deps = testDeps(undefined, { DEV_OUTBOX: "true" });
    const link = devChatLinkFor(deps, ann, "link_AbC-123");
    expect(link).toBe(`/dev/telegram?chat=${100_000_000 + (0x5f1c2b3a % 900_000_000)}&text=%2Fstart%20link_AbC-123`);
    // The same account comes back to its chat; another account gets another one.
    expect(devChatLinkFor(deps, ann, "link_other")).toContain(`chat=${new URL(link!, "http://x").searchParams.get("chat")}&`);
    const chats = [ann, ben].map((id) => new URL(devChatLinkFor(deps, id, "c")!, "http://x").searchParams.get("chat"));
    expect(chats[0]).not.toBe(chats[1]);
    for (const chat of chats) expect(chat).toMatch(/^[1-9]\d{8}$/);
  });

  it("without the dev outbox (production): no link at all", () => {
    expect(devChatLinkFor(testDeps(undefined, { DEV_OUTBOX: "false", ...EMAIL_CONFIGURED }), ann, "link_AbC-123")).toBeNull();
  });
});
