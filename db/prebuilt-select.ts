import { fillPlaceholders, getTableColumns, type Column } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { createDb, type Db } from "./client";

/** Only its query builder is used: building SQL never touches the client. */
const builder = createDb({} as D1Database);

/** What a Drizzle select builder gives when asked for its SQL. */
interface Buildable {
  toSQL(): { sql: string; params: unknown[] };
}

export interface PrebuiltSelect<Row, Values> {
  /** The SQL, built once: what `EXPLAIN QUERY PLAN` tests read. */
  readonly sql: string;
  /** Its parameters with the placeholders filled in from `values`. */
  params(values: Values): unknown[];
  /** Runs it on a request's client (metered or not) and returns whole rows, as Drizzle maps them. */
  all(db: Db, values: Values): Promise<Row[]>;
}

/**
 * A select of whole rows of `table` (`db.select().from(table)...`) whose SQL Drizzle builds once, at
 * module load, with `sql.placeholder(name)` for every value that changes between calls.
 *
 * Why: building a select's SQL is most of what Drizzle costs on a hot read (about 60 µs for the task
 * list, as much as D1 spends reading its 21 rows locally; issue 8, docs/performance.md). A Drizzle
 * prepared statement would keep the SQL too, but it belongs to one client, and each request has its
 * own (metered) client. The rows are mapped with the table's own column decoders, in the order
 * `select()` lists the columns (the table's), which is what Drizzle itself does for such a select.
 */
export function prebuiltSelect<T extends SQLiteTable, Values extends Record<string, unknown>>(
  table: T,
  build: (db: Db) => Buildable,
): PrebuiltSelect<T["$inferSelect"], Values> {
  const query = build(builder).toSQL();
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const params = (values: Values) => fillPlaceholders(query.params, values);
  return {
    sql: query.sql,
    params,
    async all(db, values) {
      const rows = await db.$client.prepare(query.sql).bind(...params(values)).raw();
      // A select of chosen fields would map onto the wrong keys: say so at once instead.
      if (rows[0] && rows[0].length !== columns.length) throw new Error(`prebuiltSelect: ${rows[0].length} columns, ${columns.length} expected`);
      return rows.map((row) => toRow<T["$inferSelect"]>(columns, row));
    },
  };
}

function toRow<Row>(columns: [string, Column][], values: unknown[]): Row {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const [key, column] = columns[i]!;
    const value = values[i];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Row;
}
