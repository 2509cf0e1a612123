import type { Env } from "../../env";
import type { ConfigCheck } from "../face";
import { requireSettings } from "../settings";

/** Text messages go through Twilio's Messages API: the account, its auth token and the number to send from. */
export function checkSmsConfig(env: Env): ConfigCheck {
  return requireSettings(env, ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"], "Text messages are not set up on this server", "twilio");
}
