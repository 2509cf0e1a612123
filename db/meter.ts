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
  /**
   * D1 waits one after another: a call (a statement, or a batch) counts when it starts while no
   * other call of this meter is in flight. Reads started together (`Promise.all`, one `batch`) are
   * one wait. On Cloudflare each wait is a network round trip to the database's region, so this,
   * not `queries`, is what a page's D1 latency grows with.
   */
  roundTrips: number;
  durationMs: number;
  rowsRead: number;
  rowsWritten: number;
}

export function newMeter(): D1Meter {
  return { queries: 0, roundTrips: 0, durationMs: 0, rowsRead: 0, rowsWritten: 0 };
}

/** Calls in flight per meter (kept out of the meter, which is plain figures). */
const inFlight = new WeakMap<D1Meter, number>();

/**
 * Runs one D1 call and adds up what it cost: its wait, its round trip when nothing else was in
 * flight, and each statement's rows from `metasOf(result)`. A failed call still ends its wait.
 */
async function metered<R>(meter: D1Meter, call: () => Promise<R>, metasOf: (result: R) => (D1Meta | undefined)[]): Promise<R> {
  const running = inFlight.get(meter) ?? 0;
  if (running === 0) meter.roundTrips += 1;
  inFlight.set(meter, running + 1);
  const started = performance.now();
  try {
    const result = await call();
    for (const meta of metasOf(result)) {
      meter.queries += 1;
      meter.rowsRead += meta?.rows_read ?? 0;
      meter.rowsWritten += meta?.rows_written ?? 0;
    }
    return result;
  } finally {
    meter.durationMs += performance.now() - started;
    inFlight.set(meter, (inFlight.get(meter) ?? 1) - 1);
  }
}

const RAW = Symbol("raw statement");
type Wrapped = D1PreparedStatement & { [RAW]: D1PreparedStatement };

const metaOf = (result: D1Result) => [result.meta];

function wrapStatement(stmt: D1PreparedStatement, meter: D1Meter): Wrapped {
  const wrapped = {
    [RAW]: stmt,
    bind: (...values: unknown[]) => wrapStatement(stmt.bind(...values), meter),
    async first(column?: string) {
      const result = await metered(meter, () => stmt.all<Record<string, unknown>>(), metaOf);
      const row = result.results[0];
      if (row === undefined) return null;
      return column === undefined ? row : (row[column] ?? null);
    },
    all: () => metered(meter, () => stmt.all(), metaOf),
    run: () => metered(meter, () => stmt.run(), metaOf),
    async raw(options?: { columnNames?: boolean }) {
      const result = await metered(meter, () => stmt.all<Record<string, unknown>>(), metaOf);
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
    batch: (statements: D1PreparedStatement[]) =>
      metered(
        meter,
        () => db.batch(statements.map((s) => (s as Partial<Wrapped>)[RAW] ?? s)),
        (results) => results.map((r) => r.meta),
      ),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (...args: Parameters<D1Database["withSession"]>) => db.withSession(...args),
  } as D1Database;
}

/**
 * `Server-Timing` value for a meter: D1 wall time, plus round trips and rows read/written as
 * descriptions; and `auth` (the token check's time) when the request ran one.
 */
export function serverTimingHeader(meter: D1Meter, totalMs: number, authMs?: number): string {
  return [
    `total;dur=${totalMs.toFixed(1)}`,
    ...(authMs === undefined ? [] : [`auth;dur=${authMs.toFixed(1)}`]),
    `d1;dur=${meter.durationMs.toFixed(1)};desc="${meter.queries} queries"`,
    `d1-round-trips;desc="${meter.roundTrips}"`,
    `d1-rows-read;desc="${meter.rowsRead}"`,
    `d1-rows-written;desc="${meter.rowsWritten}"`,
  ].join(", ");
}
