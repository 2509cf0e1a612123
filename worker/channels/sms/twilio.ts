import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Env } from "../../env";
import type { ProviderDeps } from "../face";
import { twilioPost, TwilioRefusal, TWILIO_UNSUBSCRIBED } from "../twilio/client";
import { twilioSettings, type TwilioSettings } from "../twilio/settings";
import type { Channel } from "../types";

/**
 * Text messages through Twilio's Messages API. A number that texted STOP (Twilio's error 21610) is
 * marked opted out, so the engine stops choosing texts for it; the refusal sends the step to email.
 */
export function twilioSmsChannel(settings: TwilioSettings, deps: ProviderDeps & { fetch?: typeof fetch }): Channel {
  return {
    medium: "sms",
    status: { available: true, provider: "twilio", reason: null },
    async send(message) {
      try {
        const { sid } = await twilioPost(settings, "Messages", { To: message.to, From: settings.fromNumber, Body: message.text }, deps.fetch);
        return { providerMessageId: `twilio:${sid}` };
      } catch (error) {
        if (error instanceof TwilioRefusal && error.twilioCode === TWILIO_UNSUBSCRIBED) {
          await deps.db.update(users).set({ smsOptedOutAt: deps.clock.now().getTime() }).where(eq(users.phone, message.to));
        }
        throw error;
      }
    },
  };
}

export const twilioSmsFromEnv = (env: Env, deps: ProviderDeps) => twilioSmsChannel(twilioSettings(env)!, deps);
