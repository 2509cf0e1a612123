import { and, eq, ne } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { toPublicUser } from "../auth/users";
import type { PublicUser } from "../auth/types";
import type { Deps } from "../deps";
import { badRequest, conflict, forbidden, notFound } from "../errors";

/**
 * The phone number (spec 01 §5, issue 10): +972 and then 8 or 9 digits, stored in E.164. A verified
 * email comes first; one number belongs to one account once verified.
 */
export const PHONE_INVALID = "Phone number must be a valid Israeli number starting with +972";
export const PHONE_EMAIL_FIRST = "Please verify your email address before adding a phone number.";
export const PHONE_TAKEN = "This phone number is already verified on another Nudge account. Use a different number, or remove it from the other account first.";
/** Spec 01: a stored phone counts as present at 10 characters or more. */
export const PHONE_PRESENT_MIN_LENGTH = 10;

const ISRAELI_E164 = /^\+972\d{8,9}$/;

/**
 * "+972 50-123 4567" -> "+972501234567"; null when it is not a number the spec accepts. Two ways of
 * writing the same number are read as it: the international "00972" for "+972", and the trunk 0 that
 * Israelis write after the country code out of habit ("+972 (0)50...", or "050 123 4567" typed or
 * autofilled in the panel, whose +972 is fixed). Without the 0 it must still be 8 or 9 digits.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s\-()./]/g, "").replace(/^00972/, "+972").replace(/^\+9720(?=\d{8,9}$)/, "+972");
  return ISRAELI_E164.test(compact) ? compact : null;
}

export const isPhonePresent = (phone: string | null | undefined): phone is string => typeof phone === "string" && phone.length >= PHONE_PRESENT_MIN_LENGTH;

/** Another account that has this number verified, if any. */
export async function phoneVerifiedElsewhere(db: Db, phone: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, true), ne(users.id, userId)))
    .limit(1);
  return Boolean(other);
}

/**
 * PUT /v1/users/{id} {phone}: saves the number (not yet verified), or removes it with "". Saving the
 * number already verified keeps it verified; a new number starts unverified.
 */
export async function setPhone(deps: Deps, userId: string, input: unknown): Promise<PublicUser> {
  if (typeof input !== "string") throw badRequest(PHONE_INVALID, "VALIDATION_ERROR");
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound("We couldn't find that user.", "USER_NOT_FOUND");
  const now = deps.clock.now().getTime();
  if (input.trim() === "") {
    const [row] = await deps.db.update(users).set({ phone: null, phoneVerified: false, updatedAt: now }).where(eq(users.id, userId)).returning();
    return toPublicUser(row!);
  }
  const phone = normalizePhone(input);
  if (!phone) throw badRequest(PHONE_INVALID, "VALIDATION_ERROR");
  if (!user.isVerified) throw forbidden(PHONE_EMAIL_FIRST, "EMAIL_NOT_VERIFIED");
  if (await phoneVerifiedElsewhere(deps.db, phone, userId)) throw conflict(PHONE_TAKEN, "PHONE_TAKEN");
  const same = user.phone === phone;
  const [row] = await deps.db
    .update(users)
    .set({ phone, phoneVerified: same ? user.phoneVerified : false, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return toPublicUser(row!);
}
