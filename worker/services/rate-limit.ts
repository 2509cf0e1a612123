import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Deps } from "./deps";

/**
 * Exact counters in D1 (the `rate_limits` table), one row per key: e.g. `login:<email>:<ip>`,
 * `email-send:<userId>`. Each update is a single upsert, so concurrent requests never lose a count
 * (the Workers rate-limit binding is approximate and per location, which is not enough for logins).
 *
 * Shapes:
 * - `takeToken`: at most `limit` events per fixed window (sending emails, checking codes).
 * - `reserveAttempt` + `blockIfLimitReached` + `clearKey`/`releaseAttempt` (sign-in, ADR 013): the
 *   attempt is counted BEFORE the expensive check, in the same upsert that reads the count, so N
 *   parallel requests can never all pass a "fewer than limit so far?" check (check-then-record would
 *   let them). A failure turns a full count into a block; a success clears the key. (There is
 *   deliberately no "is it blocked?" read: check-then-record is the race this shape removes.)
 * Time comes from deps.clock only, so tests move a fixed clock past the window.
 */

export interface WindowRule {
  limit: number;
  windowMs: number;
}

export interface BlockRule extends WindowRule {
  blockMs: number;
}

export interface TokenResult {
  allowed: boolean;
  /** When refused: seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
  count: number;
}

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

/** Counts one event in the key's window (a new window starts when the old one ended) and says whether it fits. */
export async function takeToken({ db, clock }: Pick<Deps, "db" | "clock">, key: string, rule: WindowRule): Promise<TokenResult> {
  const now = clock.now().getTime();
  const expired = sql`(${rateLimits.windowStartedAt} + ${rule.windowMs} <= ${now})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now, blockedUntil: null })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${now} ELSE ${rateLimits.windowStartedAt} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  const count = row?.count ?? 1;
  const windowEnds = (row?.windowStartedAt ?? now) + rule.windowMs;
  return { allowed: count <= rule.limit, retryAfterSeconds: secondsUntil(windowEnds, now), count };
}

export interface AttemptResult {
  allowed: boolean;
  /** Attempts in this window, this one included. */
  count: number;
  /** When refused: seconds until the block (or the window) ends, for Retry-After and the message. */
  retryAfterSeconds: number;
}

/**
 * Reserves one attempt under `key`: count + 1 in a single upsert that also answers the new count.
 * Refused while the key is blocked or when this attempt is beyond `limit`; the first attempt beyond
 * the limit starts a block of `blockMs` if a failure has not started one already. The window
 * restarts once it has passed or once a block has ended. (SQLite evaluates every SET expression
 * against the old row, so the CASEs below all see the row as it was.)
 */
export async function reserveAttempt({ db, clock }: Pick<Deps, "db" | "clock">, key: string, rule: BlockRule): Promise<AttemptResult> {
  const now = clock.now().getTime();
  const restart = sql`((${rateLimits.windowStartedAt} + ${rule.windowMs} <= ${now}) OR (${rateLimits.blockedUntil} IS NOT NULL AND ${rateLimits.blockedUntil} <= ${now}))`;
  const nextCount = sql`(CASE WHEN ${restart} THEN 1 ELSE ${rateLimits.count} + 1 END)`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now, blockedUntil: rule.limit < 1 ? now + rule.blockMs : null })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: nextCount,
        windowStartedAt: sql`CASE WHEN ${restart} THEN ${now} ELSE ${rateLimits.windowStartedAt} END`,
        blockedUntil: sql`CASE WHEN ${restart} THEN NULL WHEN ${rateLimits.blockedUntil} IS NULL AND ${nextCount} > ${rule.limit} THEN ${now + rule.blockMs} ELSE ${rateLimits.blockedUntil} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt, blockedUntil: rateLimits.blockedUntil });
  const count = row?.count ?? 1;
  const blockedUntil = row?.blockedUntil ?? null;
  const blocked = blockedUntil !== null && blockedUntil > now;
  const allowed = !blocked && count <= rule.limit;
  const endsAt = blocked ? blockedUntil : (row?.windowStartedAt ?? now) + rule.windowMs;
  return { allowed, count, retryAfterSeconds: secondsUntil(endsAt, now) };
}

/**
 * After a failed attempt: once the window holds `limit` attempts, the key is blocked for `blockMs`
 * from now (the 10th failure blocks, not only the 11th attempt).
 */
export async function blockIfLimitReached({ db, clock }: Pick<Deps, "db" | "clock">, key: string, rule: BlockRule): Promise<void> {
  const now = clock.now().getTime();
  await db
    .update(rateLimits)
    .set({ blockedUntil: now + rule.blockMs })
    .where(and(eq(rateLimits.key, key), gte(rateLimits.count, rule.limit), isNull(rateLimits.blockedUntil)));
}

/** Gives back one reserved attempt (it turned out to be a success, or was refused by another rule). */
export async function releaseAttempt({ db }: Pick<Deps, "db">, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`MAX(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearKey({ db }: Pick<Deps, "db">, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
