import { env } from "cloudflare:test";
import { vi } from "vitest";
import type { Env } from "../../../worker/env";
import { fakeFetch } from "../../fakes/fake";
import { createFakeBotApi, type FakeBotApi } from "../../fakes/telegram";
import { EMAIL_CONFIGURED, request } from "../helpers";

export const BOT_TOKEN = "7000000001:test-telegram-token";
export const SECRET = "test-telegram-webhook-secret-0123456789";
export const BOT_ORIGIN = "https://api.telegram.fake";

/** Production-like settings: Telegram set up against the fake Bot API, no dev outbox. */
export const TELEGRAM_ENV: Partial<Env> = {
  ...EMAIL_CONFIGURED,
  DEV_OUTBOX: "false",
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_WEBHOOK_SECRET: SECRET,
  TELEGRAM_BOT_USERNAME: "NudgeReminderBot",
  TELEGRAM_API_ROOT: BOT_ORIGIN,
  RESEND_API_BASE: "https://api.resend.fake",
};

/** The fake Bot API on `fetch` (grammY reads the global fetch when a bot is built). */
export function fakeTelegram(): FakeBotApi {
  const bot = createFakeBotApi({ token: BOT_TOKEN, origin: BOT_ORIGIN });
  vi.stubGlobal("fetch", fakeFetch(bot));
  return bot;
}

let updateId = Math.floor(Math.random() * 1_000_000_000);
export const nextUpdateId = () => ++updateId;

/** As Telegram numbers chats: negative ids are groups. */
function chatOf(chatId: number) {
  return chatId < 0 ? { id: chatId, type: "group" as const, title: "Robin's family" } : { id: chatId, type: "private" as const, first_name: "Robin" };
}

/** A text message update as Telegram sends it (commands carry their `bot_command` entity). */
export function textUpdate(chatId: number, text: string, id = nextUpdateId()) {
  const command = /^\/\w+(@\w+)?/.exec(text)?.[0];
  return {
    update_id: id,
    message: {
      message_id: id % 100_000,
      date: Math.floor(Date.now() / 1000),
      chat: chatOf(chatId),
      from: { id: Math.abs(chatId), is_bot: false, first_name: "Robin" },
      text,
      ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command.length }] } : {}),
    },
  };
}

/**
 * The person edited message `messageId` of the chat, first sent at `sentAt` (an `edited_message` update, as
 * Telegram sends it: the original `date`, the `edit_date` now, the new text).
 */
export function editUpdate(chatId: number, messageId: number, text: string, sentAt: Date, id = nextUpdateId()) {
  return {
    update_id: id,
    edited_message: {
      message_id: messageId,
      date: Math.floor(sentAt.getTime() / 1000),
      edit_date: Math.floor(Date.now() / 1000),
      chat: chatOf(chatId),
      from: { id: Math.abs(chatId), is_bot: false, first_name: "Robin" },
      text,
    },
  };
}

/** An inline button press on message `messageId` of the chat; as Telegram sends it, with that message's buttons when given. */
export function pressUpdate(chatId: number, data: string, messageId = 100, id = nextUpdateId(), replyMarkup?: unknown) {
  return {
    update_id: id,
    callback_query: {
      id: `cq-${id}`,
      from: { id: chatId, is_bot: false, first_name: "Robin" },
      chat_instance: `ci-${chatId}`,
      data,
      message: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: chatOf(chatId), text: "reminder", ...(replyMarkup ? { reply_markup: replyMarkup } : {}) },
    },
  };
}

/**
 * The person's reaction on message `messageId` changed from `old` to `now` (a `message_reaction` update, as
 * Telegram sends it: the whole reaction before and after, emoji as `ReactionTypeEmoji`).
 */
export function reactionUpdate(chatId: number, messageId: number, now: string[], old: string[] = [], id = nextUpdateId()) {
  const reaction = (emoji: string[]) => emoji.map((e) => ({ type: "emoji" as const, emoji: e }));
  return {
    update_id: id,
    message_reaction: {
      chat: chatOf(chatId),
      message_id: messageId,
      user: { id: Math.abs(chatId), is_bot: false, first_name: "Robin" },
      date: Math.floor(Date.now() / 1000),
      old_reaction: reaction(old),
      new_reaction: reaction(now),
    },
  };
}

export function postUpdate(update: unknown, secret: string | null = SECRET, overrides: Partial<Env> = TELEGRAM_ENV) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (secret !== null) headers["X-Telegram-Bot-Api-Secret-Token"] = secret;
  return request("/telegram/webhook", { method: "POST", headers, body: JSON.stringify(update) }, overrides);
}

/** A JSON API call under the Telegram settings. */
export function telegramApi(path: string, method: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { Origin: "http://localhost:8787", ...headers };
  if (token) all.Authorization = `Bearer ${token}`;
  if (body !== undefined) all["Content-Type"] = "application/json";
  return request(path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) }, TELEGRAM_ENV);
}

export { env };
