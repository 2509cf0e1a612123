/**
 * The tick within the platform's limits (issue 7 item 5, ADR 044): a call budget per invocation
 * (D1 queries + Queue sends), a failing part that does not abort the rest, and no lease churn
 * under a backlog. Ticks here run over their own D1 (TICK_DB, emptied before each test), so they
 * never claim another file's due steps; the budget is counted on the REAL binding's calls.
 */
import { applyD1Migrations, env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runTick } from "../../worker/jobs/tick";
import { MAX_IN_FLIGHT, TICK_RESERVE } from "../../worker/jobs/tick-budget";
import type { Env } from "../../worker/env";
import type { Job } from "../../worker/queue-payloads";
import { fixedClock } from "../../worker/services/clock";
import { createDeps } from "../../worker/services/deps";
import { expectConsoleError } from "./console-errors";

const T = Date.parse("2030-05-01T08:00:00Z");
const MINUTE = 60_000;
let migrated = false;

beforeEach(async () => {
  const db = env.TICK_DB;
  if (!migrated) {
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    migrated = true;
  }
  await db.batch(["cron_runs", "users"].map((table) => db.prepare(`DELETE FROM ${table}`)));
});

/** A Queue binding that records every sendBatch call, and fails the calls `failing` names (1-based). */
class RecordingQueue {
  calls = 0;
  sent: string[] = [];
  constructor(private readonly failing: Set<number> = new Set()) {}
  get asQueue(): Queue<Job> {
    const sendBatch = async (items: Iterable<MessageSendRequest<Job>>) => {
      this.calls += 1;
      if (this.failing.has(this.calls)) throw new Error("Queue send failed: internal error");
      for (const item of items) if (item.body.type === "escalation.step") this.sent.push(item.body.stepId);
      return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0, oldestMessageTimestamp: undefined } } };
    };
    return { sendBatch, send: async (body: Job) => sendBatch([{ body }]), metrics: async () => ({ backlogCount: 0, backlogBytes: 0 }) } as unknown as Queue<Job>;
  }
}

/** `count` users' first steps, due at `dueAt`, in `state` (with `leaseUntil` for claimed ones). */
async function seedSteps(count: number, options: { dueAt?: number; state?: string; leaseUntil?: number | null; prefix?: string } = {}) {
  const prefix = options.prefix ?? crypto.randomUUID().slice(0, 8);
  const dueAt = options.dueAt ?? T;
  const n = `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${count - 1})`;
  await env.TICK_DB.batch([
    env.TICK_DB.prepare(`${n} insert into users (id, name, email, is_verified, timezone, consent) select '${prefix}-u-' || (i % 50), 'Tick', '${prefix}-' || (i % 50) || '@example.com', 1, 'UTC', 1 from n where i < 50`),
    env.TICK_DB.prepare(`${n} insert into tasks (id, user_id, title, due_at, status, strategy_key, source, created_at) select '${prefix}-t-' || i, '${prefix}-u-' || (i % 50), 'Backlog', ?, 'PENDING', 'gentle', 'api', ? from n`).bind(dueAt, dueAt),
    env.TICK_DB.prepare(`${n} insert into escalations (id, task_id, strategy_key, steps, state, started_at, created_at) select '${prefix}-e-' || i, '${prefix}-t-' || i, 'gentle', '[]', 'running', ?, ? from n`).bind(dueAt, dueAt),
    env.TICK_DB.prepare(
      `${n} insert into escalation_steps (id, escalation_id, task_id, step_index, channels, due_at, state, lease_until, claimed_by, created_at) select '${prefix}-s-' || i, '${prefix}-e-' || i, '${prefix}-t-' || i, 0, '["email"]', ?, ?, ?, ?, ? from n`,
    ).bind(dueAt, options.state ?? "pending", options.leaseUntil ?? null, options.state === "claimed" ? "earlier-tick" : null, dueAt),
  ]);
  return prefix;
}

/** Deps over TICK_DB (optionally wrapped), with a fresh meter, as one cron invocation has. */
function tickDeps(at: number, overrides: Partial<Env> = {}, db: D1Database = env.TICK_DB) {
  return createDeps({ ...env, DB: db, ...overrides }, { clock: fixedClock(at) });
}

describe("the tick's call budget", () => {
  it("on the free plan's 50 (budget 45) a backlog of 5,000 first pings is taken over several ticks, each within budget, each step queued once", async () => {
    await seedSteps(5_000);
    const queue = new RecordingQueue();
    const ticks: Array<{ claimed: number; calls: number; stoppedBy: string | null }> = [];
    for (let minute = 0; minute < 10 && queue.sent.length < 5_000; minute++) {
      const deps = tickDeps(T + minute * MINUTE, { TICK_CALL_BUDGET: "45" });
      const sendsBefore = queue.calls;
      const result = await runTick(deps, T + minute * MINUTE, queue.asQueue);
      // Counted on the real binding (the D1 meter) and the queue's own record, not the tick's word.
      const realCalls = deps.meter.queries + (queue.calls - sendsBefore);
      expect(realCalls).toBeLessThanOrEqual(45);
      expect(result.calls).toBe(realCalls);
      ticks.push({ claimed: result.claimed, calls: realCalls, stoppedBy: result.stoppedBy });
    }
    expect(queue.sent).toHaveLength(5_000);
    expect(new Set(queue.sent).size).toBe(5_000);
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks[0]).toMatchObject({ stoppedBy: "budget" });
    expect(ticks.at(-1)!.stoppedBy).toBeNull();
  });

  it("the paid plan's default budget takes a 15,000-step minute in one tick, with the reserve kept", async () => {
    await seedSteps(15_000);
    const queue = new RecordingQueue();
    const deps = tickDeps(T);
    const result = await runTick(deps, T, queue.asQueue);
    expect(result).toMatchObject({ claimed: 15_000, stoppedBy: null });
    expect(deps.meter.queries + queue.calls).toBe(result.calls);
    expect(result.calls + TICK_RESERVE).toBeLessThanOrEqual(900);
  });
});

