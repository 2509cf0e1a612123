import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { emergencyContacts, linkTokens, users } from "../../../db/schema";
import { botDeepLink, botSettings } from "../../channels/telegram";
import type { Env } from "../../env";
import { appLink } from "../app-url";
import { subKey } from "../auth/keys";
import type { Deps } from "../deps";
import { renderEmail } from "../email/layout";
import { badRequest, tooManyRequests } from "../errors";
import { takeToken } from "../rate-limit";
import { constantTimeEqual, hmacSha256Hex, randomDigits, randomToken, sha256Hex } from "../tokens";
import { oneLine } from "../one-line";
import { loadOwnBuddy } from "./own";

/**
 * Consent first (issue 11): a buddy is alerted only once verified, and verifying is theirs to do.
 * - Email buddies get an email naming who asked, what a nudge buddy does, a 6-digit code (to tell the
 *   owner, who types it under Enter Code) and a link to /verify-contact (a page that acts on a button).
 *   The code is stored keyed-hashed, lives 24 hours, 5 tries; the link's token is a separate 256-bit
 *   one-use token.
 * - Telegram buddies open a deep link (`?start=buddy_<token>`, 7 days) that verifies the chat in which
 *   it is opened (a person, or a group the bot was added to with the link).
 * Verifying clears the code and its expiry (spec 02 §4). Opting out sets verified back to false.
 */
export const BUDDY_CODE_HOURS = 24;
export const BUDDY_LINK_DAYS = 7;
export const BUDDY_CODE_TRIES = 5;
export const BUDDY_TEXTS = {
  invalidOrExpired: "Invalid or expired verification code.",
  alreadyVerified: "This nudge buddy is already verified.",
  sendTooOften: "A verification email was sent a moment ago. Please wait a little before sending another.",
  telegramNoEmail: "Telegram buddies verify through their link: use Get Link and send it to them.",
  emailNoLink: "Email buddies verify with the code or the link in their email: use Verify to send it again.",
} as const;

async function codeHash(env: Pick<Env, "JWT_SECRET">, contactId: string, code: string): Promise<string> {
  return hmacSha256Hex(await subKey(env, "nudge/buddy-code/v1"), `${contactId}:${code}`);
}

