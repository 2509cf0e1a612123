import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { appLink } from "../app-url";
import { subKey } from "../auth/keys";
import type { Deps } from "../deps";
import { notFound } from "../errors";
import { base64UrlEncode, hmacSha256, randomToken, sha256Hex } from "../tokens";

/**
 * The calendar feed's secret URL (issue 12, ADR 061). The token is derived, never stored:
 * HMAC(sub-key of JWT_SECRET, userId:nonce). D1 keeps the random nonce (to show the URL again) and the
 * token's SHA-256 (to find the feed), so a copy of the database alone opens no one's calendar.
 * Regenerating draws a new nonce: the old URL stops working at once.
 */
export async function feedToken(env: Deps["env"], userId: string, nonce: string): Promise<string> {
  return base64UrlEncode(await hmacSha256(await subKey(env, "nudge/ics-feed/v1"), `${userId}:${nonce}`));
}

export function feedUrl(env: Deps["env"], token: string): string {
  return appLink(env, `/v1/tasks/ics/${token}`);
}

/** The token of a user whose feed is on, or null. */
export async function currentFeedToken(deps: Pick<Deps, "db" | "env">, userId: string): Promise<string | null> {
  const [row] = await deps.db.select({ nonce: users.icsTokenNonce }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.nonce ? feedToken(deps.env, userId, row.nonce) : null;
}

/** POST /v1/users/{id}/ics-token: turns the feed on, or gives it a new URL. */
export async function enableFeed(deps: Deps, actingUserId: string, userId: string): Promise<{ icsFeedToken: string; url: string }> {
  if (actingUserId !== userId) throw notFound("We couldn't find that user.", "USER_NOT_FOUND");
  const nonce = randomToken(16);
  const token = await feedToken(deps.env, userId, nonce);
  await deps.db
    .update(users)
    .set({ icsTokenNonce: nonce, icsTokenHash: await sha256Hex(token), updatedAt: deps.clock.now().getTime() })
    .where(eq(users.id, userId));
  return { icsFeedToken: token, url: feedUrl(deps.env, token) };
}

/** DELETE /v1/users/{id}/ics-token: the feed is off and its URL answers 404. */
export async function disableFeed(deps: Deps, actingUserId: string, userId: string): Promise<{ icsFeedToken: null }> {
  if (actingUserId !== userId) throw notFound("We couldn't find that user.", "USER_NOT_FOUND");
  await deps.db.update(users).set({ icsTokenNonce: null, icsTokenHash: null, updatedAt: deps.clock.now().getTime() }).where(eq(users.id, userId));
  return { icsFeedToken: null };
}

/** The owner of a feed token, or null (a wrong, old or malformed token). */
export async function feedOwner(deps: Pick<Deps, "db">, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await deps.db
    .select({ id: users.id, timezone: users.timezone, name: users.name })
    .from(users)
    .where(eq(users.icsTokenHash, await sha256Hex(token)))
    .limit(1);
  return row ?? null;
}
