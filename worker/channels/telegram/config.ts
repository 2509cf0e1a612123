import type { Env } from "../../env";
import type { ConfigCheck } from "../face";
import { requireSettings } from "../settings";

/** Telegram messages go through the Bot API (grammY): the bot's token, its name, and the secret its webhook checks. */
export function checkTelegramConfig(env: Env): ConfigCheck {
  return requireSettings(env, ["TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET", "TELEGRAM_BOT_USERNAME"], "Telegram messages are not set up on this server", "telegram");
}
