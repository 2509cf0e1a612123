import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { deliveries } from "../../../db/schema";

// Deliveries are found by their key (ADR 069): the table is WITHOUT ROWID, keyed by the idempotency
// key `<escalation>:<step index>@<round>:<medium>:<recipient>` (plan.ts `deliveryKey`), with no index
// by task. These are the SQL pieces that read it that way.

/** Keys as an SQL list, `(?, ?, ...)`; SQLite accepts an empty one (it matches nothing). */
export function keyList(keys: readonly string[]): SQL {
  return sql`(${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )})`;
}

/**
 * Every delivery of one step, in every round: one range of the primary key, the keys that start
 * with `<escalation>:<step index>@` ("@" + 1 is "A", so "esc:1@" never takes in "esc:10@"). The step
 * is given by value, or by the columns of a step row being joined.
 */
export function stepDeliveries(escalationId: string, stepIndex: number): SQL;
export function stepDeliveries(escalationId: SQLiteColumn, stepIndex: SQLiteColumn): SQL;
export function stepDeliveries(escalationId: string | SQLiteColumn, stepIndex: number | SQLiteColumn): SQL {
  // By value, the prefix is written here: D1 binds a JS number as a real, which SQL would write "2.0".
  const step = typeof escalationId === "string" ? `${escalationId}:${String(stepIndex)}` : sql`${escalationId} || ':' || ${stepIndex}`;
  return sql`${deliveries.id} >= ${step} || '@' and ${deliveries.id} < ${step} || 'A'`;
}

/**
 * Every delivery of one chain (all its steps and rounds): the keys that start with `<escalation>:` (":" + 1 is
 * ";"), one range of the primary key. The chain is given by the column of an escalation row being joined.
 */
export function chainDeliveries(escalationId: SQLiteColumn): SQL {
  return sql`${deliveries.id} >= ${escalationId} || ':' and ${deliveries.id} < ${escalationId} || ';'`;
}

/**
 * Every quiet-hours catch-up delivery of one person: the keys that start with `quiet:<user>@` (quiet.ts
 * `catchUpKey`; "@" + 1 is "A"), one range of the primary key. A held step that fires at its rest's end
 * writes these instead of rows in its own range (ADR 064).
 */
export function catchUpDeliveries(userId: string): SQL {
  return sql`${deliveries.id} >= ${`quiet:${userId}@`} and ${deliveries.id} < ${`quiet:${userId}A`}`;
}

/**
 * The newest `sent_at` of the sent deliveries whose keys are `keys` (a list or a sub-select), or
 * `current` when that is newer or none was sent. One aggregate over both, which skips NULLs, so the
 * deliveries are read once.
 */
export function newestSentOr(keys: SQL, current: SQL): SQL {
  return sql`(select max(v) from (select d.sent_at as v from deliveries as d where d.id in ${keys} and d.status = 'sent' union all select ${current}))`;
}
