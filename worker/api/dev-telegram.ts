import { Hono } from "hono";
import { botSettings } from "../channels/telegram";
import { isDevOutboxOn } from "../env";
import { isSameOrigin } from "../http";
import { telegramWebhook } from "../bot/webhook";
import { DEV_REACTIONS, devConversation, devEditUpdate, devPressUpdate, devReactionUpdate, devTextUpdate, isDevChatId, recordDevIncoming } from "../services/telegram/dev-chat";
import type { ApiEnv } from "./context";
import { requestContext } from "./middleware";

/**
 * The dev Telegram's actions (DEV_OUTBOX on only; a plain 404 otherwise): POST /dev/telegram/send {chat, text},
 * /dev/telegram/edit {chat, messageId, sentAt, text} (the person edits a message they sent, ADR 107) and
 * /dev/telegram/press {chat, data, messageId} and /dev/telegram/react {chat, messageId, emoji, previous} (a reaction put
 * on a message, or taken back when it is the one already there, ADR 119). Each builds real `Update` JSON and posts it to the real webhook
 * handler with the webhook's secret, then goes back to /dev/telegram.
 */
// The real webhook handler behind its own request context, as /telegram/webhook runs it.
const webhookApp = new Hono<ApiEnv>().use(requestContext).route("/", telegramWebhook);

export const devTelegram = new Hono<ApiEnv>().post("/:action{send|edit|press|react}", async (c) => {
  if (!isDevOutboxOn(c.env)) return c.notFound();
  if (!isSameOrigin(c.req.raw, c.env.APP_URL)) return c.text("Cross-site request refused.", 403);
  const form = await c.req.formData();
  const chat = String(form.get("chat") ?? "").trim();
  if (!isDevChatId(chat)) return c.text("Pick a chat id: a number, like 100000001.", 400);
  let update: unknown;
  const action = c.req.param("action");
  if (action === "send") {
    const text = String(form.get("text") ?? "").trim();
    if (!text) return c.redirect(`/dev/telegram?chat=${chat}`, 303);
    const sent = devTextUpdate(chat, text);
    await recordDevIncoming(c.get("deps"), chat, text, { kind: "message", messageId: sent.message.message_id, sentAt: sent.message.date });
    update = sent;
  } else if (action === "edit") {
    const text = String(form.get("text") ?? "").trim();
    const messageId = Number(form.get("messageId"));
    const sentAt = Number(form.get("sentAt"));
    if (!Number.isSafeInteger(messageId) || messageId <= 0 || !Number.isSafeInteger(sentAt) || sentAt <= 0) return c.text("Pick a message of yours to edit.", 400);
    // Telegram refuses an edit to no text: the message keeps its words.
    if (!text) return c.redirect(`/dev/telegram?chat=${chat}`, 303);
    await recordDevIncoming(c.get("deps"), chat, text, { kind: "edit", messageId });
    update = devEditUpdate(chat, messageId, sentAt, text);
  } else if (action === "react") {
    const messageId = Number(form.get("messageId"));
    const emoji = String(form.get("emoji") ?? "");
    const previous = String(form.get("previous") ?? "") || null;
    if (!Number.isSafeInteger(messageId) || messageId <= 0) return c.text("Pick a message of the bot's to react to.", 400);
    if (!DEV_REACTIONS.some((reaction) => reaction.emoji === emoji)) return c.text(`React with one of ${DEV_REACTIONS.map((r) => r.emoji).join(" ")}.`, 400);
    // As in Telegram, the reaction already there pressed again is taken back.
    const now = emoji === previous ? null : emoji;
    await recordDevIncoming(c.get("deps"), chat, now ? `(reacted ${now})` : "(took the reaction back)", { kind: "reaction", messageId, emoji: now });
    update = devReactionUpdate(chat, messageId, now, previous);
  } else {
    const data = String(form.get("data") ?? "");
    const messageId = Number(form.get("messageId")) || 0;
    const pressedOn = (await devConversation(c.get("deps"), chat)).find((bubble) => bubble.from === "bot" && bubble.messageId === messageId);
    await recordDevIncoming(c.get("deps"), chat, `(pressed "${String(form.get("label") ?? data)}")`, { kind: "press" });
    update = devPressUpdate(chat, data, messageId, pressedOn?.from === "bot" ? pressedOn.buttons : []);
  }
  const settings = botSettings(c.env)!;
  const response = await webhookApp.request(
    "/",
    { method: "POST", headers: { "Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": settings.secretToken }, body: JSON.stringify(update) },
    c.env,
    c.executionCtx,
  );
  if (!response.ok) return c.text(`The webhook answered ${response.status}: ${await response.text()}`, 502);
  return c.redirect(`/dev/telegram?chat=${chat}`, 303);
});
