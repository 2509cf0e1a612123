import type { MediumFace } from "../face";
import { phoneDevSide } from "../twilio/dev";
import { checkVoiceConfig } from "./config";
import { devVoiceChannel, twilioVoiceFromEnv } from "./twilio";

/** Reminder calls through Twilio, answered on the keypad (POST /twilio/voice, worker/twilio). */
export const voice: MediumFace = {
  medium: "voice",
  name: "phone calls",
  required: false,
  checkConfig: checkVoiceConfig,
  provider: twilioVoiceFromEnv,
  devProvider: devVoiceChannel,
  dev: phoneDevSide("Phone call"),
};
