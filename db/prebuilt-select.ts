import { fillPlaceholders, type Column } from "drizzle-orm";
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
  /** Runs it on a request's client (metered or not) and returns the rows, as Drizzle maps them. */
  all(db: Db, values: Values): Promise<Row[]>;
}

/** A row of the chosen columns, each typed as Drizzle types it (null where the column may be). */
export type RowOf<Fields extends Record<string, Column>> = {
  [K in keyof Fields]: Fields[K]["_"]["notNull"] extends true ? Fields[K]["_"]["data"] : Fields[K]["_"]["data"] | null;
};

/**
 * A select of `fields` (`db.select(fields).from(table)...`) whose SQL Drizzle builds once, at module load,
 * with `sql.placeholder(name)` for every value that changes between calls. `getTableColumns(table)` for
 * whole rows.
 *
 * Why: building a select's SQL is most of what Drizzle costs on a hot read (about 60 µs for the task
 * list, as much as D1 spends reading its 21 rows locally; issue 8, docs/performance.md). A Drizzle
 * prepared statement would keep the SQL too, but it belongs to one client, and each request has its
 * own (metered) client. The rows are mapped with the columns' own decoders, in the order of `fields`
 * (the order in which Drizzle selects them), which is what Drizzle itself does for such a select.
 */
export function prebuiltSelect<Fields extends Record<string, Column>, Values extends Record<string, unknown>>(
  fields: Fields,
  build: (db: Db, fields: Fields) => Buildable,
): PrebuiltSelect<RowOf<Fields>, Values> {
  const query = build(builder, fields).toSQL();
  const columns = Object.entries(fields);
  const params = (values: Values) => fillPlaceholders(query.params, values);
  return {
    sql: query.sql,
    params,
    async all(db, values) {
      const rows = await db.$client.prepare(query.sql).bind(...params(values)).raw();
      // A select of other fields than `fields` would map onto the wrong keys: say so at once instead.
      if (rows[0] && rows[0].length !== columns.length) throw new Error(`prebuiltSelect: ${rows[0].length} columns, ${columns.length} expected`);
      return rows.map((row) => toRow<RowOf<Fields>>(columns, row));
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
