import { and, asc, eq, sql } from "drizzle-orm";
import { outboxMessages } from "../../../db/schema";
import { nextDevMessageId } from "../../channels/telegram/dev-bot-api";
import type { Deps } from "../deps";

/**
 * The local stand-in for a Telegram app (/dev/telegram, DEV_OUTBOX on only): real `Update` JSON for
 * what a person types or presses, and the conversation read back from the dev outbox, where the dev
 * Bot API recorded every call the bot made (worker/channels/telegram/dev-bot-api.ts).
 */
export interface DevButton {
  text: string;
  /** A callback button's data, or a URL button's link. */
  data?: string;
  url?: string;
}

export type DevBubble =
  /** `reaction`: the emoji the person put on it (ADR 119), or null. */
  | { from: "bot"; messageId: number; text: string; buttons: DevButton[][]; edited: boolean; at: number; replyTo: string | null; reaction: string | null }
  /** What the person sent; `messageId` and `sentAt` (seconds) let the page edit it (ADR 107); a button press has none. */
  | { from: "you"; text: string; at: number; messageId: number | null; sentAt: number | null; edited: boolean }
  | { from: "note"; text: string; at: number };

export const DEV_CHAT_DEFAULT = "100000001";
export const isDevChatId = (value: string) => /^-?\d{1,15}$/.test(value);

let nextId = Math.floor(Math.random() * 1_000_000_000);

/** As Telegram numbers them: a negative chat id is a group (so a group buddy can be tried locally). */
export function devChat(chatId: string) {
  return Number(chatId) < 0 ? { id: Number(chatId), type: "group" as const, title: "Dev group" } : { id: Number(chatId), type: "private" as const, first_name: "Dev" };
}

/** A message the person sends: real `Update` JSON, and its message id and date (to edit it later). */
export function devTextUpdate(chatId: string, text: string) {
  const id = ++nextId;
  const command = /^\/\w+(@\w+)?/.exec(text)?.[0];
  const chat = devChat(chatId);
  return {
    update_id: id,
    message: {
      message_id: nextDevMessageId(Date.now()),
      date: Math.floor(Date.now() / 1000),
      chat,
      from: { id: Math.abs(Number(chatId)), is_bot: false, first_name: "Dev" },
      text,
      ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command.length }] } : {}),
    },
  };
}

/** The person edited a message they sent at `sentAt` (seconds): an `edited_message` update, as Telegram sends it. */
export function devEditUpdate(chatId: string, messageId: number, sentAt: number, text: string) {
  return {
    update_id: ++nextId,
    edited_message: {
      message_id: messageId,
      date: sentAt,
      edit_date: Math.floor(Date.now() / 1000),
      chat: devChat(chatId),
      from: { id: Math.abs(Number(chatId)), is_bot: false, first_name: "Dev" },
      text,
    },
  };
}

/**
 * A button press. Its query id names the chat (`dev-<chatId>-<n>`) so the bot's answer lands in this conversation. As
 * in Telegram, the message pressed on comes with its buttons (ADR 181 keeps the others after one Undo).
 */
export function devPressUpdate(chatId: string, data: string, messageId: number, buttons: DevButton[][] = []) {
  const inline_keyboard = buttons.map((row) => row.map((button) => (button.url ? { text: button.text, url: button.url } : { text: button.text, callback_data: button.data ?? "" })));
  const id = ++nextId;
  return {
    update_id: id,
    callback_query: {
      id: `dev-${chatId}-${id}`,
      from: { id: Math.abs(Number(chatId)), is_bot: false, first_name: "Dev" },
      chat_instance: `dev-${chatId}`,
      data,
      message: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: devChat(chatId), text: "", ...(inline_keyboard.length > 0 ? { reply_markup: { inline_keyboard } } : {}) },
    },
  };
}

/** The reactions the dev chat offers (ADR 119): the three that answer a reminder, and one that does not. */
export const DEV_REACTIONS = [
  { emoji: "👍", means: "OK" },
  { emoji: "😴", means: "Snooze" },
  { emoji: "💯", means: "Done" },
  { emoji: "❤", means: "no answer" },
] as const;

/**
 * The person reacted to message `messageId` with `emoji` (null: took their reaction back), replacing `previous`, as
 * a Telegram account without Premium has one reaction per message: a `message_reaction` update, old and new.
 */
export function devReactionUpdate(chatId: string, messageId: number, emoji: string | null, previous: string | null) {
  const reaction = (value: string | null) => (value ? [{ type: "emoji" as const, emoji: value }] : []);
  return {
    update_id: ++nextId,
    message_reaction: {
      chat: devChat(chatId),
      message_id: messageId,
      user: { id: Math.abs(Number(chatId)), is_bot: false, first_name: "Dev" },
      date: Math.floor(Date.now() / 1000),
      old_reaction: reaction(previous),
      new_reaction: reaction(emoji),
    },
  };
}

