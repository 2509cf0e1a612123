import { Composer, type Context } from "grammy";
import type { Deps } from "../services/deps";
import { isAppError } from "../services/errors";
import { answerFromReaction } from "../services/telegram";
import { showAnswer } from "./answered-edit";

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
      if (reply) await showAnswer((text, other) => ctx.api.editMessageText(chat.id, messageId, text, other), reply);
    } catch (error) {
      if (!isAppError(error)) throw error;
      // A refusal of ours (a cap, a task gone): said under the message, as a press's alert would say it.
      await ctx.reply(error.message, { reply_parameters: { message_id: messageId, allow_sending_without_reply: true } });
    }
  });
  return composer;
}
