/**
 * A D1Database wrapper that adds up what every query cost: wall time spent waiting on D1 and the
 * rows D1 read and wrote (from each result's meta). /v1 reports it in `Server-Timing`; the jobs
 * log it; the escalation benchmark reads it.
 *
 * Drizzle runs selects through `stmt.raw()`, which returns no meta. The wrapper runs them through
 * `stmt.all()` instead and turns each row object into an array of its values, which is exactly
 * what Drizzle itself does for batched selects (`d1ToRawMapping`). The one consequence: a select
 * that returns two columns of the same name must alias one of them (as it must in a batch).
 */
export interface D1Meter {
  queries: number;
  durationMs: number;
  rowsRead: number;
  rowsWritten: number;
}

export function newMeter(): D1Meter {
  return { queries: 0, durationMs: 0, rowsRead: 0, rowsWritten: 0 };
}

function record(meter: D1Meter, startedAt: number, metas: (D1Meta | undefined)[]) {
  meter.durationMs += performance.now() - startedAt;
  for (const meta of metas) {
    meter.queries += 1;
    meter.rowsRead += meta?.rows_read ?? 0;
    meter.rowsWritten += meta?.rows_written ?? 0;
  }
}

const RAW = Symbol("raw statement");
type Wrapped = D1PreparedStatement & { [RAW]: D1PreparedStatement };

function wrapStatement(stmt: D1PreparedStatement, meter: D1Meter): Wrapped {
  const wrapped = {
    [RAW]: stmt,
    bind: (...values: unknown[]) => wrapStatement(stmt.bind(...values), meter),
    async first(column?: string) {
      const started = performance.now();
      const result = await stmt.all<Record<string, unknown>>();
      record(meter, started, [result.meta]);
      const row = result.results[0];
      if (row === undefined) return null;
      return column === undefined ? row : (row[column] ?? null);
    },
    async all() {
      const started = performance.now();
      const result = await stmt.all();
      record(meter, started, [result.meta]);
      return result;
    },
    async run() {
      const started = performance.now();
      const result = await stmt.run();
      record(meter, started, [result.meta]);
      return result;
    },
    async raw(options?: { columnNames?: boolean }) {
      const started = performance.now();
      const result = await stmt.all<Record<string, unknown>>();
      record(meter, started, [result.meta]);
      const rows = result.results.map((row) => Object.values(row));
      if (options?.columnNames) {
        const names = Object.keys(result.results[0] ?? {});
        return [names, ...rows];
      }
      return rows;
    },
  };
  return wrapped as unknown as Wrapped;
}

export function meteredD1(db: D1Database, meter: D1Meter): D1Database {
  return {
    prepare: (query: string) => wrapStatement(db.prepare(query), meter),
    async batch(statements: D1PreparedStatement[]) {
      const started = performance.now();
      const results = await db.batch(
        statements.map((s) => (s as Partial<Wrapped>)[RAW] ?? s),
      );
      record(
        meter,
        started,
        results.map((r) => r.meta),
      );
      return results;
    },
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (...args: Parameters<D1Database["withSession"]>) => db.withSession(...args),
  } as D1Database;
}

/** `Server-Timing` value for a meter: D1 wall time, plus rows read/written as descriptions. */
export function serverTimingHeader(meter: D1Meter, totalMs: number): string {
  return [
    `total;dur=${totalMs.toFixed(1)}`,
    `d1;dur=${meter.durationMs.toFixed(1)};desc="${meter.queries} queries"`,
    `d1-rows-read;desc="${meter.rowsRead}"`,
    `d1-rows-written;desc="${meter.rowsWritten}"`,
  ].join(", ");
}