describe("one failing part does not abort the tick", () => {
  it("a failed sendBatch: the other sends go, the run is recorded, and the lost steps are taken again when their lease ends", async () => {
    await seedSteps(250);
    expectConsoleError(/cron\.enqueue_failed/);
    const queue = new RecordingQueue(new Set([2]));
    const result = await runTick(tickDeps(T), T, queue.asQueue);
    expect(result.claimed).toBe(250);
    expect(queue.calls).toBe(3);
    expect(queue.sent).toHaveLength(150);
    const run = await env.TICK_DB.prepare("select claimed, finished_at from cron_runs where id = ?").bind(result.cronRunId).first<{ claimed: number; finished_at: number | null }>();
    expect(run).toMatchObject({ claimed: 250 });
    expect(run?.finished_at).not.toBeNull();

    // Within the lease nothing is claimed twice...
    const soon = await runTick(tickDeps(T + MINUTE), T + MINUTE, queue.asQueue);
    expect(soon.claimed).toBe(0);
    // ...after it, the expired pass takes every step whose message never went (and the others, still untaken here).
    const later = await runTick(tickDeps(T + 6 * MINUTE), T + 6 * MINUTE, queue.asQueue);
    expect(later.claimed).toBe(250);
    expect(new Set(queue.sent).size).toBe(250);
  });

  it("a failed D1 call in the audit or in one pass: the other passes still claim, and the run is recorded", async () => {
    await seedSteps(30, { prefix: "first" });
    // Steps whose lease ran out (a lost message): the expired pass, made to fail here.
    await seedSteps(20, { prefix: "lost", state: "claimed", leaseUntil: T - MINUTE });
    const failing = failingD1(env.TICK_DB, (sql) => /from "escalations"/.test(sql) || /"lease_until" </.test(sql));
    expectConsoleError(/escalation\.audit_failed|cron\.(audit|claim)_failed/);
    const queue = new RecordingQueue();
    const result = await runTick(tickDeps(T, {}, failing.db), T, queue.asQueue);
    expect(failing.failures).toBeGreaterThanOrEqual(2);
    // The audit and the expired pass failed; the first pings were still claimed and queued.
    expect(queue.sent.filter((id) => id.startsWith("first-"))).toHaveLength(30);
    expect(queue.sent.filter((id) => id.startsWith("lost-"))).toHaveLength(0);
    const run = await env.TICK_DB.prepare("select finished_at from cron_runs where id = ?").bind(result.cronRunId).first<{ finished_at: number | null }>();
    expect(run?.finished_at).not.toBeNull();
    // The next tick, with D1 well again, rescues the lost ones.
    const next = await runTick(tickDeps(T + MINUTE), T + MINUTE, queue.asQueue);
    expect(next.claimed).toBe(20);
  });
});

describe("no lease churn under a backlog", () => {
  it(`with ${MAX_IN_FLIGHT} steps still waiting in the queue, no new step is claimed; expired leases are still rescued`, async () => {
    await seedSteps(MAX_IN_FLIGHT, { prefix: "waiting", state: "claimed", leaseUntil: T + 4 * MINUTE });
    await seedSteps(40, { prefix: "new" });
    await seedSteps(10, { prefix: "lost", state: "claimed", leaseUntil: T - MINUTE });
    const queue = new RecordingQueue();
    const result = await runTick(tickDeps(T), T, queue.asQueue);
    expect(result.stoppedBy).toBe("backpressure");
    expect(queue.sent.every((id) => id.startsWith("lost-"))).toBe(true);
    expect(queue.sent).toHaveLength(10);
    const waiting = await env.TICK_DB.prepare("select count(*) as n from escalation_steps where id like 'waiting-%' and claimed_by = 'earlier-tick'").first<{ n: number }>();
    expect(waiting?.n).toBe(MAX_IN_FLIGHT);
  });
});

/** TICK_DB, with every statement whose SQL `shouldFail` names failing the way D1 fails. */
function failingD1(db: D1Database, shouldFail: (sql: string) => boolean) {
  const state = { failures: 0 };
  const fail = () => {
    state.failures += 1;
    throw new Error("D1_ERROR: Network connection lost.");
  };
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    ({
      bind: (...values: unknown[]) => wrap(stmt.bind(...values), sql),
      first: (column?: string) => (shouldFail(sql) ? fail() : column === undefined ? stmt.first() : stmt.first(column)),
      all: () => (shouldFail(sql) ? fail() : stmt.all()),
      run: () => (shouldFail(sql) ? fail() : stmt.run()),
      raw: (options?: { columnNames?: boolean }) => (shouldFail(sql) ? fail() : stmt.raw(options as { columnNames: true })),
      __sql: sql,
      __inner: stmt,
    }) as unknown as D1PreparedStatement;
  const wrapped = {
    prepare: (sql: string) => wrap(db.prepare(sql), sql),
    batch: (statements: D1PreparedStatement[]) => {
      const inner = statements as unknown as Array<{ __sql: string; __inner: D1PreparedStatement }>;
      if (inner.some((s) => shouldFail(s.__sql))) return Promise.resolve(fail());
      return db.batch(inner.map((s) => s.__inner));
    },
    exec: (sql: string) => db.exec(sql),
    dump: () => db.dump(),
    withSession: () => db.withSession(),
  } as unknown as D1Database;
  return {
    db: wrapped,
    get failures() {
      return state.failures;
    },
  };
}