/** POST /v1/emergency-contacts/{id}/send-verification (and on create / address change for email buddies). */
export async function sendBuddyVerification(deps: Deps, userId: string, id: string): Promise<{ success: true; message: string }> {
  const buddy = await loadOwnBuddy(deps, userId, id);
  if (buddy.type !== "email" || !buddy.contact) throw badRequest(BUDDY_TEXTS.telegramNoEmail, "BUDDY_NOT_EMAIL");
  if (buddy.verified) throw badRequest(BUDDY_TEXTS.alreadyVerified, "BUDDY_VERIFIED");
  const allowed = await takeToken(deps, `buddy-verify-send:${id}`, { limit: 3, windowMs: 60 * 60_000 });
  if (!allowed.allowed) throw tooManyRequests(BUDDY_TEXTS.sendTooOften, allowed.retryAfterSeconds);
  const now = deps.clock.now().getTime();
  const code = randomDigits(6);
  const token = randomToken();
  const [owner] = await deps.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  await deps.db.batch([
    deps.db
      .update(emergencyContacts)
      .set({ verificationCodeHash: await codeHash(deps.env, id, code), verificationExpiresAt: now + BUDDY_CODE_HOURS * 3_600_000, verificationAttempts: 0, updatedAt: now })
      .where(eq(emergencyContacts.id, id)),
    deps.db.update(linkTokens).set({ consumedAt: now }).where(and(eq(linkTokens.purpose, "buddy_verify"), eq(linkTokens.subjectId, id), isNull(linkTokens.consumedAt))),
    deps.db.insert(linkTokens).values({ id: crypto.randomUUID(), purpose: "buddy_verify", tokenHash: await sha256Hex(token), userId, subjectId: id, expiresAt: now + BUDDY_CODE_HOURS * 3_600_000, createdAt: now }),
  ]);
  const email = buddyInvitation({ first: firstName(owner?.name ?? "Someone"), full: owner?.name ?? "Someone", email: owner?.email ?? "" }, buddy.name, code, appLink(deps.env, "/verify-contact", { code: token, contact_id: id }));
  await deps.channels.email.send({ to: buddy.contact, subject: email.subject, text: email.text, html: email.html });
  return { success: true, message: `We sent a verification email to ${buddy.contact}.` };
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || "Someone";

/**
 * The invitation names the owner by first name, as a friend would, and says once who exactly asked (full name
 * and address), so a buddy who knows two Robins, or none, can tell.
 */
function buddyInvitation(who: { first: string; full: string; email: string }, buddy: string, code: string, link: string) {
  const owner = who.first;
  return renderEmail({
    subject: `${owner} asked you to be their nudge buddy`,
    preheader: `${owner} would like a kind nudge from you when a reminder slips.`,
    heading: `${owner} asked you to be their nudge buddy`,
    paragraphs: [
      `Hi ${buddy}, ${owner} uses Nudge, a reminder assistant that keeps nudging until things get done, and named you as a nudge buddy.`,
      `If one of ${owner}'s reminders goes unanswered for a while, Nudge sends you a short note (only the reminder's title) so you can check in kindly. That's all: no account, no app.`,
      `This was sent for ${oneLine(who.full)}${who.email ? ` (${who.email})` : ""}. If you don't know them, ignore this email.`,
      `To say yes, press the button below, or give ${owner} this code:`,
    ],
    code,
    actions: [{ label: "Yes, I'll be a nudge buddy", url: link, style: "primary" }],
    footer: [`The code and the link work for ${BUDDY_CODE_HOURS} hours. If you'd rather not, ignore this email: nothing will be sent to you.`],
  });
}

/** Marks the buddy verified and clears its code (spec 02 §4), in the chat given for Telegram types. */
function verifiedStatement(deps: Pick<Deps, "db">, id: string, now: number, chatId?: string) {
  return deps.db
    .update(emergencyContacts)
    .set({ verified: true, optedOutAt: null, verificationCodeHash: null, verificationExpiresAt: null, verificationAttempts: 0, updatedAt: now, ...(chatId ? { telegramChatId: chatId } : {}) })
    .where(eq(emergencyContacts.id, id));
}

/** PATCH /v1/emergency-contacts/{id}/verify {code}: the owner types the code the buddy got. */
export async function verifyBuddyCode(deps: Deps, userId: string, id: string, code: unknown): Promise<{ verified: boolean }> {
  const buddy = await loadOwnBuddy(deps, userId, id);
  if (buddy.verified) return { verified: true };
  if (typeof code !== "string" || code.trim() === "" || code.length > 36) return { verified: false };
  const now = deps.clock.now().getTime();
  // One try taken first, with a conditional update, so parallel guesses cannot pass the limit.
  const tried = await deps.db
    .update(emergencyContacts)
    .set({ verificationAttempts: sql`${emergencyContacts.verificationAttempts} + 1` })
    .where(and(eq(emergencyContacts.id, id), sql`${emergencyContacts.verificationAttempts} < ${BUDDY_CODE_TRIES}`, gt(emergencyContacts.verificationExpiresAt, now)))
    .returning({ hash: emergencyContacts.verificationCodeHash });
  const hash = tried[0]?.hash;
  if (!hash || !constantTimeEqual(await codeHash(deps.env, id, code.trim()), hash)) return { verified: false };
  await verifiedStatement(deps, id, now);
  return { verified: true };
}

/** GET /v1/emergency-contacts/verify?code=&contact_id= (public): the email's link token, once. */
export async function verifyBuddyByLink(deps: Deps, token: unknown, contactId: unknown): Promise<{ verified: boolean; ownerFirstName?: string }> {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { verified: false };
  const now = deps.clock.now().getTime();
  const [used] = await deps.db
    .update(linkTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(linkTokens.tokenHash, await sha256Hex(token)),
        eq(linkTokens.purpose, "buddy_verify"),
        isNull(linkTokens.consumedAt),
        or(isNull(linkTokens.expiresAt), gt(linkTokens.expiresAt, now)),
        ...(typeof contactId === "string" && contactId ? [eq(linkTokens.subjectId, contactId)] : []),
      ),
    )
    .returning({ contactId: linkTokens.subjectId, userId: linkTokens.userId });
  if (!used?.contactId) return { verified: false };
  await verifiedStatement(deps, used.contactId, now);
  const [owner] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, used.userId ?? "")).limit(1);
  return { verified: true, ownerFirstName: firstName(owner?.name ?? "") };
}

/** A Telegram buddy's deep-link token (7 days; a new one ends the old). */
export async function issueTelegramToken(deps: Pick<Deps, "db" | "clock">, id: string): Promise<string> {
  const now = deps.clock.now().getTime();
  const token = randomToken(16);
  await deps.db.batch([
    deps.db.update(linkTokens).set({ consumedAt: now }).where(and(eq(linkTokens.purpose, "buddy_telegram"), eq(linkTokens.subjectId, id), isNull(linkTokens.consumedAt))),
    deps.db.insert(linkTokens).values({ id: crypto.randomUUID(), purpose: "buddy_telegram", tokenHash: await sha256Hex(token), subjectId: id, expiresAt: now + BUDDY_LINK_DAYS * 86_400_000, createdAt: now }),
  ]);
  return token;
}

