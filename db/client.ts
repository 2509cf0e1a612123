import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof createDb>;

/**
 * A Drizzle client over a D1 binding (metered or not): one per request, since each request meters its own.
 *
 * Without `{ schema }` on purpose: given the schema, `drizzle()` rebuilds its relational config
 * (`extractTablesRelationalConfig`, every table and relation) on each call, for `db.query.*`, which
 * nothing here uses (queries are built with `select`/`insert`/`update`/`delete` over the tables).
 * That is about 20 µs per client in Node (small; a CPU profile through the inspector overstates it
 * many times, docs/performance.md). A test holds it.
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
}

export { schema };
