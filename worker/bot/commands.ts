import { Composer, InlineKeyboard, type Context } from "grammy";
import type { Deps } from "../services/deps";
import { agendaText } from "../services/tasks";
import { breakMenu, findChatOwner, unlinkTelegram } from "../services/telegram";
import { keyboardOf } from "./keyboard";
import { BOT_TEXTS } from "../services/telegram/texts";
import { offerPairing } from "./start";

/** The agenda's days as commands: the same answers as "what's on today?" (ADR 078) and "what did I miss?" (ADR 185), one tap from the menu. */
const AGENDA_COMMANDS = ["today", "tomorrow", "week", "missed"] as const;

/** `/help`, `/list`, `/today`, `/tomorrow`, `/week`, `/missed`, `/pause`, `/stop` (after a confirmation button). Unlinked chats are offered pairing. */
export function chatCommands(deps: Deps): Composer<Context> {
  const composer = new Composer();
  composer.command("help", (ctx) => ctx.reply(BOT_TEXTS.help));
  composer.command("list", async (ctx) => {
    const owner = await findChatOwner(deps.db, String(ctx.chat.id));
    if (!owner) return offerPairing(deps, ctx);
    // The next reminders, as "what's coming up?" answers (with a running break said first).
    await ctx.reply(await agendaText(deps, owner, null));
  });
  for (const day of AGENDA_COMMANDS) {
    composer.command(day, async (ctx) => {
      const owner = await findChatOwner(deps.db, String(ctx.chat.id));
      if (!owner) return offerPairing(deps, ctx);
      await ctx.reply(await agendaText(deps, owner, day));
    });
  }
  // "/pause": the lengths of a break, or the break running with End the break (ADR 095).
  composer.command("pause", async (ctx) => {
    const owner = await findChatOwner(deps.db, String(ctx.chat.id));
    if (!owner) return offerPairing(deps, ctx);
    const reply = await breakMenu(deps, owner);
    await ctx.reply(reply.text, reply.buttons ? { reply_markup: keyboardOf(reply.buttons) } : {});
  });
  composer.command("stop", async (ctx) => {
    const owner = await findChatOwner(deps.db, String(ctx.chat.id));
    if (!owner) return void (await ctx.reply(BOT_TEXTS.stopAlreadyUnlinked));
    const keyboard = new InlineKeyboard().text(BOT_TEXTS.stopYes, "unlink:yes").text(BOT_TEXTS.stopNo, "unlink:no");
    await ctx.reply(BOT_TEXTS.stopQuestion, { reply_markup: keyboard });
  });
  composer.callbackQuery("unlink:yes", async (ctx) => {
    const chatId = String(ctx.chat?.id ?? "");
    const owner = await findChatOwner(deps.db, chatId);
    if (owner) await unlinkTelegram(deps, owner.id);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(owner ? BOT_TEXTS.stopped : BOT_TEXTS.stopAlreadyUnlinked);
  });
  composer.callbackQuery("unlink:no", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(BOT_TEXTS.stopKept);
  });
  return composer;
}
