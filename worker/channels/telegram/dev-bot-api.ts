import type { Db } from "../../../db/client";
import type { Clock } from "../../services/clock";
import { outboxChannel } from "../outbox";

/**
 * The Bot API as the local run answers it (DEV_OUTBOX on): every call the bot makes is recorded in
 * the dev outbox as a `telegram` message (`to` = the chat id, `meta` = `{ method, payload }`), and
 * answered the way Telegram would, so grammY and our code run exactly as in production. The dev
 * chat (/dev/telegram) reads these rows back to show the conversation and its buttons.
 */
export function devBotApiFetch(db: Db, clock: Clock): typeof fetch {
  const outbox = outboxChannel("telegram", db, clock);
  return async (input, init) => {
    const request = new Request(input, init);
    const method = new URL(request.url).pathname.split("/").pop() ?? "";
    const payload = await readPayload(request);
    const chatId = chatOf(method, payload);
    const messageId = Number(payload.message_id) || nextMessageId(clock);
    await outbox.send({ to: chatId, text: textOf(method, payload), meta: { method, payload, messageId } });
    return Response.json({ ok: true, result: resultOf(method, payload, chatId, messageId, clock) });
  };
}

async function readPayload(request: Request): Promise<Record<string, unknown>> {
  const body = await request.text();
  if (!body) return {};
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The chat a call concerns. A callback query's answer names no chat: the dev chat makes its query
 * ids as `dev-<chatId>-<n>` so the answer can be shown in the right conversation.
 */
function chatOf(method: string, payload: Record<string, unknown>): string {
  if (payload.chat_id !== undefined) return String(payload.chat_id);
  if (method === "answerCallbackQuery") return /^dev-(-?\d+)-/.exec(String(payload.callback_query_id ?? ""))?.[1] ?? "unknown";
  return "bot";
}

function textOf(method: string, payload: Record<string, unknown>): string {
  if (typeof payload.text === "string" && payload.text) return payload.text;
  if (method === "answerCallbackQuery") return "(button answered)";
  return `(${method})`;
}

function nextMessageId(clock: Clock): number {
  return nextDevMessageId(clock.now().getTime());
}

/**
 * Message ids grow within a chat on Telegram; seconds since 2020 times 100 plus a counter do here, for the bot's
 * messages and the person's on the dev chat alike (dev-chat.ts), so a restarted dev server does not give a new
 * message the number of an old one (whose edit would then change another reminder).
 */
let counter = 0;
export function nextDevMessageId(nowMs: number): number {
  counter = (counter + 1) % 100;
  return Math.floor((nowMs - 1_577_836_800_000) / 1000) * 100 + counter;
}

function resultOf(method: string, payload: Record<string, unknown>, chatId: string, messageId: number, clock: Clock): unknown {
  if (method === "sendMessage" || method === "editMessageText" || method === "editMessageReplyMarkup") {
    return {
      message_id: messageId,
      date: Math.floor(clock.now().getTime() / 1000),
      chat: { id: Number(chatId), type: Number(chatId) < 0 ? "group" : "private" },
      text: typeof payload.text === "string" ? payload.text : "",
      ...(payload.reply_markup ? { reply_markup: payload.reply_markup } : {}),
    };
  }
  return true;
}