/** A contact opens a chat with the bot (`start`); a group adds the bot to a group of their choice (`startgroup`). */
export function buddyDeepLink(env: Env, token: string, type: string): string {
  const settings = botSettings(env);
  const link = botDeepLink(settings ?? { username: env.TELEGRAM_BOT_USERNAME || "NudgeReminderBot" }, `buddy_${token}`);
  return type === "telegram_group" ? link.replace("?start=", "?startgroup=") : link;
}

/** GET /v1/emergency-contacts/{id}/deeplink: a fresh link for a Telegram buddy. */
export async function buddyDeepLinkFor(deps: Deps, userId: string, id: string): Promise<{ deepLink: string }> {
  const buddy = await loadOwnBuddy(deps, userId, id);
  if (buddy.type === "email") throw badRequest(BUDDY_TEXTS.emailNoLink, "BUDDY_NOT_TELEGRAM");
  return { deepLink: buddyDeepLink(deps.env, await issueTelegramToken(deps, id), buddy.type) };
}

/** `/start buddy_<token>` in a chat: verifies the Telegram buddy in that chat. Null when the token is not valid. */
export type TelegramBuddyOutcome =
  | { verified: true; ownerFirstName: string; buddyName: string }
  /** The token is unknown, used or expired. */
  | { verified: false; reason: "invalid" }
  /** A group buddy's link opened in a private chat, or a contact's in a group: the token stays usable. */
  | { verified: false; reason: "wrong_chat"; expected: "group" | "private" };

/**
 * `/start buddy_<token>` in a chat: verifies the buddy in THAT chat, once. The chat must be of the
 * buddy's kind (a group buddy in a group, a contact in a private chat): otherwise the alerts would go
 * to the wrong place, so the token is left unused for the right chat.
 */
export async function verifyTelegramBuddy(deps: Deps, token: string, chat: { id: string; isGroup: boolean }): Promise<TelegramBuddyOutcome> {
  const now = deps.clock.now().getTime();
  const live = and(eq(linkTokens.tokenHash, await sha256Hex(token)), eq(linkTokens.purpose, "buddy_telegram"), isNull(linkTokens.consumedAt), gt(linkTokens.expiresAt, now));
  const [pending] = await deps.db
    .select({ type: emergencyContacts.type })
    .from(linkTokens)
    .innerJoin(emergencyContacts, eq(emergencyContacts.id, linkTokens.subjectId))
    .where(live)
    .limit(1);
  if (!pending) return { verified: false, reason: "invalid" };
  const expected = pending.type === "telegram_group" ? "group" : "private";
  if ((expected === "group") !== chat.isGroup) return { verified: false, reason: "wrong_chat", expected };
  const [used] = await deps.db.update(linkTokens).set({ consumedAt: now }).where(live).returning({ contactId: linkTokens.subjectId });
  if (!used?.contactId) return { verified: false, reason: "invalid" };
  await verifiedStatement(deps, used.contactId, now, chat.id);
  const [buddy] = await deps.db.select({ name: emergencyContacts.name, userId: emergencyContacts.userId }).from(emergencyContacts).where(eq(emergencyContacts.id, used.contactId)).limit(1);
  if (!buddy) return { verified: false, reason: "invalid" };
  const [owner] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, buddy.userId)).limit(1);
  return { verified: true, ownerFirstName: firstName(owner?.name ?? ""), buddyName: buddy.name };
}

/** PATCH /v1/emergency-contacts/{id}/opt-out (the owner): no more alerts until verified again. */
export async function optOutBuddy(deps: Deps, userId: string, id: string) {
  await loadOwnBuddy(deps, userId, id);
  const now = deps.clock.now().getTime();
  await deps.db.update(emergencyContacts).set({ verified: false, optedOutAt: now, updatedAt: now }).where(eq(emergencyContacts.id, id));
  return loadOwnBuddy(deps, userId, id);
}

/** POST /v1/emergency-contacts/opt-out-by-token?token= (public, the link in every alert): `{ success }`. */
export async function optOutByToken(deps: Deps, token: unknown): Promise<{ success: boolean }> {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { success: false };
  const [row] = await deps.db
    .select({ contactId: linkTokens.subjectId })
    .from(linkTokens)
    .where(and(eq(linkTokens.tokenHash, await sha256Hex(token)), eq(linkTokens.purpose, "buddy_unsubscribe")))
    .limit(1);
  if (!row?.contactId) return { success: false };
  const now = deps.clock.now().getTime();
  await deps.db.update(emergencyContacts).set({ verified: false, optedOutAt: now, updatedAt: now }).where(eq(emergencyContacts.id, row.contactId));
  return { success: true };
}
