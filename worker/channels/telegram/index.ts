import { isDevOutboxOn, type Env } from "../../env";
import type { MediumFace, ProviderDeps } from "../face";
import { checkTelegramConfig } from "./config";
import { telegramDevSide } from "./dev";
import { devBotApiFetch } from "./dev-bot-api";
import { telegramChannel } from "./provider";
import { botSettings } from "./settings";

/**
 * Telegram messages from the bot (grammY; the bot itself is worker/bot). Locally the same provider
 * runs against the dev outbox's Bot API, so buttons and edits behave as in production.
 */
export const telegram: MediumFace = {
  medium: "telegram",
  name: "Telegram messages",
  required: false,
  checkConfig: checkTelegramConfig,
  provider: (env: Env, deps: ProviderDeps) => telegramChannel(botSettings(env)!, { ...deps, fetch: botFetch(env, deps) }),
  // Locally the messages land in the dev outbox (through its Bot API), so the provider says "outbox".
  devProvider: (env: Env, deps: ProviderDeps) => telegramChannel(botSettings(env)!, { ...deps, fetch: botFetch(env, deps), provider: "outbox" }),
  dev: telegramDevSide,
};

/** Where the Bot API calls go: the dev outbox locally, the network (or TELEGRAM_API_ROOT) otherwise. */
export function botFetch(env: Env, deps: ProviderDeps): typeof fetch | undefined {
  return isDevOutboxOn(env) ? devBotApiFetch(deps.db, deps.clock) : undefined;
}

export { botSettings, botDeepLink, type BotSettings } from "./settings";
export { botApi } from "./api";
export { inlineKeyboard } from "./provider";
