import { eq } from "drizzle-orm";
import { refreshSessions } from "../../../db/schema";
import type { Deps } from "../deps";
import { sha256Hex } from "../tokens";
import { verifyAccessTokenSignature } from "./access-token";
import { REFRESH_TOKEN_TTL_MS } from "./sessions";
import type { PublicUser } from "./types";
import { findUserById, toPublicUser } from "./users";

/**
 * The spec's legacy Google landing, `/auth/google/callback?accessToken=…&refreshToken=…`, carries a
 * session in the URL. Adopting such a pair on sight is session fixation / login CSRF: anyone can
 * send a victim a link with THEIR OWN tokens, and the victim then works (and types reminders) in the
 * attacker's account. So the page only adopts a pair after showing "Continue as <email>" and a click,
 * and it asks this function whose pair it is (ADR 017).
 *
 * The pair is accepted only when:
 * - the access token is a JWT we signed (HS256, our issuer and audience); its expiry is ignored, since
 *   links are old by the time they are opened, but no further back than a refresh token can live;
 * - the refresh token's row exists and is not revoked, expired or already rotated;
 * - both belong to the same user, and that user still exists.
 * Otherwise null. Nothing is changed: adopting the pair (and rotating it, so the copy in the URL
 * dies) is the caller's next step after the click.
 */
export async function inspectSessionTokens(deps: Deps, tokens: { accessToken: string; refreshToken: string }): Promise<PublicUser | null> {
  const { accessToken, refreshToken } = tokens;
  if (typeof accessToken !== "string" || typeof refreshToken !== "string") return null;
  if (accessToken.length === 0 || accessToken.length > 4096 || refreshToken.length === 0 || refreshToken.length > 512) return null;
  const signed = await verifyAccessTokenSignature(deps.env, deps.clock, accessToken, Math.floor(REFRESH_TOKEN_TTL_MS / 1000));
  if (!signed) return null;
  const [row] = await deps.db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, await sha256Hex(refreshToken))).limit(1);
  const now = deps.clock.now().getTime();
  if (!row || row.revokedAt !== null || row.rotatedAt !== null || row.expiresAt <= now || row.userId !== signed.userId) return null;
  const user = await findUserById(deps, row.userId);
  return user ? toPublicUser(user) : null;
}
