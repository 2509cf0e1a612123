/**
 * Races between an answer and the engine, and the auditor that repairs a chain left with no step
 * that can fire (issue 7, items 2 and 3; ADR 040). Era: 2049 (docs/testing.md). This file never
 * runs a tick (a tick claims every due step in the shared D1): it claims its own steps by hand and
 * calls the tick's services with a fixed "now".
 */
import { createExecutionContext, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { escalations, escalationSteps } from "../../db/schema";
import { queue } from "../../worker/handlers";
import type { Job } from "../../worker/queue-payloads";
import type { Deps } from "../../worker/services/deps";
import { createTask, snoozeTask } from "../../worker/services/tasks";
import { FakeQueue, MINUTE, dbWithRaceBeforeFirstBatch, depsAt, outboxTo, stepsOf, taskRow, testEra } from "./escalation-helpers";

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
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
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
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
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

describe("two snoozes at once", () => {
  it("shift the chain once: the later steps keep their spacing from the current one", async () => {
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
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
