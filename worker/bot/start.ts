import { Composer, InlineKeyboard, type Context } from "grammy";
import { startPairing } from "../services/auth";
import { verifyTelegramBuddy } from "../services/buddies";
import type { Deps } from "../services/deps";
import { isAppError } from "../services/errors";
import { findChatOwner, linkChatByCode } from "../services/telegram";
import { BOT_TEXTS } from "../services/telegram/texts";

/**
 * `/start`: with a linking code (the web panel's deep link) it links this chat; without one it greets
 * a linked chat, or offers an unlinked one the sign-up / sign-in buttons of the pairing handshake.
 */
export function startCommand(deps: Deps): Composer<Context> {
  const composer = new Composer();
  composer.command("start", async (ctx) => {
    const chatId = String(ctx.chat.id);
    const payload = ctx.match.trim();
    if (payload.startsWith("buddy_")) {
      const isGroup = ctx.chat.type === "group" || ctx.chat.type === "supergroup";
      const outcome = await verifyTelegramBuddy(deps, payload.slice("buddy_".length), { id: chatId, isGroup });
      if (outcome.verified) return void (await ctx.reply(BOT_TEXTS.buddyVerified(outcome.buddyName, outcome.ownerFirstName)));
      if (outcome.reason === "wrong_chat") return void (await ctx.reply(outcome.expected === "group" ? BOT_TEXTS.buddyLinkNeedsGroup : BOT_TEXTS.buddyLinkNeedsPrivate));
      await ctx.reply(BOT_TEXTS.buddyLinkInvalid);
      return;
    }
    if (payload) {
      try {
        const linked = await linkChatByCode(deps, { otp: payload, telegramChatId: chatId });
        await ctx.reply(BOT_TEXTS.welcomeLinked(linked.name));
      } catch (error) {
        if (!isAppError(error)) throw error;
        await ctx.reply(error.message);
      }
      return;
    }
    const owner = await findChatOwner(deps.db, chatId);
    if (owner) return void (await ctx.reply(BOT_TEXTS.alreadyLinked(owner.name)));
    await offerPairing(deps, ctx);
  });
  return composer;
}

/** The unlinked chat's way in: sign up or sign in on the web with this chat's pairing code. */
export async function offerPairing(deps: Deps, ctx: Context): Promise<void> {
  if (!ctx.chat) return;
  const pairing = await startPairing(deps, String(ctx.chat.id));
  const keyboard = new InlineKeyboard().url(BOT_TEXTS.signUpButton, pairing.registerUrl).row().url(BOT_TEXTS.signInButton, pairing.loginUrl);
  await ctx.reply(BOT_TEXTS.notLinked, { reply_markup: keyboard });
}
