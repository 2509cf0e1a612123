import QRCode from "qrcode";
import type { Deps } from "../../worker/services/deps";
import { TELEGRAM_FAILED } from "./messages";
import { isAppError } from "../../worker/services/errors";
import { errorFields, log } from "../../worker/services/log";
import { generateLinkCode, unlinkTelegram } from "../../worker/services/telegram";
import type { PublicUser } from "../../worker/services/auth";
import { isDevOutboxOn } from "../../worker/env";

/**
 * The Telegram row and its panel (spec 01): whether Telegram can be linked here and is linked, a
 * one-time code with its deep link and QR code, and unlinking. The same answers serve the row's
 * fetchers (JSON) and the plain page /integrations/telegram (no JavaScript).
 */
export const TELEGRAM_TEXTS = {
  generateFailed: TELEGRAM_FAILED.generate,
  unlinkFailed: TELEGRAM_FAILED.unlink,
  unlinked: "Telegram is unlinked. Your reminders will come by email until you link it again.",
  linked: "Telegram is linked! Your reminders will ping you there first.",
} as const;

export interface TelegramRowData {
  available: boolean;
  reason: string | null;
  linked: boolean;
  botUsername: string;
}

export type TelegramAnswer =
  | { ok: true; kind: "code"; otp: string; deepLink: string; expiresAt: string; qrSvg: string; devChatLink: string | null }
  | { ok: true; kind: "unlinked"; message: string }
  | { ok: false; message: string };

/**
 * The Telegram row of a person the request has already read (the session's profile): no read of its
 * own, so a page with several rows reads the person once (issue 8).
 */
export function telegramRowOf(deps: Deps, user: Pick<PublicUser, "telegramChatId">): TelegramRowData {
  const status = deps.channels.telegram.status;
  return { available: status.available, reason: status.reason, linked: Boolean(user.telegramChatId), botUsername: deps.env.TELEGRAM_BOT_USERNAME || "NudgeReminderBot" };
}

/** The QR code of the deep link, as spec 01 draws it: 200 px wide, a margin of 2 modules. */
export function linkQrSvg(deepLink: string): Promise<string> {
  return QRCode.toString(deepLink, { type: "svg", width: 200, margin: 2, errorCorrectionLevel: "M" });
}

/**
 * With the dev outbox on, the dev Telegram chat with the `/start` message typed in: the deep link goes to
 * t.me, which a person trying Nudge locally cannot use (and whose bot is not this server's). Each account
 * gets a chat of its own (a number read from its id), so a second local account is not told that the one
 * default chat is already linked to the first.
 */
export function devChatLinkFor(deps: Deps, userId: string, otp: string): string | null {
  if (!isDevOutboxOn(deps.env)) return null;
  const chat = 100_000_000 + ((Number.parseInt(userId.replace(/[^0-9a-f]/gi, "").slice(0, 8), 16) || 0) % 900_000_000);
  return `/dev/telegram?chat=${chat}&text=${encodeURIComponent(`/start ${otp}`)}`;
}

export async function answerTelegram(deps: Deps, userId: string, intent: unknown): Promise<TelegramAnswer> {
  if (intent === "generate") {
    try {
      const code = await generateLinkCode(deps, userId);
      return { ok: true, kind: "code", ...code, qrSvg: await linkQrSvg(code.deepLink), devChatLink: devChatLinkFor(deps, userId, code.otp) };
    } catch (error) {
      if (isAppError(error)) return { ok: false, message: error.message };
      log.error("telegram.generate_failed", { userId, ...errorFields(error) });
      return { ok: false, message: TELEGRAM_TEXTS.generateFailed };
    }
  }
  if (intent === "unlink") {
    try {
      await unlinkTelegram(deps, userId);
      return { ok: true, kind: "unlinked", message: TELEGRAM_TEXTS.unlinked };
    } catch (error) {
      log.error("telegram.unlink_failed", { userId, ...errorFields(error) });
      return { ok: false, message: TELEGRAM_TEXTS.unlinkFailed };
    }
  }
  return { ok: false, message: "Choose whether to link or unlink Telegram." };
}
