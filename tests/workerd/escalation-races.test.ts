/**
 * Races between an answer and the engine, and the auditor that repairs a chain left with no step
 * that can fire (issue 7, items 2 and 3; ADR 041). Era: 2049 (docs/testing.md). This file never
 * runs a tick (a tick claims every due step in the shared D1): it claims its own steps by hand and
 * calls the tick's services with a fixed "now".
 */
import { createExecutionContext, env, getQueueResult } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { deliveries, escalations, escalationSteps, tasks } from "../../db/schema";
import { queue } from "../../worker/handlers";
import type { Job } from "../../worker/queue-payloads";
import { fixedClock } from "../../worker/services/clock";
import { createDeps, type Deps } from "../../worker/services/deps";
import { auditEscalations, buryExhaustedSteps, type AuditCursor } from "../../worker/services/escalation";
import { liveChainsQuery } from "../../worker/services/escalation/audit";
import { completeTask, createTask, snoozeTask } from "../../worker/services/tasks";
import { expectConsoleError } from "./console-errors";
import { FakeQueue, MINUTE, d1FailingBatches, dbWithRaceBeforeFirstBatch, depsAt, outboxTo, stepsOf, taskRow, tasksOfUser, testEra } from "./escalation-helpers";

const ERA = Date.parse("2049-01-01T09:00:00Z");
const DAY = 24 * 60 * MINUTE;
const { user } = testEra(new Date(ERA));

let day = 0;
/** Each test gets its own day in 2049, 09:00 UTC. */
function nextDueTime(): number {
  day += 1;
  return ERA + day * DAY;
}

async function newTask(userId: string, dueAt: number) {
  return createTask(depsAt(dueAt - 60 * MINUTE).deps, userId, { title: "Take pills", dueDate: new Date(dueAt).toISOString() });
}

/** Arrange: a new user with a one-off task due on the next free day. */
async function userWithTaskDue() {
  const T = nextDueTime();
  const u = await user();
  const task = await newTask(u.id, T);
  return { T, u, task };
}

/** Claims a step by hand, as a tick would, and returns its queue message. */
async function claim(stepId: string, at: number): Promise<Job> {
  const claimId = `claim-${crypto.randomUUID()}`;
  await depsAt(at).deps.db.update(escalationSteps).set({ state: "claimed", claimedBy: claimId, leaseUntil: at + 5 * MINUTE }).where(eq(escalationSteps.id, stepId));
  return { type: "escalation.step", stepId, claimId };
}

/** Runs the queue consumer on `jobs` at `at`. */
async function consume(jobs: Job[], at: number) {
  const fake = new FakeQueue();
  fake.pending.push(...jobs);
  const batch = fake.take();
  await queue(batch, env, depsAt(at).deps);
  return getQueueResult(batch, createExecutionContext());
}

/** Deps whose first batch is preceded by `before()`: what landed between this request's read and its write. */
function racing(at: number, before: () => Promise<unknown>): Deps {
  const { deps } = depsAt(at);
  return { ...deps, db: dbWithRaceBeforeFirstBatch(deps.db, before) };
}

async function escalationOf(taskId: string) {
  const [row] = await depsAt(ERA).deps.db.select().from(escalations).where(eq(escalations.taskId, taskId));
  return row;
}

describe("a snooze racing the consumer's final batch", () => {
  it("the next step the consumer made pending is shifted, never put back to waiting", async () => {
    const { T, u, task } = await userWithTaskDue();
    const job = await claim((await stepsOf(task.id))[0]!.id, T);

    // The snooze reads the chain (step 0 claimed), then the consumer sends step 0 and makes step 1
    // pending, then the snooze writes.
    await snoozeTask(
      racing(T, () => consume([job], T)),
      u.id,
      task.id,
      { minutes: 30 },
    );
    expect(await outboxTo(u.email)).toHaveLength(1);
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: T + 30 * MINUTE });
    // Step 1 (due T+15) is the chain's current step now: it fires at the end of the snooze, and the
    // steps after it keep their spacing.
    expect((await stepsOf(task.id)).map((s) => [s.state, s.dueAt - T])).toEqual([
      ["sent", 0],
      ["pending", 30 * MINUTE],
      ["waiting", 45 * MINUTE],
      ["waiting", 75 * MINUTE],
    ]);
    expect((await escalationOf(task.id))?.state).toBe("paused");
  });

  it("a snooze while the last step is sent still reminds: the chain ran out in between, so one more ping is added", async () => {
    const { T, u, task } = await userWithTaskDue();
    const steps = await stepsOf(task.id);
    const { deps } = depsAt(T);
    for (const s of steps.slice(0, 3)) await deps.db.update(escalationSteps).set({ state: "sent", sentAt: s.dueAt }).where(eq(escalationSteps.id, s.id));
    const last = steps[3]!;
    const at = last.dueAt;
    const job = await claim(last.id, at);

    await snoozeTask(
      racing(at, () => consume([job], at)),
      u.id,
      task.id,
      { minutes: 10 },
    );
    const after = await stepsOf(task.id);
    expect(after.map((s) => s.state)).toEqual(["sent", "sent", "sent", "sent", "pending"]);
    expect(after[4]).toMatchObject({ stepIndex: 4, dueAt: at + 10 * MINUTE });
    expect((await escalationOf(task.id))?.state).toBe("paused");
  });
});

