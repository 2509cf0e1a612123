import { and, gte, lt, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  cronRuns,
  deliveries,
  escalations,
  linkTokens,
  outboxMessages,
  processedUpdates,
  telegramMadeTasks,
  rateLimits,
  refreshSessions,
  telegramLinkCodes,
  users,
  verificationCodes,
} from "../../db/schema";
import type { Deps } from "./deps";

/** Rows deleted per table per run: one run never does unbounded work; a backlog drains hour by hour. */
export const RETENTION_BATCH = 1000;

const DAY = 24 * 60 * 60_000;

/** How long a finished chain's steps and deliveries are kept (docs/scale.md). */
export const HISTORY_DAYS = 30;

/**
 * One cron tick an hour prunes: minute 17 of its scheduledTime (UTC). Not minute 0, where reminders
 * bunch up (people set them on the hour), so the clean-up never competes with the busiest tick.
 */
export const RETENTION_MINUTE = 17;

export function isRetentionMinute(scheduledTime: number): boolean {
  return new Date(scheduledTime).getUTCMinutes() === RETENTION_MINUTE;
}

/** The first characters of ids (UUIDs are hex) that split people into PEOPLE_SLICES slices. */
const SLICE_STARTS = "0123456789abcdef";

/** How many runs (hours) it takes the deliveries' sweep to visit every person once. */
export const PEOPLE_SLICES = SLICE_STARTS.length;

/**
 * The people whose old deliveries the run at `now` prunes: slice (hour mod PEOPLE_SLICES), by the
 * first character of their id. Slice 0 also takes every id below "1" and the last every id from "f"
 * on, so ids of any shape belong to exactly one slice. A person's deliveries are kept HISTORY_DAYS
 * and gone at most PEOPLE_SLICES hours later, each run reading about 1/PEOPLE_SLICES of the people.
 */
export function peopleSlice(now: number): SQL {
  const slice = Math.floor(now / (60 * 60_000)) % PEOPLE_SLICES;
  const from = slice === 0 ? undefined : SLICE_STARTS[slice];
  const to = slice === PEOPLE_SLICES - 1 ? undefined : SLICE_STARTS[slice + 1];
  return and(from === undefined ? undefined : gte(users.id, from), to === undefined ? undefined : lt(users.id, to))!;
}

/**
 * Which rows of the tables that only grow are no longer needed at `now` (ms since epoch).
 * Tasks are the person's history and are never pruned here; a finished chain's escalation, steps
 * (by cascade) and deliveries go after HISTORY_DAYS (docs/scale.md: storage is the first wall).
 */
export function retentionRules(now: number): { name: string; table: SQLiteTable; where: SQL; key?: SQLiteColumn }[] {
  const historyCutoff = now - HISTORY_DAYS * DAY;
  return [
    {
      // A chain of a COMPLETED task that ended long ago: nothing answers to it any more (a snooze
      // reopens only a task that is not done). Its steps go with it (ON DELETE CASCADE). Chains of
      // tasks still open are kept, however old: a snooze may bring an exhausted chain back.
      name: "finished_chains",
      table: escalations,
      where: sql`${escalations.endedAt} < ${historyCutoff} AND ${escalations.state} NOT IN ('running', 'paused') AND EXISTS (SELECT 1 FROM tasks AS t WHERE t.id = ${escalations.taskId} AND t.status = 'COMPLETED')`,
    },
    {
      // Only the last 24 hours are read (the phone cap) and a step's own rounds (while it runs). The
      // table has no index by age (ADR 069: one entry less per message), so the old rows are found
      // per person, through deliveries_user_idx, for one slice of people per run (peopleSlice).
      name: "deliveries",
      table: deliveries,
      key: deliveries.id,
      where: sql`${deliveries.userId} in (select ${users.id} from ${users} where ${peopleSlice(now)}) and ${deliveries.createdAt} < ${historyCutoff}`,
    },
    {
      // Rows of no person (none are written today; the column allows it): the same index, by NULL.
      name: "deliveries_without_person",
      table: deliveries,
      key: deliveries.id,
      where: sql`${deliveries.userId} is null and ${deliveries.createdAt} < ${historyCutoff}`,
    },
    {
      // Kept a week past expiry/use, so an old link still answers "expired/used" rather than "unknown".
      name: "link_tokens",
      table: linkTokens,
      where: sql`(${linkTokens.expiresAt} < ${now - 7 * DAY} OR ${linkTokens.consumedAt} < ${now - 7 * DAY})`,
    },
    {
      name: "verification_codes",
      table: verificationCodes,
      where: sql`${verificationCodes.expiresAt} < ${now - DAY} AND (${verificationCodes.lockedUntil} IS NULL OR ${verificationCodes.lockedUntil} <= ${now})`,
    },
    {
      // An expired or revoked row is refused before any reuse check (services/auth/sessions.ts), so it
      // carries no information. A rotated row is what detects reuse while it is still unexpired, so
      // rotation alone never qualifies: rotated rows go only through "expired".
      name: "refresh_sessions",
      table: refreshSessions,
      where: sql`(${refreshSessions.expiresAt} < ${now} OR ${refreshSessions.revokedAt} < ${now - 7 * DAY})`,
    },
    {
      // Windows are at most an hour; a running block is kept whatever its window.
      name: "rate_limits",
      table: rateLimits,
      where: sql`${rateLimits.windowStartedAt} < ${now - 2 * DAY} AND (${rateLimits.blockedUntil} IS NULL OR ${rateLimits.blockedUntil} <= ${now})`,
    },
    {
      name: "telegram_link_codes",
      table: telegramLinkCodes,
      where: sql`${telegramLinkCodes.expiresAt} < ${now - DAY}`,
    },
    {
      // Webhook retries come within hours; a week is ample for dedupe.
      name: "processed_updates",
      table: processedUpdates,
      where: sql`${processedUpdates.receivedAt} < ${now - 7 * DAY}`,
    },
    {
      // An edit is followed for two days (ADR 107); the row is kept a day longer.
      name: "telegram_made_tasks",
      table: telegramMadeTasks,
      where: sql`${telegramMadeTasks.madeAt} < ${now - 3 * DAY}`,
    },
    {
      name: "outbox_messages",
      table: outboxMessages,
      where: sql`${outboxMessages.createdAt} < ${now - 14 * DAY}`,
    },
    {
      name: "cron_runs",
      table: cronRuns,
      where: sql`${cronRuns.scheduledAt} < ${now - 7 * DAY}`,
    },
  ];
}

/**
 * Deletes what `retentionRules` says is no longer needed: one DELETE per rule, bounded to RETENTION_BATCH
 * rows through a sub-select of rowids (or primary keys), so a big backlog costs a fixed amount per run. Answers the rows
 * deleted per table. (NULL columns never compare as "<", so a row without the timestamp stays.)
 */
export async function pruneExpired(deps: Deps, now: number): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const { name, table, where, key } of retentionRules(now)) {
    // A WITHOUT ROWID table (deliveries) names its primary key instead.
    const rowKey = key ? sql`${key}` : sql`rowid`;
    const result = await deps.db.run(sql`DELETE FROM ${table} WHERE ${rowKey} IN (SELECT ${rowKey} FROM ${table} WHERE ${where} LIMIT ${RETENTION_BATCH})`);
    deleted[name] = result.meta.changes ?? 0;
  }
  return deleted;
}
