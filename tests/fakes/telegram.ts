/**
 * A fake of Telegram's Bot API (https://core.telegram.org/bots/api), as grammY speaks it:
 * - `POST <origin>/bot<token>/<method>` with a JSON body (or form fields); answers
 *   `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }` with that status.
 * - A wrong token is 401 "Unauthorized" (Telegram's answer); a path without a bot is 404.
 * - sendMessage: needs `chat_id` and a non-empty `text` of at most 4096 characters; inline buttons'
 *   `callback_data` at most 64 bytes (400 "BUTTON_DATA_INVALID"); a `reply_parameters` without a message id is
 *   400 "message to be replied not found"; a chat in `blocked` answers 403
 *   "Forbidden: bot was blocked by the user". editMessageText / answerCallbackQuery answer like Telegram; an edit
 *   of a message this fake sent that changes neither its text nor its buttons is 400 "message is not modified".
 * - Trouble on demand (`failNext`): a 429 with `parameters.retry_after` (seconds) or a 5xx, N times.
 * It records every call (`calls`) and every message it delivered (`sent`).
 */
import type { Fake } from "./fake";

export interface BotCall {
  method: string;
  payload: Record<string, unknown>;
}

export interface FakeBotApiOptions {
  token: string;
  origin?: string;
}

function failure(status: number, description: string, parameters?: Record<string, unknown>): Response {
  return Response.json({ ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) }, { status });
}

async function readPayload(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return ((await request.json()) as Record<string, unknown>) ?? {};
  if (type.includes("form")) {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === "string" ? tryJson(value) : value]));
  }
  return {};
}

function tryJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export function createFakeBotApi(options: FakeBotApiOptions) {
  const origin = options.origin ?? "https://api.telegram.fake";
  const calls: BotCall[] = [];
  const sent: Array<{ chatId: string; messageId: number; text: string; replyMarkup: unknown }> = [];
  const blocked = new Set<string>();
  /** What each message this fake sent shows now ("<chat>:<id>" → text and buttons), for "message is not modified". */
  const shown = new Map<string, string>();
  const trouble: Array<{ status: number; retryAfter?: number }> = [];
  let nextMessageId = 100;

  const fake: Fake & {
    calls: BotCall[];
    sent: typeof sent;
    blocked: Set<string>;
    failNext(status: number, times?: number, retryAfter?: number): void;
    callsOf(method: string): BotCall[];
  } = {
    name: "telegram",
    origin,
    calls,
    sent,
    blocked,
    failNext(status, times = 1, retryAfter) {
      for (let i = 0; i < times; i++) trouble.push({ status, retryAfter });
    },
    callsOf: (method) => calls.filter((call) => call.method === method),
    async handle(request) {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(request.url).pathname);
      if (!match) return failure(404, "Not Found");
      if (request.method !== "POST" && request.method !== "GET") return failure(405, "Method Not Allowed");
      if (match[1] !== options.token) return failure(401, "Unauthorized");
      const method = match[2]!;
      const payload = await readPayload(request);
      calls.push({ method, payload });
      const problem = trouble.shift();
      if (problem) {
        return problem.status === 429
          ? failure(429, `Too Many Requests: retry after ${problem.retryAfter ?? 1}`, { retry_after: problem.retryAfter ?? 1 })
          : failure(problem.status, problem.status === 502 ? "Bad Gateway" : "Internal Server Error");
      }
      return answer(method, payload);
    },
  };

  function answer(method: string, payload: Record<string, unknown>): Response {
    const chatId = payload.chat_id === undefined ? "" : String(payload.chat_id);
    if (method === "sendMessage" || method === "editMessageText") {
      if (!chatId) return failure(400, "Bad Request: chat_id is empty");
      const text = typeof payload.text === "string" ? payload.text : "";
      if (!text.trim()) return failure(400, "Bad Request: message text is empty");
      if (text.length > 4096) return failure(400, "Bad Request: message is too long");
      if (blocked.has(chatId)) return failure(403, "Forbidden: bot was blocked by the user");
      const buttons = (payload.reply_markup as { inline_keyboard?: Array<Array<{ callback_data?: string }>> } | undefined)?.inline_keyboard ?? [];
      if (buttons.flat().some((b) => b.callback_data !== undefined && new TextEncoder().encode(b.callback_data).length > 64)) {
        return failure(400, "Bad Request: BUTTON_DATA_INVALID");
      }
      // A reply names the message replied to; one Telegram cannot find fails unless the sender allowed it.
      const reply = payload.reply_parameters as { message_id?: unknown; allow_sending_without_reply?: unknown } | undefined;
      if (reply !== undefined && !Number.isInteger(reply.message_id)) return failure(400, "Bad Request: message to be replied not found");
      const messageId = method === "sendMessage" ? nextMessageId++ : Number(payload.message_id);
      const content = JSON.stringify([text, payload.reply_markup ?? null]);
      if (method === "editMessageText" && shown.get(`${chatId}:${messageId}`) === content) {
        return failure(400, "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message");
      }
      shown.set(`${chatId}:${messageId}`, content);
      if (method === "sendMessage") sent.push({ chatId, messageId, text, replyMarkup: payload.reply_markup });
      return Response.json({
        ok: true,
        result: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: "private" }, text, ...(payload.reply_markup ? { reply_markup: payload.reply_markup } : {}) },
      });
    }
    if (method === "answerCallbackQuery") {
      if (typeof payload.callback_query_id !== "string" || !payload.callback_query_id) return failure(400, "Bad Request: query is too old and response timeout expired or query ID is invalid");
      return Response.json({ ok: true, result: true });
    }
    if (method === "getMe") return Response.json({ ok: true, result: { id: Number(options.token.split(":")[0]), is_bot: true, first_name: "Nudge", username: "NudgeReminderBot" } });
    return Response.json({ ok: true, result: true });
  }

  return fake;
}

export type FakeBotApi = ReturnType<typeof createFakeBotApi>;
