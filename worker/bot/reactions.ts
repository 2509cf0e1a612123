import { Composer, GrammyError, type Context } from "grammy";
import type { Deps } from "../services/deps";
import { isAppError } from "../services/errors";
import { answerFromReaction } from "../services/telegram";
import { keyboardOf } from "./keyboard";

/**
 * A reaction put on a reminder's message in a private chat (`message_reaction`, ADR 119): 💯 is Done, 😴 Snooze,
 * 👍 OK (services/telegram/reactions.ts decides). The message is rewritten as a press of its button rewrites it,
 * which is how the person sees the reaction was understood; there is no spinner to answer. Any other reaction, or
 * one on a message that is no reminder, changes nothing and says nothing.
 */
export function reactionAnswers(deps: Deps): Composer<Context> {
  const composer = new Composer();
  composer.chatType("private").on("message_reaction", async (ctx) => {
    const { chat, message_id: messageId } = ctx.messageReaction;
    try {
      const reply = await answerFromReaction(deps, String(chat.id), messageId, ctx.reactions().emojiAdded);
      if (!reply?.edit) return;
      await ctx.api.editMessageText(chat.id, messageId, reply.edit, reply.buttons ? { reply_markup: keyboardOf(reply.buttons) } : {});
    } catch (error) {
      // A Done has already rewritten the reminder's messages to these words (ADR 116): nothing is left to change.
      if (error instanceof GrammyError && /message is not modified/i.test(error.description)) return;
      if (!isAppError(error)) throw error;
      // A refusal of ours (a cap, a task gone): said under the message, as a press's alert would say it.
      await ctx.reply(error.message, { reply_parameters: { message_id: messageId, allow_sending_without_reply: true } });
    }
  });
  return composer;
}
