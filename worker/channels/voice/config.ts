import type { Env } from "../../env";
import type { ConfigCheck } from "../face";
import { requireSettings } from "../settings";

/** Phone calls go through Twilio's Calls API (TwiML): the same account, token and number as text messages. */
export function checkVoiceConfig(env: Env): ConfigCheck {
  return requireSettings(env, ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"], "Phone calls are not set up on this server", "twilio");
}
