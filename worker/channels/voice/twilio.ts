import type { Env } from "../../env";
import { appLink } from "../../services/app-url";
import type { ProviderDeps } from "../face";
import { twilioPost } from "../twilio/client";
import { twilioSettings, type TwilioSettings } from "../twilio/settings";
import type { Channel, OutboundMessage } from "../types";
import { outboxChannel } from "../outbox";
import { reminderCallTwiml } from "./twiml";

/** The call's TwiML for a reminder message (`meta.script`, `meta.menu`, `meta.taskId`). */
export function callTwiml(env: Pick<Env, "APP_URL">, message: OutboundMessage): string {
  const script = typeof message.meta?.script === "string" ? message.meta.script : message.text;
  const menu = typeof message.meta?.menu === "string" ? message.meta.menu : "";
  const taskId = typeof message.meta?.taskId === "string" ? message.meta.taskId : "";
  return reminderCallTwiml(script, menu, appLink(env, `/twilio/voice?task=${encodeURIComponent(taskId)}`));
}

/** Reminder calls through Twilio's Calls API, with the TwiML inline (`Twiml`): nothing to fetch back. */
export function twilioVoiceChannel(env: Env, settings: TwilioSettings, deps: ProviderDeps & { fetch?: typeof fetch }): Channel {
  return {
    medium: "voice",
    status: { available: true, provider: "twilio", reason: null },
    async send(message) {
      const { sid } = await twilioPost(settings, "Calls", { To: message.to, From: settings.fromNumber, Twiml: callTwiml(env, message), Timeout: "30" }, deps.fetch);
      return { providerMessageId: `twilio:${sid}` };
    },
  };
}

export const twilioVoiceFromEnv = (env: Env, deps: ProviderDeps) => twilioVoiceChannel(env, twilioSettings(env)!, deps);

/** Locally: the call is stored in the dev outbox with its TwiML, and /dev/phone plays its keypad. */
export function devVoiceChannel(env: Env, deps: ProviderDeps): Channel {
  const outbox = outboxChannel("voice", deps.db, deps.clock);
  return { ...outbox, send: (message) => outbox.send({ ...message, meta: { ...message.meta, twiml: callTwiml(env, message) } }) };
}
