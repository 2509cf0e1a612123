import { plainTextDevSide, type MediumFace } from "../face";
import { checkTelegramConfig } from "./config";

/**
 * Telegram messages from the bot (grammY).
 * No provider yet: outside the dev outbox the medium is unavailable (the engine falls back), and
 * the issue that adds it fills this folder (the provider, its inbound webhook) and sets `provider`.
 */
export const telegram: MediumFace = {
  medium: "telegram",
  name: "Telegram messages",
  required: false,
  checkConfig: checkTelegramConfig,
  dev: plainTextDevSide("Telegram"),
};
