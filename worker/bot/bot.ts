import { autoRetry } from "@grammyjs/auto-retry";
import { Bot } from "grammy";
import { botFetch, type BotSettings } from "../channels/telegram";
import type { Deps } from "../services/deps";
import { answerButtons } from "./buttons";
import { chatCommands } from "./commands";
import { replyFailuresLogged } from "./api-failure";
import { onlyOnce } from "./dedupe";
import { chatEdits } from "./edits";
import { plainLanguage } from "./plain-language";
import { reactionAnswers } from "./reactions";
import { startCommand } from "./start";

/**
 * The Telegram bot (grammY), built per webhook request around that request's services. Handlers are
 * thin: each reads the update, calls a service, and words the answer (services/telegram/texts.ts).
 * `botInfo` comes from config, so a cold start makes no `getMe` call.
 */
export function createBot(deps: Deps, settings: BotSettings): Bot {
  const bot = new Bot(settings.token, {
    botInfo: settings.botInfo,
    client: { apiRoot: settings.apiRoot, ...(botFetchFor(deps) ? { fetch: botFetchFor(deps) } : {}) },
  });
  bot.api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 5, rethrowInternalServerErrors: true, rethrowHttpErrors: true }));
  bot.use(onlyOnce(deps));
  // A failed reply after the work is done answers 200: a retry would do the work twice (api-failure.ts).
  bot.use(replyFailuresLogged);
  bot.use(startCommand(deps));
  bot.use(chatCommands(deps));
  bot.use(answerButtons(deps));
  bot.use(reactionAnswers(deps));
  bot.use(plainLanguage(deps));
  bot.use(chatEdits(deps));
  bot.catch((error) => {
    // Thrown on to the webhook, which answers 500 so Telegram retries (the dedupe row is given back).
    throw error.error;
  });
  return bot;
}

function botFetchFor(deps: Deps): typeof fetch | undefined {
  return botFetch(deps.env, deps);
}
