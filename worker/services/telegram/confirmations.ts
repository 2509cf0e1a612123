import { and, eq, isNotNull } from "drizzle-orm";
import { telegramMadeTasks, type Task } from "../../../db/schema";
import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { isStrategyKey, resolveStrategyKey } from "../escalation";
import { confirmationMessage } from "../nl/parse-reminder";
import { readStoredRule } from "../series";
import { loadOwnTask } from "../tasks/service";
import type { ChatOwner } from "./chats";
import type { ChatReply } from "./forget";
import type { ChatMessageRef } from "./just-made";
import { BOT_TEXTS } from "./texts";

/**
 * The bot's confirmation of a reminder made in the chat ("Got it! I'll remind you to call bob on Sun, Nov 29 at
 * 7:00 PM.") stays true: when the reminder is changed afterwards in words ("make it 8pm", "make it urgent", an edit
 * of the message that made it), the confirmation is rewritten to what is now set ("✏️ Now: I'll remind you ... at
 * 8:00 PM."), keeping its Undo. Scrolling back, a person never finds a time or a sequence that no longer holds.
 */

/** A confirmation to rewrite: the bot's message, its new words and buttons. */
export interface ConfirmationEdit {
  chatId: string;
  messageId: number;
  text: string;
  buttons: NonNullable<ChatReply["buttons"]>;
}

/** Remembers the bot's confirmation of the reminder `message` made (after it was sent: its id is Telegram's). */
export async function rememberConfirmation(deps: Pick<Deps, "db">, message: ChatMessageRef, confirmationId: number): Promise<void> {
  await deps.db
    .update(telegramMadeTasks)
    .set({ confirmationId })
    .where(and(eq(telegramMadeTasks.chatId, message.chatId), eq(telegramMadeTasks.messageId, message.messageId)));
}

/**
 * What a chat reply asks of the confirmations once it is sent: the new reminder's confirmation remembered, or the
 * confirmations of a changed reminder rewritten to what is now set. A reply that neither made nor changed one: none.
 */
export async function confirmationsAfterReply(deps: Deps, owner: ChatOwner, reply: ChatReply, message: ChatMessageRef | null, sentId: number): Promise<ConfirmationEdit[]> {
  if (reply.made && message) await rememberConfirmation(deps, message, sentId);
  return reply.changed ? confirmationEdits(deps, owner, reply.changed) : [];
}

/**
 * The confirmations of a reminder, each with the words of what is now set: none once the reminder is done or gone
 * (a done one's confirmation was true when it was sent; a gone one's rows went with it).
 */
export async function confirmationEdits(deps: Deps, owner: ChatOwner, taskId: string): Promise<ConfirmationEdit[]> {
  const [rows, task] = await Promise.all([confirmationsOf(deps, taskId), loadOwnTask(deps, owner.id, taskId).catch(goneIs404)]);
  if (!task || task.status === "COMPLETED") return [];
  const text = nowSetText(task, owner, deps.clock.now());
  return rows.map((row) => ({ ...row, text, buttons: [[[BOT_TEXTS.undo, `undo:${task.id}`]]] }));
}

/** A reminder gone (deleted meanwhile, or not this person's): nothing to rewrite. Any other failure is thrown. */
function goneIs404(error: unknown): null {
  if (isAppError(error) && error.status === 404) return null;
  throw error;
}

/** The bot's confirmations of a reminder, where they were remembered. */
export async function confirmationsOf(deps: Pick<Deps, "db">, taskId: string): Promise<Array<{ chatId: string; messageId: number }>> {
  const rows = await deps.db
    .select({ chatId: telegramMadeTasks.chatId, messageId: telegramMadeTasks.confirmationId })
    .from(telegramMadeTasks)
    .where(and(eq(telegramMadeTasks.taskId, taskId), isNotNull(telegramMadeTasks.confirmationId)));
  return rows.flatMap((row) => (row.messageId === null ? [] : [{ chatId: row.chatId, messageId: row.messageId }]));
}

/** A deleted reminder's confirmations, rewritten to the deletion's own words ("🗑 Deleted: Call bob"), without Undo. */
export function goneConfirmationEdits(confirmations: Array<{ chatId: string; messageId: number }>, text: string): ConfirmationEdit[] {
  return confirmations.map((row) => ({ ...row, text, buttons: [] }));
}

/** "✏️ Now: I'll remind you to call bob on Sun, Nov 29 at 8:00 PM." (with "Nudging: ..." when not the person's default). */
function nowSetText(task: Task, owner: ChatOwner, now: Date): string {
  // The person's default as every new reminder resolves it (an unknown stored one falls back to the product's).
  const ownDefault = resolveStrategyKey(null, owner.defaultEscalationStrategy);
  const strategy = isStrategyKey(task.strategyKey) && task.strategyKey !== ownDefault ? task.strategyKey : null;
  const recurrence = task.recurrence ? readStoredRule(task.recurrence).rule : null;
  return confirmationMessage({ title: task.title, dueAt: new Date(task.dueAt), recurrence, strategy }, owner.timezone, now, BOT_TEXTS.confirmationNow);
}
