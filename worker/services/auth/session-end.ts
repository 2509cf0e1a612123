import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Deps } from "../deps";

/**
 * The end of a person's sessions reaching their access tokens (ADR 115). A new password, a reset or a
 * take-back revokes every refresh token at once (revoke.ts), but an access token is a stateless JWT that
 * lives 15 minutes: a thief's copy would go on working for those minutes. The same change stamps the
 * person's row (`users.sessions_ended_at`), and the places that can see it refuse a token signed before:
 * the web's pages (which read the row on every request anyway, so at no cost) and the API's writes (one
 * indexed read of that row). The API's reads do not check: they would pay a D1 read on every request for
 * at most 15 minutes of a token that can no longer change anything.
 */

/** What the user row gets when its sessions end (in the same batch as the revocation). */
export function sessionsEndedFields(now: number): { sessionsEndedAt: number } {
  return { sessionsEndedAt: now };
}

/** True when a token signed at `issuedAtMs` predates the last end of the person's sessions. */
export function signedBeforeSessionsEnded(sessionsEndedAt: number | null | undefined, issuedAtMs: number): boolean {
  return typeof sessionsEndedAt === "number" && issuedAtMs < sessionsEndedAt;
}

/**
 * For the API's writes: whether a token signed at `issuedAtMs` still speaks for the person. A person who
 * no longer exists has no sessions to speak for (false).
 */
export async function tokenStillSpeaksFor(deps: Deps, userId: string, issuedAtMs: number): Promise<boolean> {
  const [row] = await deps.db.select({ sessionsEndedAt: users.sessionsEndedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined && !signedBeforeSessionsEnded(row.sessionsEndedAt, issuedAtMs);
}