describe("a snooze racing a done", () => {
  it("leaves the finished chain alone: no step shifted, no extra ping", async () => {
    const { T, u, task } = await userWithTaskDue();
    await snoozeTask(
      racing(T, () => completeTask(depsAt(T).deps, u.id, task.id)),
      u.id,
      task.id,
      { minutes: 30 },
    );
    expect((await taskRow(task.id))?.status).toBe("COMPLETED");
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
    expect((await escalationOf(task.id))?.state).toBe("completed");
  });
});

describe("two snoozes at once", () => {
  it("shift the chain once: the later steps keep their spacing from the current one", async () => {
    const { T, u, task } = await userWithTaskDue();
    const at = T - 10 * MINUTE;
    // Both read the chain before either writes.
    await snoozeTask(
      racing(at, () => snoozeTask(depsAt(at).deps, u.id, task.id, { minutes: 20 })),
      u.id,
      task.id,
      { minutes: 20 },
    );
    expect((await stepsOf(task.id)).map((s) => [s.state, s.dueAt - T])).toEqual([
      ["pending", 10 * MINUTE],
      ["waiting", 25 * MINUTE],
      ["waiting", 40 * MINUTE],
      ["waiting", 70 * MINUTE],
    ]);
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: T + 10 * MINUTE });
  });
});

describe("the tick's bury path", () => {
  it("is one batch per chain: a D1 failure between burying a step and moving its chain on cannot strand the chain", async () => {
    expectConsoleError(/escalation\.step\.dead/);
    const { T, task } = await userWithTaskDue();
    const [first] = await stepsOf(task.id);
    // Six consumers took step 0 and died; its last lease ran out.
    await depsAt(T).deps.db
      .update(escalationSteps)
      .set({ state: "sending", claimedBy: "claim-dead", leaseUntil: T + 2 * MINUTE, attempts: 6 })
      .where(eq(escalationSteps.id, first!.id));
    const at = T + 3 * MINUTE;
    const failing = createDeps({ ...env, DB: d1FailingBatches(env.DB, (queries) => queries.some((q) => q.includes('"deliveries"'))) }, { clock: fixedClock(at) });
    await expect(buryExhaustedSteps(failing, { now: at, claimId: "tick-1", limit: 500 })).rejects.toThrow(/D1_ERROR/);

    // The next tick buries it, and the chain moves on.
    await buryExhaustedSteps(depsAt(at + MINUTE).deps, { now: at + MINUTE, claimId: "tick-2", limit: 500 });
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["dead", "pending", "waiting", "waiting"]);
    const rows = await depsAt(at).deps.db.select().from(deliveries).where(eq(deliveries.taskId, task.id));
    expect(rows.map((r) => r.status)).toEqual(["dead"]);
  });
});

