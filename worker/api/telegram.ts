import { Hono } from "hono";
import { botSettings } from "../channels/telegram";
import { readJsonBody } from "../http";
import { pairPlatform } from "../services/auth";
import { unauthorized } from "../services/errors";
import { generateLinkCode, linkChatByCode, unlinkTelegram } from "../services/telegram";
import { greetLinkedChat } from "../services/telegram/greet";
import { constantTimeEqual } from "../services/tokens";
import { requireUser } from "./auth-middleware";
import type { ApiEnv } from "./context";

/**
 * Telegram linking (spec 01 §7; docs/api.md "Telegram"):
 * GET /v1/telegram/generate-otp -> { otp, deepLink, expiresAt }; POST /v1/telegram/unlink;
 * POST /v1/telegram/link {otp, telegramChatId}, for the bot's side only: it must carry the webhook's
 * secret in `X-Telegram-Bot-Api-Secret-Token`. A browser that could name any chat id would let anyone
 * point their reminders (or a stranger's) at someone else's chat.
 */
export const telegram = new Hono<ApiEnv>()
  .get("/generate-otp", requireUser, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await generateLinkCode(c.get("deps"), c.get("userId")));
  })
  .post("/link", async (c) => {
    const settings = botSettings(c.env);
    const presented = c.req.header("X-Telegram-Bot-Api-Secret-Token") ?? "";
    if (!settings || !constantTimeEqual(presented, settings.secretToken)) throw unauthorized("Only the Nudge bot may link a Telegram chat.", "BOT_ONLY");
    const body = (await readJsonBody(c.req.raw, { required: true })) as { otp?: unknown; telegramChatId?: unknown };
    const linked = await linkChatByCode(c.get("deps"), { otp: body.otp, telegramChatId: body.telegramChatId });
    await greetLinkedChat(c.get("deps"), String(body.telegramChatId), linked.userId);
    return c.json(true);
  })
  .post("/unlink", requireUser, async (c) => {
    await unlinkTelegram(c.get("deps"), c.get("userId"));
    return c.json({ success: true, telegramChatId: null });
  });

/** POST /v1/users/pairPlatform {platformId, platformCode} (spec 01): pairs the chat that made the code. */
export const pairing = new Hono<ApiEnv>().post("/pairPlatform", requireUser, async (c) => {
  return c.json(await pairPlatform(c.get("deps"), c.get("userId"), await readJsonBody(c.req.raw, { required: true })));
});
