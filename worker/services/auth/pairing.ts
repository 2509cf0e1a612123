import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { pairingCodes, users } from "../../../db/schema";
import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { AppError, badRequest, conflict } from "../errors";
import { log, errorFields } from "../log";
import { CHAT_TAKEN, assertChatFree, isChatTakenError, linkChatStatement } from "../telegram/chats";
import { greetLinkedChat } from "../telegram/greet";
import { randomToken } from "../tokens";
import { parseInput } from "../validation";
import { pairingCodeHash } from "./keys";
import { pairPlatformSchema } from "./schemas";

/**
 * The pairing handshake (spec 01): someone writes to the bot before linking; the bot answers with a
 * sign-up / sign-in link carrying `?platformId=telegram&code=<one-time code>`; once that person is
 * signed in (or registered and verified) the web app calls POST /v1/users/pairPlatform and the chat
 * is theirs. Codes live one day (like the pairing cookie), are stored keyed-hashed (ADR 040) and pair once.
 */
export const PAIRING_PLATFORMS = ["telegram"] as const;
export const PAIRING_HOURS = 24;
export const PAIRING_UNKNOWN_PLATFORM = "Nudge can only pair with Telegram.";
export const PAIRING_CODE_GONE = "This pairing link has expired or was already used. Write to the Nudge bot in Telegram again for a new one.";

/** The bot's half: a code for this chat and the links that carry it. */
export async function startPairing(deps: Pick<Deps, "db" | "clock" | "env">, chatId: string): Promise<{ code: string; registerUrl: string; loginUrl: string }> {
  const code = randomToken(16);
  const now = deps.clock.now().getTime();
  await deps.db.insert(pairingCodes).values({
    id: crypto.randomUUID(),
    platformId: "telegram",
    platformCodeHash: await pairingCodeHash(deps.env, "telegram", code),
    externalId: chatId,
    userId: null,
    expiresAt: now + PAIRING_HOURS * 3_600_000,
    pairedAt: null,
    createdAt: now,
  });
  const query = `platformId=telegram&code=${code}`;
  return { code, registerUrl: appLink(deps.env, `/auth/register?${query}`), loginUrl: appLink(deps.env, `/auth/login?${query}`) };
}

export type PairingResult = { paired: true; telegramChatId: string } | { paired: false; pending: true; message: string };

/**
 * POST /v1/users/pairPlatform {platformId, platformCode}. A verified account is paired at once; an
 * unverified one keeps the handshake (hashed) and is paired when its email is verified
 * (`completePendingPairing`), since linking Telegram needs a verified email (spec 01).
 */
export async function pairPlatform(deps: Deps, userId: string, input: unknown): Promise<PairingResult> {
  const { platformId, platformCode } = parseInput(pairPlatformSchema, input);
  if (!(PAIRING_PLATFORMS as readonly string[]).includes(platformId)) throw badRequest(PAIRING_UNKNOWN_PLATFORM, "PAIRING_UNKNOWN_PLATFORM");
  const hash = await pairingCodeHash(deps.env, platformId, platformCode);
  const row = await openHandshake(deps, platformId, hash);
  if (!row) throw new AppError(410, "PAIRING_CODE_GONE", PAIRING_CODE_GONE);
  const [user] = await deps.db.select({ isVerified: users.isVerified }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.isVerified) {
    await deps.db.update(users).set({ pairPlatformId: platformId, pairPlatformCodeHash: hash, updatedAt: deps.clock.now().getTime() }).where(eq(users.id, userId));
    return { paired: false, pending: true, message: "Verify your email address and your Telegram chat will be linked." };
  }
  await pairWith(deps, userId, row);
  return { paired: true, telegramChatId: row.externalId };
}

/** After an email is verified: a handshake kept at registration or sign-in is completed. Never throws. */
export async function completePendingPairing(deps: Deps, userId: string): Promise<string | null> {
  try {
    const [user] = await deps.db.select({ platformId: users.pairPlatformId, hash: users.pairPlatformCodeHash }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user?.platformId || !user.hash) return null;
    const row = await openHandshake(deps, user.platformId, user.hash);
    if (!row) {
      await deps.db.update(users).set({ pairPlatformId: null, pairPlatformCodeHash: null }).where(eq(users.id, userId));
      return null;
    }
    await pairWith(deps, userId, row);
    return row.externalId;
  } catch (error) {
    log.warn("pairing.completion_failed", { userId, ...errorFields(error) });
    return null;
  }
}

async function openHandshake(deps: Pick<Deps, "db" | "clock">, platformId: string, hash: string) {
  const now = deps.clock.now().getTime();
  const [row] = await deps.db
    .select({ id: pairingCodes.id, externalId: pairingCodes.externalId })
    .from(pairingCodes)
    .where(and(eq(pairingCodes.platformId, platformId), eq(pairingCodes.platformCodeHash, hash), isNull(pairingCodes.pairedAt), gt(pairingCodes.expiresAt, now)))
    .limit(1);
  return row?.externalId ? { id: row.id, externalId: row.externalId } : null;
}

/** Marks the handshake used and links its chat, in one batch: the link happens only if this request used it. */
async function pairWith(deps: Deps, userId: string, row: { id: string; externalId: string }): Promise<void> {
  await assertChatFree(deps.db, row.externalId, userId);
  const now = deps.clock.now().getTime();
  const usedHere = sql`exists (select 1 from pairing_codes where id = ${row.id} and paired_at = ${now} and user_id = ${userId})`;
  try {
    const [used] = await deps.db.batch([
      deps.db
        .update(pairingCodes)
        .set({ pairedAt: now, userId })
        .where(and(eq(pairingCodes.id, row.id), isNull(pairingCodes.pairedAt)))
        .returning({ id: pairingCodes.id }),
      linkChatStatement(deps.db, userId, row.externalId, now, usedHere),
    ]);
    if (used.length === 0) throw new AppError(410, "PAIRING_CODE_GONE", PAIRING_CODE_GONE);
  } catch (error) {
    if (isChatTakenError(error)) throw conflict(CHAT_TAKEN, "TELEGRAM_CHAT_TAKEN");
    throw error;
  }
  // The bot greets the chat by name, whichever way the pairing completed (API, web page, verification).
  await greetLinkedChat(deps, row.externalId, userId);
}
