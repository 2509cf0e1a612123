import { and, eq, isNotNull } from "drizzle-orm";
import { telegramMadeTasks, type Task, type User } from "../../../db/schema";
import type { Deps } from "../deps";
import { isStrategyKey, resolveStrategyKey } from "../escalation/catalogue";
import { errorFields, log } from "../log";
import { confirmationMessage } from "../nl/parse-reminder";
import { readStoredRule } from "../series";
import { SENT_MESSAGE_TEXTS } from "../telegram/sent-message-texts";

/**
 * The bot's confirmation of a reminder made in the chat ("Got it! I'll remind you to call bob on Sun, Nov 29 at
 * 7:00 PM.") stays true wherever the reminder is changed afterwards (ADR 114): in the chat, on the web, through
 * the API, by email or by text. An edit rewrites it to what is now set ("✏️ Now: I'll remind you ... at 8:00
 * PM.", its Undo kept); a deletion to the deletion's words ("🗑 Deleted: Call bob", the Undo taken off). The
 * task's own edit and delete do it (service.ts), so no surface can forget to; the rewrite goes through the
 * Telegram channel's `edit` after the change is saved, and a rewrite Telegram refuses is logged, never the
 * change's failure.
 */

/** Where a confirmation is: the chat and the bot's message. */
export interface ChatConfirmation {
  chatId: string;
  messageId: number;
}

/** A bot message to rewrite (a confirmation, a reminder): where it is, its new words and buttons ([label, callback data] rows). */
export interface ConfirmationEdit extends ChatConfirmation {
  text: string;
  buttons: Array<Array<[label: string, data: string]>>;
}

/** The person's settings the words depend on. */
export type ConfirmationOwner = Pick<User, "timezone" | "defaultEscalationStrategy">;

/** Only reminders made in the chat have confirmations: the others skip the read. */
export function mayHaveConfirmations(task: Pick<Task, "source">): boolean {
  return task.source === "telegram";
}

/** The bot's confirmations of a reminder, where they were remembered. */
export async function confirmationsOf(deps: Pick<Deps, "db">, taskId: string): Promise<ChatConfirmation[]> {
  const rows = await deps.db
    .select({ chatId: telegramMadeTasks.chatId, messageId: telegramMadeTasks.confirmationId })
    .from(telegramMadeTasks)
    .where(and(eq(telegramMadeTasks.taskId, taskId), isNotNull(telegramMadeTasks.confirmationId)));
  return rows.flatMap((row) => (row.messageId === null ? [] : [{ chatId: row.chatId, messageId: row.messageId }]));
}

/** A deleted reminder's confirmations, rewritten to the deletion's own words, without Undo. */
export function goneConfirmationEdits(confirmations: readonly ChatConfirmation[], text: string): ConfirmationEdit[] {
  return confirmations.map((row) => ({ ...row, text, buttons: [] }));
}

/**
 * A reminder's confirmations with the words of what is now set: none once it is done (a done one's confirmation
 * was true when it was sent).
 */
export function nowSetEdits(confirmations: readonly ChatConfirmation[], task: Task, owner: ConfirmationOwner, now: Date): ConfirmationEdit[] {
  if (task.status === "COMPLETED" || confirmations.length === 0) return [];
  const text = nowSetText(task, owner, now);
  return confirmations.map((row) => ({ ...row, text, buttons: [[[SENT_MESSAGE_TEXTS.undo, `undo:${task.id}`]]] }));
}

/** "✏️ Now: I'll remind you to call bob on Sun, Nov 29 at 8:00 PM." (with "Nudging: ..." when not the person's default). */
function nowSetText(task: Task, owner: ConfirmationOwner, now: Date): string {
  // The person's default as every new reminder resolves it (an unknown stored one falls back to the product's).
  const ownDefault = resolveStrategyKey(null, owner.defaultEscalationStrategy);
  const strategy = isStrategyKey(task.strategyKey) && task.strategyKey !== ownDefault ? task.strategyKey : null;
  const recurrence = task.recurrence ? readStoredRule(task.recurrence).rule : null;
  return confirmationMessage({ title: task.title, dueAt: new Date(task.dueAt), recurrence, strategy }, owner.timezone, now, SENT_MESSAGE_TEXTS.confirmationNow);
}

/**
 * Rewrites bot messages (confirmations, reminders) through the Telegram channel, one after the other. Where the channel cannot edit (no bot
 * configured here any more) nothing is done; a rewrite Telegram refuses (the same words, a message the person
 * deleted, a chat that blocked the bot) is logged at info and skipped: the change itself is saved and answered.
 */
export async function rewriteChatMessages(deps: Pick<Deps, "channels">, edits: readonly ConfirmationEdit[]): Promise<void> {
  if (edits.length === 0) return;
  const channel = deps.channels.telegram;
  if (!channel.status.available || !channel.edit) return;
  for (const edit of edits) {
    try {
      const buttons = edit.buttons.map((row) => row.map(([text, callbackData]) => ({ text, callbackData })));
      await channel.edit({ to: edit.chatId, messageId: edit.messageId }, { text: edit.text, meta: { buttons } });
    } catch (error) {
      log.info("telegram.confirmation_not_rewritten", { messageId: edit.messageId, ...errorFields(error) });
    }
  }
}

/** After an edit of a reminder made in the chat: its confirmations say what is now set. */
export async function keepConfirmationsAfterEdit(deps: Deps, task: Task, owner: ConfirmationOwner): Promise<void> {
  if (!mayHaveConfirmations(task) || task.status === "COMPLETED") return;
  await rewriteChatMessages(deps, nowSetEdits(await confirmationsOf(deps, task.id), task, owner, deps.clock.now()));
}
