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
 * family is issued. Presenting a rotated token again more than 30 seconds later means it was copied:
 * the whole family (every token descended from that sign-in) is revoked. Within 30 seconds it is a
 * concurrent refresh that lost the race, and nothing is revoked. Logout revokes the family too.
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
  const familyId = crypto.randomUUID();
  const refreshToken = await issueRefreshToken(deps, userId, familyId, meta);
  const accessToken = await signAccessToken(deps.env, deps.clock, userId, familyId);
  return { accessToken, refreshToken };
}

async function revokeFamily(deps: Deps, familyId: string): Promise<void> {
  await deps.db
    .update(refreshSessions)
    .set({ revokedAt: deps.clock.now().getTime() })
    .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)));
}

/**
 * How long after a rotation the old token still counts as "a concurrent request lost the race"
 * rather than "a copy is being replayed" (ADR 011). Two tabs, or Remix's parallel loaders, refreshing
 * with the same cookie at the same moment must not sign the person out everywhere.
 */
export const REFRESH_RACE_GRACE_MS = 30_000;
export const REFRESH_RACE_MESSAGE = "Your session was just refreshed in another tab. Please retry.";
const sessionEnded = () => unauthorized("This session was ended for your safety. Please sign in again.", "REFRESH_TOKEN_REUSED");

export type RefreshOutcome = { kind: "rotated"; tokens: SessionTokens; userId: string } | { kind: "raced"; userId: string };

/**
 * What the refreshed session is for (ADR 040). Within the grace window the token may be a copy
 * replayed by a thief as well as a second tab, and nothing tells them apart; so a `raced` answer may
 * serve a read (one page render, no tokens), never a write: with `intent: "write"` it is a 401
 * `REFRESH_RACE` (retry), exactly like the API's refresh.
 */
export type RefreshIntent = "read" | "write";

/** A page request's intent: GET and HEAD only read (loaders); anything else runs an action. */
export function refreshIntentFor(method: string): RefreshIntent {
  const upper = method.toUpperCase();
  return upper === "GET" || upper === "HEAD" ? "read" : "write";
}

type SessionRow = typeof refreshSessions.$inferSelect;

/**
 * A token that is already rotated: within the grace window a concurrent refresh won (nothing is
 * revoked, no new tokens are issued for this request); later it is a replayed copy and the whole
 * family is revoked.
 */
async function alreadyRotated(deps: Deps, row: SessionRow & { rotatedAt: number }, now: number, intent: RefreshIntent): Promise<RefreshOutcome> {
  if (now - row.rotatedAt < REFRESH_RACE_GRACE_MS) {
    if (intent === "write") throw unauthorized(REFRESH_RACE_MESSAGE, "REFRESH_RACE");
    return { kind: "raced", userId: row.userId };
  }
  await revokeFamily(deps, row.familyId);
  throw sessionEnded();
}

async function findSession(deps: Deps, refreshToken: string): Promise<SessionRow | null> {
  const [row] = await deps.db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, await sha256Hex(refreshToken))).limit(1);
  return row ?? null;
}

/**
 * For the web session (Remix loaders): rotates the token, or says `raced` when a concurrent request
 * rotated it less than 30 seconds ago. On `raced` the caller treats the person as signed in for this
 * one response and sets no cookies: the winning response carries the new ones. Throws 401 when the
 * token is unknown, expired, revoked, or reused after the grace window (then the family is revoked),
 * and 401 `REFRESH_RACE` for a raced token when `intent` is "write" (RefreshIntent).
 */
export async function refreshSessionOrRace(deps: Deps, refreshToken: string, meta: RequestMeta, options: { intent?: RefreshIntent } = {}): Promise<RefreshOutcome> {
  const intent = options.intent ?? "read";
  if (typeof refreshToken !== "string" || refreshToken.length === 0) throw badRequest("No refresh token available", "NO_REFRESH_TOKEN");
  if (refreshToken.length > 512) throw sessionExpired();
  const now = deps.clock.now().getTime();
  const row = await findSession(deps, refreshToken);
  if (!row || row.revokedAt !== null || row.expiresAt <= now) throw sessionExpired();
  if (row.rotatedAt !== null) return alreadyRotated(deps, { ...row, rotatedAt: row.rotatedAt }, now, intent);
  // Compare-and-set: of two requests racing with the same token, only one rotates it.
  const claimed = await deps.db
    .update(refreshSessions)
    .set({ rotatedAt: now })
    .where(and(eq(refreshSessions.id, row.id), isNull(refreshSessions.rotatedAt), isNull(refreshSessions.revokedAt)))
    .returning({ id: refreshSessions.id });
  if (claimed.length === 0) {
    // Lost the compare-and-set: read again to tell a concurrent rotation from a revocation.
    const current = await findSession(deps, refreshToken);
    if (!current || current.revokedAt !== null || current.rotatedAt === null) throw sessionExpired();
    return alreadyRotated(deps, { ...current, rotatedAt: current.rotatedAt }, now, intent);
  }
  const next = await issueRefreshToken(deps, row.userId, row.familyId, meta);
  return { kind: "rotated", userId: row.userId, tokens: { accessToken: await signAccessToken(deps.env, deps.clock, row.userId, row.familyId), refreshToken: next } };
}

/**
 * POST /v1/auth/refresh: rotates the token; 401 when it is unknown, expired, revoked or reused.
 * A token rotated by a concurrent request within the grace window answers 401 `REFRESH_RACE`
 * WITHOUT revoking anything: the client should retry with the token the other request received.
 */
export async function refreshSession(deps: Deps, refreshToken: string, meta: RequestMeta): Promise<SessionTokens> {
  const outcome = await refreshSessionOrRace(deps, refreshToken, meta);
  if (outcome.kind === "raced") throw unauthorized(REFRESH_RACE_MESSAGE, "REFRESH_RACE");
  return outcome.tokens;
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
