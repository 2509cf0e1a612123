import { Hono } from "hono";
import { twilioSettings } from "../channels/twilio/settings";
import { twilioSignature } from "../channels/twilio/signature";
import { isDevOutboxOn } from "../env";
import { isSameOrigin } from "../http";
import { appLink } from "../services/app-url";
import { isDevNumber, recordDevPhone } from "../services/phone";
import { twilioWebhooks } from "../twilio/webhooks";
import type { ApiEnv } from "./context";
import { requestContext } from "./middleware";

// The real webhooks behind their own request context, as /twilio/* runs them.
const webhookApp = new Hono<ApiEnv>().use(requestContext).route("/twilio", twilioWebhooks);

/**
 * The dev phone's two actions (DEV_OUTBOX on only; a plain 404 otherwise): POST /dev/phone/reply
 * {number, body} and POST /dev/phone/keypad {number, task, digit}. Each posts the form Twilio would
 * send, signed as Twilio signs it, to the real webhook, records both sides, and goes back to /dev/phone.
 */
export const devPhone = new Hono<ApiEnv>().post("/:action{reply|keypad}", async (c) => {
  if (!isDevOutboxOn(c.env)) return c.notFound();
  if (!isSameOrigin(c.req.raw, c.env.APP_URL)) return c.text("Cross-site request refused.", 403);
  const form = await c.req.formData();
  const number = String(form.get("number") ?? "").trim();
  if (!isDevNumber(number)) return c.text("Pick a phone number in E.164, like +972501234567.", 400);
  const settings = twilioSettings(c.env)!;
  const deps = c.get("deps");
  const id = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  let path: string;
  let params: Record<string, string>;
  if (c.req.param("action") === "reply") {
    const body = String(form.get("body") ?? "").trim();
    if (!body) return c.redirect(`/dev/phone?number=${encodeURIComponent(number)}`, 303);
    await recordDevPhone(deps, number, "you", body);
    path = "/twilio/sms";
    params = { From: number, To: settings.fromNumber, Body: body, MessageSid: `SMdev${id}`, AccountSid: settings.accountSid };
  } else {
    const digit = String(form.get("digit") ?? "");
    await recordDevPhone(deps, number, "you", `(pressed ${digit} on the call)`);
    path = `/twilio/voice?task=${encodeURIComponent(String(form.get("task") ?? ""))}`;
    params = { To: number, From: settings.fromNumber, Digits: digit, CallSid: `CAdev${id}`, AccountSid: settings.accountSid };
  }
  const response = await webhookApp.request(
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": await twilioSignature(settings.authToken, appLink(c.env, path), params) },
      body: new URLSearchParams(params).toString(),
    },
    c.env,
    c.executionCtx,
  );
  const twiml = await response.text();
  if (!response.ok) return c.text(`The webhook answered ${response.status}: ${twiml}`, 502);
  const said = /<(?:Message|Say)[^>]*>([\s\S]*?)<\/(?:Message|Say)>/.exec(twiml)?.[1];
  if (said) await recordDevPhone(deps, number, "answer", unescapeXml(said));
  return c.redirect(`/dev/phone?number=${encodeURIComponent(number)}`, 303);
});

function unescapeXml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}
