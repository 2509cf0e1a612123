import { eq, sql, type SQL } from "drizzle-orm";
import { refreshSessions, users } from "../../../db/schema";
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
 * ADR 117: the end of ONE sign-in (that device's sign-out, or its refresh token caught being reused) reaches its
 * access tokens too. A token names its sign-in (`sid`, the refresh tokens' family); the sign-in is over when
 * none of the family's refresh tokens is left unrevoked (rotated ones count: rotation is not an end). A column
 * for the person's row read, so the check adds no query: by the family index, one row while the sign-in lasts.
 * A token without `sid` (signed before the claim existed, within 15 minutes of the release) is not checked.
 */
export function signInGoesOnColumn(sessionId: string | null): SQL.Aliased<boolean> {
  const goesOn =
    sessionId === null
      ? sql<boolean>`1`
      : sql<boolean>`exists (select 1 from ${refreshSessions} where ${refreshSessions.familyId} = ${sessionId} and ${refreshSessions.revokedAt} is null)`;
  // Named: local D1 builds a row's values from an object keyed by column name, and a column named "1" (an
  // integer-like key) would come first in it, shifting every value of the row by one.
  return goesOn.mapWith(Boolean).as("sign_in_goes_on");
}

/** Whether a token still speaks for the person, from their row's end of sessions and its sign-in's state. */
export function tokenSpeaksWith(row: { sessionsEndedAt: number | null; signInGoesOn: boolean }, issuedAtMs: number): boolean {
  return row.signInGoesOn && !signedBeforeSessionsEnded(row.sessionsEndedAt, issuedAtMs);
}

/**
 * For the API's writes: whether a token signed at `issuedAtMs` for the sign-in `sessionId` still speaks for the
 * person. A person who no longer exists has no sessions to speak for (false).
 */
export async function tokenStillSpeaksFor(deps: Deps, userId: string, issuedAtMs: number, sessionId: string | null): Promise<boolean> {
  const [row] = await deps.db
    .select({ sessionsEndedAt: users.sessionsEndedAt, signInGoesOn: signInGoesOnColumn(sessionId) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row !== undefined && tokenSpeaksWith(row, issuedAtMs);
}
