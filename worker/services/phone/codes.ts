import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { checkCodeDetailed, createCode, type CodePolicy } from "../auth/codes";
import type { Deps } from "../deps";
import { AppError, badRequest, conflict, forbidden, tooManyRequests } from "../errors";
import { takeToken } from "../rate-limit";
import { isPhonePresent, phoneVerifiedElsewhere, PHONE_EMAIL_FIRST, PHONE_TAKEN } from "./numbers";

/**
 * The phone's verification code (issue 10, security baseline): 6 digits, 10 minutes, single use,
 * stored keyed-hashed (ADR 019), 5 wrong tries across codes within 15 minutes and then a lock until
 * that window ends; sends limited to one a minute and five an hour.
 */
export const PHONE_CODE_MINUTES = 10;
export const PHONE_LOCK_MINUTES = 15;
export const PHONE_CODE_POLICY: CodePolicy = {
  digits: 6,
  ttlMs: PHONE_CODE_MINUTES * 60_000,
  maxAttempts: 5,
  lifetime: { limit: 5, windowMs: PHONE_LOCK_MINUTES * 60_000 },
};
export const NO_PHONE = "Add your phone number first, then we can send it a code.";
export const SMS_UNAVAILABLE = "Text messages are not set up on this server, so we can't send a code right now.";
export const PHONE_CODE_TOO_LONG = "The code has 6 digits.";
export const PHONE_LOCKED = `Too many wrong codes. Please wait ${PHONE_LOCK_MINUTES} minutes, then press Resend for a new code.`;
export const PHONE_CODE_EXPIRED = "This code has expired. Press Resend for a new one.";

const SEND_BURST = { limit: 1, windowMs: 60_000 };
const SEND_HOURLY = { limit: 5, windowMs: 60 * 60_000 };

export const phoneCodeText = (code: string) => `Your Nudge code is ${code}. It expires in ${PHONE_CODE_MINUTES} minutes. If you didn't ask for it, ignore this message.`;

async function loadPhoneOwner(deps: Deps, userId: string) {
  const [user] = await deps.db.select({ phone: users.phone, isVerified: users.isVerified, phoneVerified: users.phoneVerified }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.isVerified) throw forbidden(PHONE_EMAIL_FIRST, "EMAIL_NOT_VERIFIED");
  if (!isPhonePresent(user.phone)) throw badRequest(NO_PHONE, "NO_PHONE");
  return { ...user, phone: user.phone };
}

/** POST /v1/auth/phone/send-code (send and resend): a new code by text; the older one stops working. */
export async function sendPhoneCode(deps: Deps, userId: string): Promise<{ sent: true; expiresInMinutes: number }> {
  const user = await loadPhoneOwner(deps, userId);
  if (!deps.channels.sms.status.available) throw new AppError(409, "SMS_UNAVAILABLE", SMS_UNAVAILABLE);
  if (await phoneVerifiedElsewhere(deps.db, user.phone, userId)) throw conflict(PHONE_TAKEN, "PHONE_TAKEN");
  for (const [key, rule] of [[`phone-code-send-minute:${userId}`, SEND_BURST], [`phone-code-send:${userId}`, SEND_HOURLY]] as const) {
    const allowed = await takeToken(deps, key, rule);
    if (!allowed.allowed) {
      const wait = allowed.retryAfterSeconds;
      throw tooManyRequests(wait <= 90 ? `Please wait ${wait} seconds before asking for another code.` : `Please wait ${Math.ceil(wait / 60)} minutes before asking for another code.`, wait);
    }
  }
  const code = await createCode(deps, userId, "phone_verify", user.phone, PHONE_CODE_POLICY);
  await deps.channels.sms.send({ to: user.phone, text: phoneCodeText(code), idempotencyKey: `phone-code:${userId}:${deps.clock.now().getTime()}` });
  return { sent: true, expiresInMinutes: PHONE_CODE_MINUTES };
}

/**
 * POST /v1/auth/phone/verify {code}: true when right (the phone becomes verified), false when wrong;
 * an expired code or the lock answer with a sentence. Another account verifying the same number
 * first wins: the late one is refused.
 */
export async function verifyPhoneCode(deps: Deps, userId: string, code: unknown): Promise<boolean> {
  if (typeof code !== "string" || code.trim() === "") return false;
  if (code.trim().length > 6) throw badRequest(PHONE_CODE_TOO_LONG, "VALIDATION_ERROR");
  const user = await loadPhoneOwner(deps, userId);
  if (user.phoneVerified) return true;
  const result = await checkCodeDetailed(deps, userId, "phone_verify", user.phone, code.trim(), PHONE_CODE_POLICY);
  if (!result.ok) {
    if (result.reason === "too_many_tries") throw tooManyRequests(PHONE_LOCKED, PHONE_LOCK_MINUTES * 60, "PHONE_CODE_LOCKED");
    if (result.reason === "expired") throw new AppError(410, "PHONE_CODE_EXPIRED", PHONE_CODE_EXPIRED);
    return false;
  }
  if (await phoneVerifiedElsewhere(deps.db, user.phone, userId)) throw conflict(PHONE_TAKEN, "PHONE_TAKEN");
  await deps.db.update(users).set({ phoneVerified: true, updatedAt: deps.clock.now().getTime() }).where(eq(users.id, userId));
  return true;
}