describe("the active-escalation auditor", () => {
  /** The sweep from just before this test's chains (earlier days belong to earlier tests). */
  const from = (T: number): AuditCursor => ({ startedAt: T - 1, id: "" });

  function repairedLines(spy: { mock: { calls: unknown[][] } }) {
    return spy.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>).filter((l) => l.event === "escalation.audit_repaired");
  }

  it("makes the next step pending when it was left waiting behind a sent one, logs it loudly, and leaves healthy chains alone", async () => {
    const T = nextDueTime();
    const u = await user();
    const stuck = await newTask(u.id, T);
    const healthy = await newTask(u.id, T);
    const [sent] = await stepsOf(stuck.id);
    await depsAt(T).deps.db.update(escalationSteps).set({ state: "sent", sentAt: T }).where(eq(escalationSteps.id, sent!.id));
    const before = await stepsOf(healthy.id);

    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await auditEscalations(depsAt(T + 20 * MINUTE).deps, { now: T + 20 * MINUTE, after: from(T), limit: 100 });
    const again = await auditEscalations(depsAt(T + 21 * MINUTE).deps, { now: T + 21 * MINUTE, after: from(T), limit: 100 });
    const lines = repairedLines(spy);
    spy.mockRestore();

    expect(result).toMatchObject({ examined: 2, repaired: 1, next: null });
    expect(again.repaired).toBe(0);
    const steps = await stepsOf(stuck.id);
    expect(steps.map((s) => s.state)).toEqual(["sent", "pending", "waiting", "waiting"]);
    expect(steps[1]!.dueAt).toBe(T + 15 * MINUTE);
    expect(await stepsOf(healthy.id)).toEqual(before);
    expect(lines).toEqual([{ level: "error", event: "escalation.audit_repaired", repair: "next_step_pending", escalationId: steps[1]!.escalationId, taskId: stuck.id, stepId: steps[1]!.id }]);
  });

  it("ends a chain with nothing left to send like its last step would (a recurring task continues)", async () => {
    expectConsoleError(/escalation\.audit_repaired/);
    const T = nextDueTime();
    const u = await user();
    const task = await createTask(depsAt(T - 60 * MINUTE).deps, u.id, { title: "Take pills", dueDate: new Date(T).toISOString(), recurrence: { freq: "daily" } });
    const { deps } = depsAt(T);
    for (const s of await stepsOf(task.id)) await deps.db.update(escalationSteps).set({ state: s.stepIndex === 3 ? "dead" : "sent" }).where(eq(escalationSteps.id, s.id));

    const result = await auditEscalations(depsAt(T + 2 * 60 * MINUTE).deps, { now: T + 2 * 60 * MINUTE, after: from(T), limit: 100 });
    expect(result.repaired).toBe(1);
    expect((await escalationOf(task.id))?.state).toBe("exhausted");
    expect((await taskRow(task.id))?.escalationHaltedAt).toBe(T + 2 * 60 * MINUTE);
    const all = await tasksOfUser(u.id);
    expect(all.map((t) => [t.status, t.dueAt - T])).toEqual([
      ["PENDING", 24 * 60 * MINUTE],
      ["PENDING", 0],
    ]);
  });

  it("ends the chain of a task that was answered when its escalation was left running", async () => {
    expectConsoleError(/escalation\.audit_repaired/);
    const { T, task } = await userWithTaskDue();
    const { deps } = depsAt(T);
    await deps.db.update(tasks).set({ status: "COMPLETED", completedAt: T }).where(eq(tasks.id, task.id));
    await deps.db.update(escalationSteps).set({ state: "cancelled" }).where(eq(escalationSteps.taskId, task.id));
    await deps.db
      .update(escalationSteps)
      .set({ state: "waiting" })
      .where(and(eq(escalationSteps.taskId, task.id), eq(escalationSteps.stepIndex, 3)));

    expect((await auditEscalations(depsAt(T + MINUTE).deps, { now: T + MINUTE, after: from(T), limit: 100 })).repaired).toBe(1);
    expect((await escalationOf(task.id))?.state).toBe("completed");
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
  });

  it("is bounded: a slice per tick by the partial index, from where the last one stopped", async () => {
    const T = nextDueTime();
    const u = await user();
    const one = await newTask(u.id, T);
    const two = await newTask(u.id, T + MINUTE);
    const { deps } = depsAt(T + 2 * MINUTE);
    const first = await auditEscalations(deps, { now: T + 2 * MINUTE, after: from(T), limit: 1 });
    expect(first).toMatchObject({ examined: 1, next: { startedAt: T, id: (await escalationOf(one.id))!.id } });
    const second = await auditEscalations(deps, { now: T + 2 * MINUTE, after: first.next, limit: 1 });
    expect(second).toMatchObject({ examined: 1, next: { startedAt: T + MINUTE, id: (await escalationOf(two.id))!.id } });
    expect(await auditEscalations(deps, { now: T + 2 * MINUTE, after: second.next, limit: 1 })).toMatchObject({ examined: 0, next: null });

    // The sweep reads the partial index in order: no scan of all escalations, no sort.
    const query = liveChainsQuery(deps.db, { now: T, after: first.next, limit: 100 }).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(details[0]).toMatch(/SEARCH escalations USING (COVERING )?INDEX escalations_live_idx/);
    expect(details.join("\n")).not.toMatch(/SCAN escalations|TEMP B-TREE/);
  });
});
