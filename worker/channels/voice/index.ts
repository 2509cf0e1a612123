import { plainTextDevSide, type MediumFace } from "../face";
import { checkVoiceConfig } from "./config";

/**
 * Phone calls through Twilio; the dev outbox shows the spoken script.
 * No provider yet: outside the dev outbox the medium is unavailable (the engine falls back), and
 * the issue that adds it fills this folder (the provider, its inbound webhook) and sets `provider`.
 */
export const voice: MediumFace = {
  medium: "voice",
  name: "phone calls",
  required: false,
  checkConfig: checkVoiceConfig,
  dev: plainTextDevSide("Phone call"),
};
