import { webhookCallback } from "grammy";
import { Hono } from "hono";
import type { ApiEnv } from "../api/context";
import { botSettings } from "../channels/telegram";
import { createBot } from "./bot";

/**
 * POST /telegram/webhook: Telegram's updates. grammY checks `X-Telegram-Bot-Api-Secret-Token` (401
 * and nothing done without the right one), runs the bot, and answers 200 once it is done; an error
 * answers 500 so Telegram sends the update again. Without Telegram set up here: 404.
 */
export const telegramWebhook = new Hono<ApiEnv>().post("/", async (c) => {
  const deps = c.get("deps");
  const settings = botSettings(c.env);
  if (!settings || !deps.channels.telegram.status.available) return c.json({ message: "Telegram is not set up on this server.", code: "NOT_FOUND" }, 404);
  const handle = webhookCallback(createBot(deps, settings), "hono", { secretToken: settings.secretToken, onTimeout: "return", timeoutMilliseconds: 25_000 });
  return handle(c);
});
