import { and, eq, type SQL } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Db } from "../../../db/client";
import type { Deps } from "../deps";
import { conflict } from "../errors";
import { log } from "../log";

/** Which account a Telegram chat belongs to. One chat, one account (a unique index says so too). */
export const CHAT_TAKEN = "This Telegram chat is already linked to another Nudge account. Send /stop in this chat from that account first, or use a different Telegram account.";

export interface ChatOwner {
  id: string;
  name: string;
  timezone: string;
  isVerified: boolean;
  /** The reminder last made by writing to the bot, and when (ADR 104; telegram/just-made.ts). */
  lastMadeTaskId: string | null;
  lastMadeAt: number | null;
  /** The reader's last unanswered question here, as stored (JSON), and when it was asked (ADR 164; telegram/questions.ts). */
  question: string | null;
  questionAt: number | null;
  /** The person's own default sequence (null: the product's), for saying a reminder's when it differs. */
  defaultEscalationStrategy: string | null;
}

export async function findChatOwner(db: Db, chatId: string): Promise<ChatOwner | null> {
  const [owner] = await db
    .select({
      id: users.id,
      name: users.name,
      timezone: users.timezone,
      isVerified: users.isVerified,
      lastMadeTaskId: users.telegramLastMadeTaskId,
      lastMadeAt: users.telegramLastMadeAt,
      question: users.telegramQuestion,
      questionAt: users.telegramQuestionAt,
      defaultEscalationStrategy: users.defaultEscalationStrategy,
    })
    .from(users)
    .where(eq(users.telegramChatId, chatId))
    .limit(1);
  return owner ?? null;
}

/**
 * The statement that links `chatId` to the user, and the check before it. A chat linked to someone
 * else is refused with a sentence; the unique index catches the same race between two requests.
 */
export async function assertChatFree(db: Db, chatId: string, userId: string): Promise<void> {
  const owner = await findChatOwner(db, chatId);
  if (owner && owner.id !== userId) throw conflict(CHAT_TAKEN, "TELEGRAM_CHAT_TAKEN");
}

/** Is this a unique-index failure on users.telegram_chat_id (two links of one chat racing)? */
export function isChatTakenError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return /UNIQUE constraint failed: users\.telegram_chat_id/.test(text);
}

/** POST /v1/telegram/unlink: the account has no Telegram chat any more (idempotent). */
export async function unlinkTelegram(deps: Pick<Deps, "db" | "clock">, userId: string): Promise<void> {
  await deps.db.update(users).set({ telegramChatId: null, telegramQuestion: null, telegramQuestionAt: null, updatedAt: deps.clock.now().getTime() }).where(eq(users.id, userId));
}

/**
 * The bot was blocked (403) or the chat is gone: forget the chat wherever it is linked, so no
 * further step tries it and the person's reminders go by email until they link again.
 */
export async function forgetBlockedChat(deps: Pick<Deps, "db" | "clock">, chatId: string): Promise<void> {
  const unlinked = await deps.db
    .update(users)
    .set({ telegramChatId: null, updatedAt: deps.clock.now().getTime() })
    .where(eq(users.telegramChatId, chatId))
    .returning({ id: users.id });
  if (unlinked.length > 0) log.warn("telegram.chat_unlinked_blocked", { userIds: unlinked.map((u) => u.id) });
}

/**
 * Links the chat to the user and ends any pairing handshake they had waiting. A chat another account
 * took meanwhile fails on the unique index (`isChatTakenError`), and the whole batch with it.
 */
export function linkChatStatement(db: Db, userId: string, chatId: string, now: number, onlyIf?: SQL) {
  return db
    .update(users)
    .set({ telegramChatId: chatId, pairPlatformId: null, pairPlatformCodeHash: null, updatedAt: now })
    .where(onlyIf ? and(eq(users.id, userId), onlyIf) : eq(users.id, userId));
}

