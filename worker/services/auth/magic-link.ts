import { and, eq, gt, isNull } from "drizzle-orm";
import { linkTokens } from "../../../db/schema";
import type { Deps } from "../deps";
import { randomToken, sha256Hex } from "../tokens";
import { markEmailVerified } from "./codes";
import { createSession } from "./sessions";
import type { AuthResult, RequestMeta } from "./types";
import { getProfile } from "./users";

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

/** GET /v1/auth/magic-link/verify: null when the token is unknown, used or expired. */
export async function verifyMagicLink(deps: Deps, token: string, meta: RequestMeta): Promise<AuthResult | null> {
  if (typeof token !== "string" || token.length < 16 || token.length > 200) return null;
  const now = deps.clock.now().getTime();
  // One conditional update both checks and consumes, so two clicks racing cannot both sign in.
  const [claimed] = await deps.db
    .update(linkTokens)
    .set({ consumedAt: now })
    .where(and(eq(linkTokens.tokenHash, await sha256Hex(token)), eq(linkTokens.purpose, PURPOSE), isNull(linkTokens.consumedAt), gt(linkTokens.expiresAt, now)))
    .returning({ userId: linkTokens.userId });
  if (!claimed?.userId) return null;
  await markEmailVerified(deps, claimed.userId);
  const tokens = await createSession(deps, claimed.userId, meta);
  return { ...tokens, user: await getProfile(deps, claimed.userId) };
}
