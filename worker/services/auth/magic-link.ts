import { and, eq, gt, isNull } from "drizzle-orm";
import { linkTokens } from "../../../db/schema";
import type { Deps } from "../deps";
import { randomToken, sha256Hex } from "../tokens";
import { createSession } from "./sessions";
import { OwnershipQuestionError, ownershipQuestionApplies, ownershipQuestionOf, type OwnershipQuestion, type RegisteredByMe } from "./ownership-question";
import { mailboxProved } from "./take-back";
import type { AuthResult, RequestMeta } from "./types";
import { findUserById, getProfile } from "./users";

/**
 * Magic links (ADR 012): a 256-bit random token, stored as SHA-256 in link_tokens, valid 15 minutes,
 * single use. Following one verifies the email it was sent to AND signs the user in.
 */
export const MAGIC_LINK_TTL_MS = 15 * 60_000;
const PURPOSE = "magic_link";

export async function createMagicLinkToken(deps: Deps, userId: string): Promise<string> {
  const token = randomToken(32);
  const now = deps.clock.now().getTime();
  await deps.db.insert(linkTokens).values({
    id: crypto.randomUUID(),
    purpose: PURPOSE,
    tokenHash: await sha256Hex(token),
    userId,
    expiresAt: now + MAGIC_LINK_TTL_MS,
    createdAt: now,
  });
  return token;
}

/**
 * Who opened the link: the user whose session the request carried (ADR 038), or null without one,
 * and their answer to "Did you create this Nudge account?" (ownership-question.ts) when given.
 */
export interface LinkOpener {
  sessionUserId: string | null;
  registeredByMe?: RegisteredByMe;
}

/** The live (unused, unexpired) link's user, read without using the link up. */
async function linkUser(deps: Deps, token: string) {
  const now = deps.clock.now().getTime();
  const [row] = await deps.db
    .select({ userId: linkTokens.userId })
    .from(linkTokens)
    .where(and(eq(linkTokens.tokenHash, await sha256Hex(token)), eq(linkTokens.purpose, PURPOSE), isNull(linkTokens.consumedAt), gt(linkTokens.expiresAt, now)))
    .limit(1);
  return row?.userId ? findUserById(deps, row.userId) : null;
}

function plausibleToken(token: unknown): token is string {
  return typeof token === "string" && token.length >= 16 && token.length <= 200;
}

/**
 * The question the opener must answer before the link is used (null when none applies, or the link
 * is dead). Reads only, so the link stays usable for the answer.
 */
async function magicLinkQuestion(deps: Deps, token: string, sessionUserId: string | null): Promise<OwnershipQuestion | null> {
  if (!plausibleToken(token)) return null;
  const user = await linkUser(deps, token);
  return user && ownershipQuestionApplies(user, sessionUserId) ? ownershipQuestionOf(user) : null;
}

/**
 * GET /v1/auth/magic-link/verify (and the web page's POST): null when the token is unknown, used or
 * expired. Opened in the registrant's own session it verifies the email; opened anywhere else, an
 * unverified account registered with a password waits for the opener's answer (OwnershipQuestionError,
 * 409, with the link still unused): "yes" verifies and keeps everything, "no" takes it back from whoever
 * registered it (take-back.ts), as happens without a password. Either way the opener is signed in:
 * they hold the mailbox.
 */
export async function verifyMagicLink(deps: Deps, token: string, meta: RequestMeta, opener: LinkOpener = { sessionUserId: null }): Promise<AuthResult | null> {
  if (!plausibleToken(token)) return null;
  if (opener.registeredByMe === undefined) {
    const question = await magicLinkQuestion(deps, token, opener.sessionUserId);
    if (question) throw new OwnershipQuestionError(question);
  }
  const now = deps.clock.now().getTime();
  // One conditional update both checks and consumes, so two clicks racing cannot both sign in.
  const [claimed] = await deps.db
    .update(linkTokens)
    .set({ consumedAt: now })
    .where(and(eq(linkTokens.tokenHash, await sha256Hex(token)), eq(linkTokens.purpose, PURPOSE), isNull(linkTokens.consumedAt), gt(linkTokens.expiresAt, now)))
    .returning({ userId: linkTokens.userId });
  if (!claimed?.userId) return null;
  const user = await findUserById(deps, claimed.userId);
  if (!user) return null;
  await mailboxProved(deps, user, "magic_link", opener.sessionUserId, opener.registeredByMe);
  const tokens = await createSession(deps, user.id, meta);
  return { ...tokens, user: await getProfile(deps, user.id) };
}
