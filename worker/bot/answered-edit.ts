import { GrammyError, type InlineKeyboard } from "grammy";
import type { ButtonReply } from "../services/telegram";
import { keyboardOf } from "./keyboard";

/**
 * Rewrites a reminder's message to say how it was answered (a press of its button, a reaction on it), with the
 * reply's buttons, through `edit` (the press's own `editMessageText`, or the API's for a message by its id). A Done
 * has already rewritten the reminder's messages to these very words (ADR 116), and Telegram refuses an edit that
 * changes nothing: that refusal means the message already says it.
 */
export async function showAnswer(edit: (text: string, other: { reply_markup?: InlineKeyboard }) => Promise<unknown>, reply: ButtonReply): Promise<void> {
  if (!reply.edit) return;
  try {
    await edit(reply.edit, reply.buttons ? { reply_markup: keyboardOf(reply.buttons) } : {});
  } catch (error) {
    if (!(error instanceof GrammyError && /message is not modified/i.test(error.description))) throw error;
  }
}