/** What the person sent: a message (with its ids, to edit it), an edit of one, a button pressed, or a reaction. */
export type DevIncoming =
  | { kind: "message"; messageId: number; sentAt: number }
  | { kind: "edit"; messageId: number }
  | { kind: "press" }
  | { kind: "reaction"; messageId: number; emoji: string | null };

function incomingMeta(incoming: DevIncoming): Record<string, unknown> {
  if (incoming.kind === "edit") return { method: "incomingEdit", messageId: incoming.messageId };
  if (incoming.kind === "reaction") return { method: "incomingReaction", messageId: incoming.messageId, emoji: incoming.emoji };
  return { method: "incoming", ...(incoming.kind === "message" ? { messageId: incoming.messageId, sentAt: incoming.sentAt } : {}) };
}

/** Keeps what the person "typed" in the outbox too, so the conversation reads both sides. */
export async function recordDevIncoming(deps: Pick<Deps, "db" | "clock">, chatId: string, text: string, incoming: DevIncoming): Promise<void> {
  const meta = incomingMeta(incoming);
  await deps.db.insert(outboxMessages).values({
    id: crypto.randomUUID(),
    channel: "telegram",
    to: chatId,
    subject: null,
    text,
    html: null,
    meta: JSON.stringify(meta),
    createdAt: deps.clock.now().getTime(),
  });
}

export async function devConversation(deps: Pick<Deps, "db">, chatId: string, limit = 200): Promise<DevBubble[]> {
  const rows = await deps.db
    .select({ text: outboxMessages.text, meta: outboxMessages.meta, createdAt: outboxMessages.createdAt })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, "telegram"), eq(outboxMessages.to, chatId)))
    .orderBy(asc(outboxMessages.createdAt), asc(sql`rowid`))
    .limit(limit);
  const bubbles: DevBubble[] = [];
  for (const row of rows) {
    const meta = parseMeta(row.meta);
    const payload = (meta.payload ?? {}) as Record<string, unknown>;
    if (meta.method === "incoming") {
      const messageId = typeof meta.messageId === "number" ? meta.messageId : null;
      bubbles.push({ from: "you", text: row.text, at: row.createdAt, messageId, sentAt: typeof meta.sentAt === "number" ? meta.sentAt : null, edited: false });
    } else if (meta.method === "incomingEdit") {
      // Telegram shows an edited message in its place, with its new words and "edited".
      const target = bubbles.find((b) => b.from === "you" && b.messageId === Number(meta.messageId));
      if (target && target.from === "you") Object.assign(target, { text: row.text, edited: true });
    } else if (meta.method === "incomingReaction") {
      // Telegram shows the reaction under the message, not as a message of its own.
      const target = bubbles.find((b) => b.from === "bot" && b.messageId === Number(meta.messageId));
      if (target && target.from === "bot") target.reaction = typeof meta.emoji === "string" ? meta.emoji : null;
    } else if (meta.method === "sendMessage") {
      const repliedTo = (payload.reply_parameters as { message_id?: number } | undefined)?.message_id;
      const quoted = repliedTo === undefined ? undefined : bubbles.find((b) => b.from === "you" && b.messageId === repliedTo);
      bubbles.push({
        from: "bot",
        messageId: Number(meta.messageId),
        text: row.text,
        buttons: buttonsOf(payload.reply_markup),
        edited: false,
        at: row.createdAt,
        replyTo: quoted?.text ?? null,
        reaction: null,
      });
    } else if (meta.method === "editMessageText") {
      const target = bubbles.find((b) => b.from === "bot" && b.messageId === Number(payload.message_id));
      if (target && target.from === "bot") Object.assign(target, { text: row.text, buttons: buttonsOf(payload.reply_markup), edited: true });
    } else if (meta.method === "editMessageReplyMarkup") {
      // Only the buttons change (the other snooze times, and back): the text stays as it was.
      const target = bubbles.find((b) => b.from === "bot" && b.messageId === Number(payload.message_id));
      if (target && target.from === "bot") target.buttons = buttonsOf(payload.reply_markup);
    } else if (meta.method === "answerCallbackQuery" && typeof payload.text === "string") {
      bubbles.push({ from: "note", text: payload.text, at: row.createdAt });
    }
  }
  return bubbles;
}

function parseMeta(raw: string | null): Record<string, unknown> {
  try {
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function buttonsOf(markup: unknown): DevButton[][] {
  const rows = (markup as { inline_keyboard?: Array<Array<{ text: string; callback_data?: string; url?: string }>> } | undefined)?.inline_keyboard ?? [];
  return rows.filter((row) => row.length > 0).map((row) => row.map((b) => ({ text: b.text, ...(b.callback_data ? { data: b.callback_data } : {}), ...(b.url ? { url: b.url } : {}) })));
}
