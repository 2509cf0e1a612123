/**
 * A request's writes wait at a gate until a check has passed, while its reads go ahead. The API's writes check
 * that their access token was signed after the person's sessions last ended (ADR 115): that read runs beside the
 * route's own first read (one D1 wait, not two), and nothing the route writes reaches D1 before it has passed. A
 * failed check fails every held write with its own error.
 *
 * A statement is a write unless its SQL starts with SELECT (so a CTE waits too: too careful is only slower); a
 * batch always waits.
 */
export interface WriteGate {
  /** Resolves once every check held so far has passed; rejects with a failed check's error. */
  passed(): Promise<void>;
  /** Holds writes until `check` settles. */
  hold(check: Promise<void>): void;
}

export function newWriteGate(): WriteGate {
  let held: Promise<void> = Promise.resolve();
  return {
    passed: () => held,
    hold(check) {
      held = held.then(() => check);
      // Awaited by the writes (and by whoever armed it); never an unhandled rejection here.
      held.catch(() => undefined);
    },
  };
}

const GATED = Symbol("gated statement");
type Gated = D1PreparedStatement & { [GATED]: D1PreparedStatement };
const READ = /^\s*select\b/i;

function gateStatement(stmt: D1PreparedStatement, query: string, gate: WriteGate): Gated {
  const write = !READ.test(query);
  const after = async <R>(call: () => Promise<R>): Promise<R> => {
    if (write) await gate.passed();
    return call();
  };
  const gated = {
    [GATED]: stmt,
    bind: (...values: unknown[]) => gateStatement(stmt.bind(...values), query, gate),
    first: (column?: string) => after(() => (column === undefined ? stmt.first() : stmt.first(column))),
    all: () => after(() => stmt.all()),
    run: () => after(() => stmt.run()),
    raw: (options?: { columnNames?: boolean }) => after(() => (options?.columnNames ? stmt.raw({ columnNames: true }) : stmt.raw())),
  };
  return gated as unknown as Gated;
}

export function gatedD1(db: D1Database, gate: WriteGate): D1Database {
  return {
    prepare: (query: string) => gateStatement(db.prepare(query), query, gate),
    batch: async (statements: D1PreparedStatement[]) => {
      await gate.passed();
      return db.batch(statements.map((s) => (s as Partial<Gated>)[GATED] ?? s));
    },
    exec: async (query: string) => {
      await gate.passed();
      return db.exec(query);
    },
    dump: () => db.dump(),
    withSession: (...args: Parameters<D1Database["withSession"]>) => db.withSession(...args),
  } as D1Database;
}
