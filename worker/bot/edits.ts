import { Composer, type Context } from "grammy";
import type { Deps } from "../services/deps";
import { isAppError } from "../services/errors";
import { findChatOwner, replyToChatEdit } from "../services/telegram";
import { replyKeepingConfirmations } from "./confirmations";
import { repliedTaskId } from "./plain-language";

/**
 * A text (or a photo's caption) the person edited in a private chat (`edited_message`, ADR 107): the reminder
 * that message made follows the new words, or a fixed typo is read again (replyToChatEdit decides). The answer
 * replies to the edited message, so it is clear which one it is about. Unlinked chats: nothing (their message
 * was answered when it was sent).
 */
export function chatEdits(deps: Deps): Composer<Context> {
  const composer = new Composer();
  composer.chatType("private").on(["edited_message:text", "edited_message:caption"], async (ctx) => {
    const owner = await findChatOwner(deps.db, String(ctx.chat.id));
    if (!owner) return;
    const edited = ctx.editedMessage;
    const aboutIt = { reply_parameters: { message_id: edited.message_id, allow_sending_without_reply: true } };
    try {
      const message = { chatId: String(ctx.chat.id), messageId: edited.message_id };
      const reply = await replyToChatEdit(deps, owner, {
        message,
        text: edited.text ?? edited.caption ?? "",
        sentAt: new Date(edited.date * 1000),
        repliedTaskId: repliedTaskId(edited.reply_to_message),
      });
      await replyKeepingConfirmations(ctx, deps, reply, message, aboutIt);
    } catch (error) {
      if (!isAppError(error)) throw error;
      await ctx.reply(error.message, aboutIt);
    }
  });
  return composer;
}
