import { plainTextDevSide, type MediumFace } from "../face";
import { checkSmsConfig } from "./config";

/**
 * Text messages (SMS) through Twilio.
 * No provider yet: outside the dev outbox the medium is unavailable (the engine falls back), and
 * the issue that adds it fills this folder (the provider, its inbound webhook) and sets `provider`.
 */
export const sms: MediumFace = {
  medium: "sms",
  name: "text messages",
  required: false,
  checkConfig: checkSmsConfig,
  dev: plainTextDevSide("Text message"),
};
