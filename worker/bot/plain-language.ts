import { Composer, type Context } from "grammy";
import type { Deps } from "../services/deps";
import { isAppError } from "../services/errors";
import { findChatOwner, reminderFromChat } from "../services/telegram";
import { BOT_TEXTS } from "../services/telegram/texts";
import { offerPairing } from "./start";

/**
 * Any other text in a private chat is a reminder in plain language, read by the same service as
 * POST /v1/tasks/nl in the owner's time zone. Unlinked chats are offered pairing; nothing else errs.
 */
export function plainLanguage(deps: Deps): Composer<Context> {
  const composer = new Composer();
  const privateChats = composer.chatType("private");
  privateChats.on("message:text", async (ctx) => {
    if (ctx.message.text.startsWith("/")) return void (await ctx.reply(BOT_TEXTS.help));
    const owner = await findChatOwner(deps.db, String(ctx.chat.id));
    if (!owner) return offerPairing(deps, ctx);
    try {
      await ctx.reply(await reminderFromChat(deps, owner, ctx.message.text));
    } catch (error) {
      if (!isAppError(error)) throw error;
      await ctx.reply(error.message);
    }
  });
  privateChats.on("message", (ctx) => ctx.reply(BOT_TEXTS.onlyText));
  return composer;
}
