import type { Env } from "../../env";

/** Twilio's account, its auth token (which also signs webhooks), the number we send from, and the API base. */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  apiBase: string;
}

/** Used only while the dev outbox is on, so the dev answer forms can sign like Twilio does. */
const DEV_AUTH_TOKEN = "dev-outbox-twilio-auth-token";

export function twilioSettings(env: Env): TwilioSettings | null {
  const dev = env.DEV_OUTBOX === "true" || env.DEV_OUTBOX === "1";
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim() || (dev ? "ACdevoutbox" : "");
  const authToken = env.TWILIO_AUTH_TOKEN?.trim() || (dev ? DEV_AUTH_TOKEN : "");
  const fromNumber = env.TWILIO_FROM_NUMBER?.trim() || (dev ? "+15005550006" : "");
  if (!accountSid || !authToken || !fromNumber) return null;
  return { accountSid, authToken, fromNumber, apiBase: (env.TWILIO_API_BASE?.trim() || "https://api.twilio.com").replace(/\/$/, "") };
}
