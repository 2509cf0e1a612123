import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { telegramLinkCodes, users } from "../../../db/schema";
import { botDeepLink, botSettings } from "../../channels/telegram";
import type { Deps } from "../deps";
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from "../errors";
import { takeToken } from "../rate-limit";
import { randomToken, sha256Hex } from "../tokens";
import { assertChatFree, CHAT_TAKEN, isChatTakenError, linkChatStatement } from "./chats";

/** Spec 01: linking from the web with a one-time code (10 minutes, single use). */
export const LINK_CODE_MINUTES = 10;
export const EMAIL_REQUIRED = "Email verification is required before linking Telegram account";
export const TELEGRAM_UNAVAILABLE = "Telegram is not set up on this server yet, so it cannot be linked.";
export const LINK_CODE_INVALID = "That code is not a Nudge linking code. Open Reminder Channels on the Nudge website and turn on Telegram to get a new one.";
export const LINK_CODE_USED = "That linking code was already used, or a newer one replaced it. Open Reminder Channels on the Nudge website to get a new one.";
export const LINK_CODE_EXPIRED = `That linking code has expired (codes last ${LINK_CODE_MINUTES} minutes). Open Reminder Channels on the Nudge website to get a new one.`;
const CODES_PER_HOUR = 20;

/** Codes look like `link_` and 22 URL-safe characters: a valid Telegram `start` payload. */
const CODE_SHAPE = /^link_[A-Za-z0-9_-]{22}$/;
export const isLinkCode = (text: string) => CODE_SHAPE.test(text);

export interface LinkCode {
  otp: string;
  deepLink: string;
  expiresAt: string;
}

/**
 * GET /v1/telegram/generate-otp. The code is stored hashed; a new one ends the older ones of the user
 * (only the newest deep link works), and a user may ask for 20 an hour.
 */
export async function generateLinkCode(deps: Deps, userId: string): Promise<LinkCode> {
  const settings = botSettings(deps.env);
  if (!settings || !deps.channels.telegram.status.available) throw new AppError(409, "TELEGRAM_UNAVAILABLE", TELEGRAM_UNAVAILABLE);
  const [user] = await deps.db.select({ isVerified: users.isVerified }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  if (!user.isVerified) throw forbidden(EMAIL_REQUIRED, "EMAIL_NOT_VERIFIED");
  const allowed = await takeToken(deps, `telegram-link-code:${userId}`, { limit: CODES_PER_HOUR, windowMs: 60 * 60_000 });
  if (!allowed.allowed) {
    throw tooManyRequests(`That is a lot of linking codes. Please try again in ${Math.ceil(allowed.retryAfterSeconds / 60)} minutes.`, allowed.retryAfterSeconds);
  }
  const now = deps.clock.now().getTime();
  const otp = `link_${randomToken(16)}`;
  const expiresAt = now + LINK_CODE_MINUTES * 60_000;
  await deps.db.batch([
    deps.db.update(telegramLinkCodes).set({ consumedAt: now }).where(and(eq(telegramLinkCodes.userId, userId), isNull(telegramLinkCodes.consumedAt))),
    deps.db.insert(telegramLinkCodes).values({ id: crypto.randomUUID(), userId, codeHash: await sha256Hex(otp), expiresAt, consumedAt: null, createdAt: now }),
  ]);
  return { otp, deepLink: botDeepLink(settings, otp), expiresAt: new Date(expiresAt).toISOString() };
}

export interface LinkedAccount {
  userId: string;
  name: string;
}

/**
 * `/start <otp>` in the bot and POST /v1/telegram/link: consumes the code (once, before it expires)
 * and links the chat, in one batch, so a refused link leaves the code unused. The same chat linked
 * again to the same account is fine; a chat another account holds is refused.
 */
export async function linkChatByCode(deps: Deps, input: { otp: unknown; telegramChatId: unknown }): Promise<LinkedAccount> {
  const otp = typeof input.otp === "string" ? input.otp.trim() : "";
  const chatId = typeof input.telegramChatId === "number" || typeof input.telegramChatId === "string" ? String(input.telegramChatId).trim() : "";
  if (!/^-?\d{1,20}$/.test(chatId)) throw badRequest("telegramChatId must be a Telegram chat id (a number).", "VALIDATION_ERROR");
  if (!isLinkCode(otp)) throw badRequest(LINK_CODE_INVALID, "LINK_CODE_INVALID");
  const [code] = await deps.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.codeHash, await sha256Hex(otp))).limit(1);
  if (!code) throw badRequest(LINK_CODE_INVALID, "LINK_CODE_INVALID");
  const now = deps.clock.now().getTime();
  if (code.consumedAt !== null) throw new AppError(410, "LINK_CODE_USED", LINK_CODE_USED);
  if (code.expiresAt <= now) throw new AppError(410, "LINK_CODE_EXPIRED", LINK_CODE_EXPIRED);
  const [owner] = await deps.db.select({ name: users.name, isVerified: users.isVerified }).from(users).where(eq(users.id, code.userId)).limit(1);
  if (!owner) throw badRequest(LINK_CODE_INVALID, "LINK_CODE_INVALID");
  if (!owner.isVerified) throw forbidden(EMAIL_REQUIRED, "EMAIL_NOT_VERIFIED");
  await assertChatFree(deps.db, chatId, code.userId);
  const consumed = sql`exists (select 1 from telegram_link_codes where id = ${code.id} and consumed_at = ${now})`;
  try {
    const [taken] = await deps.db.batch([
      deps.db
        .update(telegramLinkCodes)
        .set({ consumedAt: now })
        .where(and(eq(telegramLinkCodes.id, code.id), isNull(telegramLinkCodes.consumedAt), gt(telegramLinkCodes.expiresAt, now)))
        .returning({ id: telegramLinkCodes.id }),
      linkChatStatement(deps.db, code.userId, chatId, now, consumed),
    ]);
    if (taken.length === 0) throw new AppError(410, "LINK_CODE_USED", LINK_CODE_USED);
  } catch (error) {
    if (isChatTakenError(error)) throw conflict(CHAT_TAKEN, "TELEGRAM_CHAT_TAKEN");
    throw error;
  }
  return { userId: code.userId, name: owner.name };
}
