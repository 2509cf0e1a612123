import { Hono, type Context } from "hono";
import type { ApiEnv } from "../api/context";
import { processedUpdates } from "../../db/schema";
import { isValidTwilioSignature } from "../channels/twilio/signature";
import { twilioSettings } from "../channels/twilio/settings";
import { sayTwiml, xml } from "../channels/voice/twiml";
import { appLink } from "../services/app-url";
import { answerKeypad, replyToText } from "../services/phone";

/**
 * Twilio's webhooks (issue 10): POST /twilio/sms (a text reply) and POST /twilio/voice?task=<id> (the
 * reminder call's keypad). Each checks `X-Twilio-Signature` against the URL Twilio was given (APP_URL +
 * path + query) and the form: missing or wrong is a 403 and nothing changes. A message handled once
 * (by its MessageSid / CallSid + digit) is not handled again when Twilio retries.
 */
async function signedForm(c: Context<ApiEnv>): Promise<Record<string, string> | null> {
  const settings = twilioSettings(c.env);
  if (!settings) return null;
  const form = await c.req.formData();
  const params = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  const url = new URL(c.req.url);
  const called = appLink(c.env, `${url.pathname}${url.search}`);
  return (await isValidTwilioSignature(settings.authToken, called, params, c.req.header("X-Twilio-Signature") ?? null)) ? params : null;
}

/** True the first time this key is seen (Twilio retries a webhook that failed or timed out). */
async function firstTime(c: Context<ApiEnv>, key: string): Promise<boolean> {
  const deps = c.get("deps");
  const inserted = await deps.db.insert(processedUpdates).values({ key, receivedAt: deps.clock.now().getTime() }).onConflictDoNothing().returning({ key: processedUpdates.key });
  return inserted.length > 0;
}

const twiml = (c: Context<ApiEnv>, body: string) => c.body(body, 200, { "Content-Type": "text/xml; charset=utf-8" });
const refused = (c: Context<ApiEnv>) => c.text("The request's Twilio signature is missing or wrong.", 403);

export const twilioWebhooks = new Hono<ApiEnv>()
  .post("/sms", async (c) => {
    const params = await signedForm(c);
    if (!params) return refused(c);
    if (params.MessageSid && !(await firstTime(c, `twilio:${params.MessageSid}`))) return twiml(c, `<?xml version="1.0" encoding="UTF-8"?><Response/>`);
    const reply = await replyToText(c.get("deps"), params.From ?? "", params.Body ?? "");
    if (!reply) return twiml(c, `<?xml version="1.0" encoding="UTF-8"?><Response/>`);
    return twiml(c, `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${xml(reply)}</Message></Response>`);
  })
  .post("/voice", async (c) => {
    const params = await signedForm(c);
    if (!params) return refused(c);
    const digit = params.Digits ?? "";
    if (params.CallSid && !(await firstTime(c, `twilio:${params.CallSid}:${digit}`))) return twiml(c, sayTwiml("Got it. Goodbye."));
    return twiml(c, sayTwiml(await answerKeypad(c.get("deps"), params.To ?? "", c.req.query("task") ?? "", digit)));
  });
