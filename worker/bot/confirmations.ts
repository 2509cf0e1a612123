import type { Context } from "grammy";
import type { Deps } from "../services/deps";
import { confirmationsAfterReply, rewriteChatMessages, type ChatReply, type ConfirmationEdit } from "../services/telegram";
import type { ChatMessageRef } from "../services/telegram/just-made";
import { keyboardOf } from "./keyboard";

/**
 * Sends a chat reply, then remembers a new reminder's confirmation by its message id, so it can be kept true
 * (services/telegram/confirmations.ts). A changed reminder's earlier confirmations were already rewritten by the
 * change itself (services/tasks/chat-confirmations.ts), wherever it was made.
 */
export async function replyKeepingConfirmations(
  ctx: Context,
  deps: Deps,
  reply: ChatReply,
  message: ChatMessageRef | null,
  extra: { reply_parameters?: { message_id: number; allow_sending_without_reply: boolean } } = {},
): Promise<void> {
  const sent = await ctx.reply(reply.text, { ...extra, ...(reply.buttons ? { reply_markup: keyboardOf(reply.buttons) } : {}) });
  await confirmationsAfterReply(deps, reply, message, sent.message_id);
}

/**
 * Rewrites confirmations (a deleted reminder's, worked out before it went: `ChatReply.rewrites`), except the message
 * a button was pressed under, which the press's own edit already rewrote. Through the same Telegram channel as every
 * other rewrite (services/tasks/chat-confirmations.ts), refusals logged there.
 */
export async function rewriteConfirmations(deps: Deps, edits: readonly ConfirmationEdit[], pressedMessageId?: number): Promise<void> {
  await rewriteChatMessages(
    deps,
    edits.filter((edit) => edit.messageId !== pressedMessageId),
  );
}
