import { Composer, type Context } from "grammy";
import type { Message } from "grammy/types";
import type { Deps } from "../services/deps";
import { isAppError } from "../services/errors";
import { findChatOwner, replyToChatText } from "../services/telegram";
import { buddyChatReply, buddyOwnersOfChat } from "../services/buddies";
import { replyKeepingConfirmations } from "./confirmations";
import { BOT_TEXTS } from "../services/telegram/texts";
import { offerPairing } from "./start";

/**
 * Any other text in a private chat: an answer to a reminder ("done", "snooze 10", "ok"), a question
 * about what is coming up, a wish to drop a reminder, thanks, or else a reminder in plain language,
 * read by the same service as POST /v1/tasks/nl in the owner's time zone (replyToChatText decides).
 * Unlinked chats are offered pairing, a nudge buddy's chat thanked (ADR 180); nothing else errs.
 */
export function plainLanguage(deps: Deps): Composer<Context> {
  const composer = new Composer();
  const privateChats = composer.chatType("private");
  // A photo with a caption ("take this one at 9pm" under a picture of the pill box): the caption is the words.
  privateChats.on(["message:text", "message:caption"], async (ctx) => {
    const text = ctx.message.text ?? ctx.message.caption ?? "";
    if (text.startsWith("/")) return void (await ctx.reply(BOT_TEXTS.help));
    const owner = await findChatOwner(deps.db, String(ctx.chat.id));
    if (!owner) return strangerOrBuddy(deps, ctx);
    try {
      const message = { chatId: String(ctx.chat.id), messageId: ctx.message.message_id };
      const reply = await replyToChatText(deps, owner, text, repliedTaskId(ctx.message.reply_to_message), message);
      await replyKeepingConfirmations(ctx, deps, reply, message);
    } catch (error) {
      if (!isAppError(error)) throw error;
      await ctx.reply(error.message);
    }
  });
  privateChats.on("message", (ctx) => ctx.reply(BOT_TEXTS.onlyText));
  return composer;
}

/** A chat that is no account's: a nudge buddy's is thanked (ADR 180); anyone else is offered pairing. */
async function strangerOrBuddy(deps: Deps, ctx: Context & { chat: { id: number } }): Promise<void> {
  const owners = await buddyOwnersOfChat(deps, String(ctx.chat.id));
  if (owners.length === 0) return offerPairing(deps, ctx);
  await ctx.reply(buddyChatReply(owners));
}

/** The task of the reminder a message replies to, from that message's answer buttons; null for anything else. */
export function repliedTaskId(replied: Message | undefined): string | null {
  for (const button of replied?.reply_markup?.inline_keyboard.flat() ?? []) {
    const taskId = "callback_data" in button ? REMINDER_BUTTON.exec(button.callback_data)?.[1] : undefined;
    if (taskId) return taskId;
  }
  return null;
}

/**
 * A reminder's answer button (buttons.ts): `done:<taskId>`, `snooze:<taskId>`, `acknowledge:<taskId>`; or the
 * Undo under a reminder's confirmation (`undo:<taskId>`, ADR 104): "make it 8pm" in reply to it is about it.
 */
const REMINDER_BUTTON = /^(?:done|snooze|acknowledge|undo):([0-9a-f-]{36})$/;
