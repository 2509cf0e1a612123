import { and, eq } from "drizzle-orm";
import { runBatch } from "../../../db/batch";
import { telegramMadeTasks, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { isJustNow, JUST_MADE_MINUTES, ownTaskLine } from "../tasks";
import type { AskedQuestion } from "../nl/question-answers";
import type { ChatOwner } from "./chats";
import { storedQuestionOf } from "./stored-question";

/**
 * The reminder just made in the chat (ADR 104): "make it 8pm", "actually tomorrow" or "undo" soon after making
 * one are about it, for ten minutes (`JUST_MADE_MINUTES`, shared with the web box's Undo: tasks/undo.ts).
 */
export { isJustNow, JUST_MADE_MINUTES };

/** How long after a message that made a reminder an edit of it still changes that reminder (ADR 107): two days. */
export const EDIT_FOLLOWED_HOURS = 48;

/** A person's message in a Telegram chat, by the ids Telegram gives it. */
export interface ChatMessageRef {
  chatId: string;
  messageId: number;
}

/**
 * Remembers the reminder made by a message in the chat: on the owner's row (read with every message) for a
 * correction right after, and by the message (ADR 107) for an edit of it later, with the question the message
 * answered, if it did (ADR 168). One batch.
 */
export async function rememberMadeInChat(
  deps: Pick<Deps, "db" | "clock">,
  ownerId: string,
  taskId: string,
  message: ChatMessageRef | null,
  answered: AskedQuestion | null = null,
): Promise<void> {
  const now = deps.clock.now().getTime();
  // A reminder made closes any question the chat was asked before it (ADR 164).
  const onOwner = deps.db
    .update(users)
    .set({ telegramLastMadeTaskId: taskId, telegramLastMadeAt: now, telegramQuestion: null, telegramQuestionAt: null })
    .where(eq(users.id, ownerId));
  if (!message) return void (await onOwner);
  // Telegram numbers a chat's messages once; a repeat (a dev chat restarted) is the newer message.
  const question = answered ? JSON.stringify(answered) : null;
  const byMessage = deps.db
    .insert(telegramMadeTasks)
    .values({ chatId: message.chatId, messageId: message.messageId, taskId, madeAt: now, question })
    .onConflictDoUpdate({ target: [telegramMadeTasks.chatId, telegramMadeTasks.messageId], set: { taskId, madeAt: now, question } });
  await runBatch(deps.db, [onOwner, byMessage]);
}

/**
 * The reminder a chat message made (ADR 107) and the question the message answered (ADR 168), or null: none, or its
 * reminder deleted since (the row went with it).
 */
export async function madeByMessage(deps: Pick<Deps, "db">, message: ChatMessageRef): Promise<{ taskId: string; answered: AskedQuestion | null } | null> {
  const [row] = await deps.db
    .select({ taskId: telegramMadeTasks.taskId, question: telegramMadeTasks.question })
    .from(telegramMadeTasks)
    .where(and(eq(telegramMadeTasks.chatId, message.chatId), eq(telegramMadeTasks.messageId, message.messageId)))
    .limit(1);
  return row ? { taskId: row.taskId, answered: storedQuestionOf(row.question) } : null;
}

/** The id of the reminder made in the chat in the last ten minutes, while it is open; else null. */
export async function justMadeInChat(deps: Pick<Deps, "db" | "clock">, owner: ChatOwner): Promise<string | null> {
  if (!owner.lastMadeTaskId || owner.lastMadeAt === null) return null;
  if (!isJustNow(deps, owner.lastMadeAt)) return null;
  const task = await ownTaskLine(deps, owner.id, owner.lastMadeTaskId);
  return task && task.status !== "COMPLETED" ? task.id : null;
}
