import { eq, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Deps } from "./deps";

/**
 * Exact counters in D1 (the `rate_limits` table), one row per key: e.g. `login:<email>:<ip>`,
 * `email-send:<userId>`. Each update is a single upsert, so concurrent requests never lose a count
 * (the Workers rate-limit binding is approximate and per location, which is not enough for logins).
 *
 * Two shapes:
 * - `takeToken`: at most `limit` events per fixed window (sending emails, codes).
 * - `recordFailure` + `blockedFor`: after `limit` failures within a window the key is blocked for
 *   `blockMs` (sign-in attempts); a success calls `clearKey`.
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

/** Seconds left on a block, or null when the key is not blocked. */
export async function blockedFor({ db, clock }: Pick<Deps, "db" | "clock">, key: string): Promise<number | null> {
  const now = clock.now().getTime();
  const [row] = await db.select({ blockedUntil: rateLimits.blockedUntil }).from(rateLimits).where(eq(rateLimits.key, key));
  if (!row?.blockedUntil || row.blockedUntil <= now) return null;
  return secondsUntil(row.blockedUntil, now);
}

/**
 * Counts one failure. The window restarts when it has passed or when an earlier block has ended;
 * reaching `limit` failures sets `blocked_until = now + blockMs`. Returns the block's length in
 * seconds when this failure started one.
 */
export async function recordFailure({ db, clock }: Pick<Deps, "db" | "clock">, key: string, rule: BlockRule): Promise<{ count: number; blockedForSeconds: number | null }> {
  const now = clock.now().getTime();
  const restart = sql`((${rateLimits.windowStartedAt} + ${rule.windowMs} <= ${now}) OR (${rateLimits.blockedUntil} IS NOT NULL AND ${rateLimits.blockedUntil} <= ${now}))`;
  const nextCount = sql`(CASE WHEN ${restart} THEN 1 ELSE ${rateLimits.count} + 1 END)`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now, blockedUntil: rule.limit <= 1 ? now + rule.blockMs : null })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: nextCount,
        windowStartedAt: sql`CASE WHEN ${restart} THEN ${now} ELSE ${rateLimits.windowStartedAt} END`,
        blockedUntil: sql`CASE WHEN ${nextCount} >= ${rule.limit} THEN ${now + rule.blockMs} WHEN ${restart} THEN NULL ELSE ${rateLimits.blockedUntil} END`,
      },
    })
    .returning({ count: rateLimits.count, blockedUntil: rateLimits.blockedUntil });
  const blockedUntil = row?.blockedUntil ?? null;
  return { count: row?.count ?? 1, blockedForSeconds: blockedUntil && blockedUntil > now ? secondsUntil(blockedUntil, now) : null };
}

export async function clearKey({ db }: Pick<Deps, "db">, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
