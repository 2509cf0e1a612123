import { and, eq } from "drizzle-orm";
import { telegramMadeTasks } from "../../../db/schema";
import type { Deps } from "../deps";
import type { ChatReply } from "./forget";
import type { ChatMessageRef } from "./just-made";

/**
 * The bot's confirmation of a reminder made in the chat ("Got it! I'll remind you to call bob on Sun, Nov 29 at
 * 7:00 PM.") stays true (ADR 114): its message id is remembered here once it is sent, and the task's own edit and
 * delete rewrite it wherever the change comes from (tasks/chat-confirmations.ts). Scrolling back, a person never
 * finds a time or a sequence that no longer holds.
 */

export { confirmationsOf, goneConfirmationEdits, rewriteChatMessages, type ConfirmationEdit } from "../tasks/chat-confirmations";

/** Remembers the bot's confirmation of the reminder `message` made (after it was sent: its id is Telegram's). */
export async function rememberConfirmation(deps: Pick<Deps, "db">, message: ChatMessageRef, confirmationId: number): Promise<void> {
  await deps.db
    .update(telegramMadeTasks)
    .set({ confirmationId })
    .where(and(eq(telegramMadeTasks.chatId, message.chatId), eq(telegramMadeTasks.messageId, message.messageId)));
}

/**
 * What a chat reply asks of the confirmations once it is sent: the new reminder's confirmation remembered. (A
 * changed reminder's confirmations were rewritten by the change itself: tasks/chat-confirmations.ts.)
 */
export async function confirmationsAfterReply(deps: Deps, reply: ChatReply, message: ChatMessageRef | null, sentId: number): Promise<void> {
  if (reply.made && message) await rememberConfirmation(deps, message, sentId);
}

