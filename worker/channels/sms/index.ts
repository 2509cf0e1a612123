import type { MediumFace } from "../face";
import { phoneDevSide } from "../twilio/dev";
import { checkSmsConfig } from "./config";
import { twilioSmsFromEnv } from "./twilio";

/** Text messages through Twilio (answers come back to POST /twilio/sms, worker/twilio). */
export const sms: MediumFace = {
  medium: "sms",
  name: "text messages",
  required: false,
  checkConfig: checkSmsConfig,
  provider: twilioSmsFromEnv,
  dev: phoneDevSide("Text message"),
};
