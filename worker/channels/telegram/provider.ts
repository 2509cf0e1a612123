import { GrammyError, HttpError, InlineKeyboard } from "grammy";
import { forgetBlockedChat } from "../../services/telegram/chats";
import { ProviderError } from "../errors";
import type { ProviderDeps } from "../face";
import type { Channel, OutboundMessage, SentMessageRef } from "../types";
import { botApi } from "./api";
import type { BotSettings } from "./settings";

/** An inline button as messages carry it (`meta.buttons`, rows of `{ text, callbackData }`). */
interface ButtonSpec {
  text: string;
  callbackData: string;
}

/**
 * Telegram through the Bot API. A reminder's `meta.buttons` become inline buttons whose presses come
 * back to the webhook (worker/bot). A chat that blocked the bot (403) is unlinked at once and the
 * send is refused for good, so the engine reaches the person by email in the same step (ADR 059).
 */
export function telegramChannel(settings: BotSettings, deps: ProviderDeps & { fetch?: typeof fetch; provider?: string }): Channel {
  const api = botApi(settings, deps.fetch);
  return {
    medium: "telegram",
    status: { available: true, provider: deps.provider ?? "telegram", reason: null },
    async send(message: OutboundMessage) {
      const keyboard = inlineKeyboard(message.meta?.buttons);
      try {
        const sent = await api.sendMessage(message.to, message.text, {
          ...(keyboard ? { reply_markup: keyboard } : {}),
          link_preview_options: { is_disabled: true },
        });
        return { providerMessageId: `telegram:${message.to}:${sent.message_id}` };
      } catch (error) {
        throw await providerError(error, deps, message.to);
      }
    },
    async edit(sent: SentMessageRef, message: Pick<OutboundMessage, "text" | "meta">) {
      const keyboard = inlineKeyboard(message.meta?.buttons);
      // Without reply_markup Telegram takes the buttons off. A rewrite is a courtesy after the change it
      // follows has been saved: it gets a short wait of its own, never the send's.
      // (grammY types its signal as the abort-controller shim's; the runtime's is the same object to it.)
      const signal = AbortSignal.timeout(EDIT_TIMEOUT_MS) as unknown as Parameters<typeof api.editMessageText>[4];
      await api.editMessageText(sent.to, sent.messageId, message.text, keyboard ? { reply_markup: keyboard } : {}, signal);
    },
  };
}

/** How long a rewrite of a sent message may take before it is given up (and logged). */
const EDIT_TIMEOUT_MS = 5_000;

export function inlineKeyboard(buttons: unknown): InlineKeyboard | null {
  if (!Array.isArray(buttons) || buttons.length === 0) return null;
  const keyboard = new InlineKeyboard();
  (buttons as ButtonSpec[][]).forEach((row, index) => {
    if (index > 0) keyboard.row();
    for (const button of row) keyboard.text(button.text, button.callbackData);
  });
  return keyboard;
}

/**
 * Reads a Bot API failure (ADR 042's two kinds). 403 (blocked, kicked, deactivated) and 400 "chat
 * not found" will not change by retrying: the chat is forgotten and the send refused. A 429 that
 * auto-retry did not wait out, a 5xx and a network failure are transient.
 */
async function providerError(error: unknown, deps: ProviderDeps, chatId: string): Promise<ProviderError> {
  if (error instanceof GrammyError) {
    const code = error.error_code;
    if (code === 429 || code >= 500) {
      const retryAfter = error.parameters.retry_after;
      return new ProviderError("transient", `Telegram answered ${code}: ${error.description}`, retryAfter ? { retryAfterMs: retryAfter * 1000 } : {});
    }
    const gone = code === 403 || /chat not found|user is deactivated/i.test(error.description);
    if (gone) await forgetBlockedChat(deps, chatId);
    return new ProviderError("permanent", `Telegram answered ${code}: ${error.description}`, {
      reason: gone ? `Telegram could not deliver to this chat (${error.description}); the chat was unlinked.` : `Telegram refused the message: ${error.description}`,
    });
  }
  if (error instanceof HttpError) return new ProviderError("transient", `Telegram could not be reached: ${error.message}`);
  return new ProviderError("transient", error instanceof Error ? error.message : String(error));
}
