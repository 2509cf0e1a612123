import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { linkTokens, refreshSessions, verificationCodes } from "../../../db/schema";
import type { Deps } from "../deps";

/**
 * Ending a user's outstanding secrets. Each function returns the UPDATE (not yet run), so callers can
 * put several into one `db.batch` next to the change that makes them necessary: a password reset, a
 * new verification email, a take-back of an unverified account (take-back.ts). `onlyIf` adds a
 * condition evaluated when the statement runs (the take-back's "still unverified").
 */

/** Link tokens that sign in or reset: a newer email or a password reset makes the old ones useless. */
const ACCOUNT_LINK_PURPOSES = ["magic_link", "password_reset"];
/** Emailed codes of the account (task and buddy codes are not touched). */
const ACCOUNT_CODE_PURPOSES = ["email_verify", "password_reset", "email_change"];

/** Every unused magic link (and reset link) of the user stops working. */
export function endLinkTokens(deps: Deps, userId: string, now: number, onlyIf?: SQL) {
  return deps.db
    .update(linkTokens)
    .set({ consumedAt: now })
    .where(and(eq(linkTokens.userId, userId), inArray(linkTokens.purpose, ACCOUNT_LINK_PURPOSES), isNull(linkTokens.consumedAt), onlyIf));
}

/** Every unused verification and reset code of the user stops working. */
export function endCodes(deps: Deps, userId: string, now: number, onlyIf?: SQL) {
  return deps.db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.userId, userId), inArray(verificationCodes.purpose, ACCOUNT_CODE_PURPOSES), isNull(verificationCodes.consumedAt), onlyIf));
}

/**
 * Every refresh token of the user is revoked. Callers also stamp the user row with `sessionsEndedFields` in the
 * same batch, so access tokens signed before are refused where the row is read (session-end.ts, ADR 115).
 */
export function endSessions(deps: Deps, userId: string, now: number, onlyIf?: SQL) {
  return deps.db
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt), onlyIf));
}
