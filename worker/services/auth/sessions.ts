import { and, eq, isNull } from "drizzle-orm";
import { refreshSessions } from "../../../db/schema";
import type { Deps } from "../deps";
import { badRequest, unauthorized } from "../errors";
import { randomToken, sha256Hex } from "../tokens";
import { signAccessToken } from "./access-token";
import type { RequestMeta, SessionTokens } from "./types";

/**
 * Refresh tokens (ADR 011): opaque 256-bit random strings, stored only as SHA-256, valid 7 days from
 * their issue. Every refresh rotates: the old row is marked `rotated_at` and a new token of the same
 * family is issued. Presenting a rotated token again means it was copied: the whole family (every
 * token descended from that sign-in) is revoked. Logout revokes the family too.
 */
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;
const MAX_USER_AGENT = 300;

const sessionExpired = () => unauthorized("Your session has expired. Please sign in again.", "REFRESH_TOKEN_INVALID");

async function issueRefreshToken(deps: Deps, userId: string, familyId: string, meta: RequestMeta): Promise<string> {
  const token = randomToken(32);
  const now = deps.clock.now().getTime();
  await deps.db.insert(refreshSessions).values({
    id: crypto.randomUUID(),
    userId,
    familyId,
    tokenHash: await sha256Hex(token),
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
    userAgent: meta.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    createdAt: now,
  });
  return token;
}

/** A new sign-in: a new family. */
export async function createSession(deps: Deps, userId: string, meta: RequestMeta): Promise<SessionTokens> {
  const refreshToken = await issueRefreshToken(deps, userId, crypto.randomUUID(), meta);
  const accessToken = await signAccessToken(deps.env, deps.clock, userId);
  return { accessToken, refreshToken };
}

async function revokeFamily(deps: Deps, familyId: string): Promise<void> {
  await deps.db
    .update(refreshSessions)
    .set({ revokedAt: deps.clock.now().getTime() })
    .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)));
}

/** POST /v1/auth/refresh: rotates the token; 401 when it is unknown, expired, revoked or reused. */
export async function refreshSession(deps: Deps, refreshToken: string, meta: RequestMeta): Promise<SessionTokens> {
  if (typeof refreshToken !== "string" || refreshToken.length === 0) throw badRequest("No refresh token available", "NO_REFRESH_TOKEN");
  if (refreshToken.length > 512) throw sessionExpired();
  const now = deps.clock.now().getTime();
  const [row] = await deps.db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, await sha256Hex(refreshToken))).limit(1);
  if (!row || row.revokedAt !== null || row.expiresAt <= now) throw sessionExpired();
  if (row.rotatedAt !== null) {
    await revokeFamily(deps, row.familyId);
    throw unauthorized("This session was ended for your safety. Please sign in again.", "REFRESH_TOKEN_REUSED");
  }
  // Compare-and-set: of two requests racing with the same token, only one rotates it; the other is a reuse.
  const claimed = await deps.db
    .update(refreshSessions)
    .set({ rotatedAt: now })
    .where(and(eq(refreshSessions.id, row.id), isNull(refreshSessions.rotatedAt), isNull(refreshSessions.revokedAt)))
    .returning({ id: refreshSessions.id });
  if (claimed.length === 0) {
    await revokeFamily(deps, row.familyId);
    throw unauthorized("This session was ended for your safety. Please sign in again.", "REFRESH_TOKEN_REUSED");
  }
  const next = await issueRefreshToken(deps, row.userId, row.familyId, meta);
  return { accessToken: await signAccessToken(deps.env, deps.clock, row.userId), refreshToken: next };
}

/** POST /v1/auth/logout: ends the token's whole family. Unknown or missing tokens are fine (data is cleared regardless). */
export async function logout(deps: Deps, refreshToken: string | null): Promise<void> {
  if (!refreshToken || refreshToken.length > 512) return;
  const [row] = await deps.db
    .select({ familyId: refreshSessions.familyId })
    .from(refreshSessions)
    .where(eq(refreshSessions.tokenHash, await sha256Hex(refreshToken)))
    .limit(1);
  if (row) await revokeFamily(deps, row.familyId);
}

/** After a password reset: every session of the user ends. */
export async function revokeAllSessions(deps: Deps, userId: string): Promise<void> {
  await deps.db
    .update(refreshSessions)
    .set({ revokedAt: deps.clock.now().getTime() })
    .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)));
}
