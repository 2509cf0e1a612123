import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/**
 * D1 batches. D1 has no interactive transactions: a batch runs its statements in order, as one
 * transaction, so multi-row writes (and writes that depend on an earlier write) go in one batch.
 */

/** One statement of a D1 batch. */
export type Statement = BatchItem<"sqlite">;

/** What a statement answers inside a batch: rows for a select or a `returning`, D1's result otherwise. */
export type StatementResult<S extends Statement> = S["_"]["result"];

/** The answers of a batch of named statements, under the same names. */
export type NamedResults<N extends Record<string, Statement>> = { [K in keyof N]: StatementResult<N[K]> };

export async function runBatch(db: Db, statements: Statement[]): Promise<void> {
  const [first, ...rest] = statements;
  if (!first) return;
  await db.batch([first, ...rest]);
}

/**
 * One batch: the `writes` first (their answers are not needed), then the `named` statements in the
 * order of their keys; returns the answers of the named ones by name. So a caller reads
 * `results.existing` instead of counting positions from the end of the batch's answer.
 */
export async function runNamedBatch<N extends Record<string, Statement>>(db: Db, named: N, writes: Statement[] = []): Promise<NamedResults<N>> {
  // Object.keys and Object.values list a record in the same order.
  const names = Object.keys(named);
  const [first, ...rest] = [...writes, ...Object.values(named)];
  if (!first) return {} as NamedResults<N>;
  const answers = await db.batch([first, ...rest]);
  const offset = writes.length;
  return Object.fromEntries(names.map((name, i) => [name, answers[offset + i]])) as NamedResults<N>;
}

/**
 * INSERT ... SELECT <values> WHERE <condition> ON CONFLICT DO NOTHING: the rows are written only if
 * `condition` holds when the statement runs, i.e. after the statements before it in the same batch.
 * This is how one write of a batch depends on another (ADR 029).
 * Every column is written, in table order (what Drizzle's insert-select expects); a column a row
 * leaves out gets its default exactly as `.values()` would give it.
 */
export function insertIfStatement<T extends SQLiteTable>(db: Db, table: T, rows: Array<T["$inferInsert"]>, condition: SQL): Statement {
  const columns = insertableColumns(table);
  const selects = rows.map((row) => {
    const values = columns.map(([key, column]) => {
      const value = (row as Record<string, unknown>)[key];
      if (value !== undefined) return sql.param(value, column);
      if (column.default !== undefined && column.default !== null) return is(column.default, SQL) ? column.default : sql.param(column.default, column);
      if (column.defaultFn) {
        const made = column.defaultFn();
        return is(made, SQL) ? made : sql.param(made, column);
      }
      return sql`null`;
    });
    return sql`select ${sql.join(values, sql`, `)} where ${condition}`;
  });
  return db.insert(table).select(sql.join(selects, sql` union all `)).onConflictDoNothing();
}

/**
 * INSERT ... SELECT ... FROM json_each(?) ON CONFLICT DO NOTHING: many rows in ONE statement with ONE
 * bound parameter (D1 allows 100 parameters per statement, so `.values(rows)` stops at a handful of
 * rows). Each row goes as a JSON array of its columns' driver values (booleans as 0/1, JSON columns as
 * text), in table order; a column a row leaves out gets its default as `.values()` would give it.
 */
export function insertManyStatement<T extends SQLiteTable>(db: Db, table: T, rows: Array<T["$inferInsert"]>): Statement {
  const columns = insertableColumns(table);
  const data = rows.map((row) =>
    columns.map(([key, column]) => {
      let value = (row as Record<string, unknown>)[key];
      if (value === undefined && column.defaultFn) value = column.defaultFn();
      if (value === undefined && column.default !== undefined) value = column.default;
      if (value === undefined || value === null) return null;
      // An SQL value (or SQL default) cannot travel in JSON: such rows are written with .values().
      if (is(value, SQL)) throw new Error(`insertManyStatement: column ${key} has an SQL value; write it with .values()`);
      return column.mapToDriverValue(value) as unknown;
    }),
  );
  const picks = columns.map((_, i) => sql.raw(`json_extract(value, '$[${i}]')`));
  // "where true": SQLite needs it to tell the upsert's ON CONFLICT from a join's ON.
  return db
    .insert(table)
    .select(sql`select ${sql.join(picks, sql`, `)} from json_each(${JSON.stringify(data)}) where true`)
    .onConflictDoNothing();
}

/** A table's columns an insert-select writes, in table order: Drizzle leaves generated ones out (none of ours has one). */
function insertableColumns<T extends SQLiteTable>(table: T) {
  const generated = (column: unknown) => (column as { shouldDisableInsert?: () => boolean }).shouldDisableInsert?.() === true;
  return Object.entries(getTableColumns(table)).filter(([, column]) => !generated(column));
}
