import { eq } from "drizzle-orm";
import { refreshSessions } from "../../../db/schema";
import type { Deps } from "../deps";
import { sha256Hex } from "../tokens";
import { verifyAccessToken } from "./access-token";

/**
 * Whose session a request carries, without changing anything (no rotation): the user of a valid
 * access token, else of a live refresh token (not revoked, rotated or expired: a browser whose
 * access cookie has lapsed is still that person's browser). Null when neither.
 * Used to tell the registrant's own session proving the mailbox from proof given anywhere else
 * (ADR 038).
 */
export async function sessionUserOf(deps: Deps, tokens: { accessToken: string | null; refreshToken: string | null }): Promise<string | null> {
  if (tokens.accessToken && tokens.accessToken.length <= 4096) {
    const check = await verifyAccessToken(deps.env, deps.clock, tokens.accessToken);
    if (check.ok) return check.userId;
  }
  const refreshToken = tokens.refreshToken;
  if (!refreshToken || refreshToken.length > 512) return null;
  const [row] = await deps.db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, await sha256Hex(refreshToken))).limit(1);
  const now = deps.clock.now().getTime();
  if (!row || row.revokedAt !== null || row.rotatedAt !== null || row.expiresAt <= now) return null;
  return row.userId;
}
