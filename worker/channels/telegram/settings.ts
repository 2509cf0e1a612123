import type { UserFromGetMe } from "grammy/types";
import { isDevOutboxOn, type Env } from "../../env";

/** What the bot needs to talk to Telegram and to check its webhook. */
export interface BotSettings {
  token: string;
  /** What Telegram sends in `X-Telegram-Bot-Api-Secret-Token` (setWebhook's `secret_token`). */
  secretToken: string;
  username: string;
  apiRoot: string;
  /** The bot's own identity, from config: no `getMe` call on a cold start. */
  botInfo: UserFromGetMe;
}

/**
 * The local run plays Telegram's side (/dev/telegram); these stand in for the secrets it does not
 * need. They are used only while the dev outbox is on, never in production.
 */
const DEV_TOKEN = "1000000001:dev-outbox-telegram-bot-token";
const DEV_SECRET = "dev-outbox-telegram-webhook-secret";

/** The bot's settings, or null when Telegram is not set up here (production without the secrets). */
export function botSettings(env: Env): BotSettings | null {
  const dev = isDevOutboxOn(env);
  const token = env.TELEGRAM_BOT_TOKEN?.trim() || (dev ? DEV_TOKEN : "");
  const secretToken = env.TELEGRAM_WEBHOOK_SECRET?.trim() || (dev ? DEV_SECRET : "");
  if (!token || !secretToken) return null;
  const username = env.TELEGRAM_BOT_USERNAME?.trim() || "NudgeReminderBot";
  return {
    token,
    secretToken,
    username,
    apiRoot: env.TELEGRAM_API_ROOT?.trim() || "https://api.telegram.org",
    botInfo: {
      // A bot token starts with the bot's numeric id ("123456:ABC...").
      id: Number(token.split(":")[0]) || 0,
      is_bot: true,
      first_name: "Nudge",
      username,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
    } as UserFromGetMe,
  };
}

/** The deep link that opens a chat with the bot and sends `/start <payload>`. */
export function botDeepLink(settings: Pick<BotSettings, "username">, payload: string): string {
  return `https://t.me/${settings.username}?start=${encodeURIComponent(payload)}`;
}
