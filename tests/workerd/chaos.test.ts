/**
 * The fault-injection simulation, short: a few fixed seeds over a small world (tests/workerd/chaos/,
 * docs/testing.md "The chaos simulation"). The long run is `npm run chaos`. It uses its own D1
 * (CHAOS_DB), so its ticks never claim another file's steps.
 */
import { describe, expect, it } from "vitest";
import { describeTotals, totalsOf } from "./chaos/report";
import { checkInvariants } from "./chaos/invariants";
import { escalationOfKey, Journal } from "./chaos/journal";
import { runSimulation } from "./chaos/sim";
import { freshChaosDb } from "./chaos/world";

const SEEDS = [1, 2, 3];

describe("the engine under faults (seeded simulation)", () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: no reminder lost, nothing sent after an answer, no key sent twice, one next occurrence`, async () => {
      const result = await runSimulation({ seed, users: 3, tasksPerUser: [1, 2], activeMinutes: 30 });
      console.log(describeTotals(totalsOf([result])));
      expect(result.violations, `replay with CHAOS_SEED=${seed} npm run chaos`).toEqual([]);
      expect(result.invariantsChecked).toBeGreaterThan(20);
    }, 30_000);
  }
});

describe("the simulation's checker", () => {
  it("catches a send after done beyond the one in flight, and a key sent twice without a timeout", async () => {
    const raw = await freshChaosDb();
    const journal = new Journal();
    const send = (key: string) => {
      const startSeq = journal.seq();
      journal.sends.push({ key, escalationId: escalationOfKey(key), medium: "email", startSeq, endSeq: journal.seq(), at: 0 });
    };
    send("esc-1:0@1:email:a@example.com");
    const startSeq = journal.seq();
    journal.answers.push({ kind: "done", taskId: "task-1", seriesId: null, escalationIds: ["esc-1"], startSeq, endSeq: journal.seq(), at: 0, via: "between_steps" });
    send("esc-1:1@2:email:a@example.com"); // the one in flight: allowed
    send("esc-1:2@3:email:a@example.com"); // one more: a violation
    send("esc-2:0@1:sms:+15550000001");
    send("esc-2:0@1:sms:+15550000001"); // twice, no timeout: a violation
    journal.timedOutAfterAccept.set("esc-3:0@1:sms:+15550000002", 1);
    send("esc-3:0@1:sms:+15550000002");
    send("esc-3:0@1:sms:+15550000002"); // twice after a timeout: allowed, counted

    const report = await checkInvariants(raw, journal, { now: 0, futureAfter: 0 });
    expect(report.violations).toEqual([
      expect.stringMatching(/^sent after done \(between_steps\) of task task-1: 2 messages/),
      expect.stringMatching(/^key esc-2:0@1:sms:\+15550000001 was accepted 2 times with 0 timeouts/),
    ]);
    expect(report.resentAfterTimeout).toBe(2);
  });

  it("a moved task still open must have a chain started since the move that ran its course; a check-back counts (seed 16155)", async () => {
    const raw = await freshChaosDb();
    await raw.prepare("INSERT INTO users (id, name, email, is_verified, timezone, created_at) VALUES ('u-1', 'Chaos', 'u-1@example.com', 1, 'UTC', 0)").run();
    const chain = (id: string, task: string, kind: string, state: string, createdAt: number) =>
      raw
        .prepare("INSERT INTO escalations (id, task_id, strategy_key, kind, steps, state, started_at, created_at) VALUES (?, ?, 'standard', ?, '[]', ?, ?, ?)")
        .bind(id, task, kind, state, createdAt, createdAt)
        .run();
    for (const task of ["moved-then-checked-back", "moved-into-silence"]) {
      await raw.prepare("INSERT INTO tasks (id, user_id, title, due_at, status, strategy_key, created_at) VALUES (?, 'u-1', ?, 1000, 'PENDING', 'standard', 0)").bind(task, task).run();
    }
    // Moved at 1000; the new chain acknowledged, its check-back snoozed and run out: not silent.
    await chain("old-1", "moved-then-checked-back", "reminder", "cancelled", 0);
    await chain("new-1", "moved-then-checked-back", "reminder", "acknowledged", 1000);
    await chain("check-1", "moved-then-checked-back", "check_back", "exhausted", 2000);
    // Moved at 1000; only a chain from before the move ran its course, the new one was cancelled: silent.
    await chain("old-2", "moved-into-silence", "reminder", "exhausted", 0);
    await chain("new-2", "moved-into-silence", "reminder", "cancelled", 1000);
    const journal = new Journal();
    for (const taskId of ["moved-then-checked-back", "moved-into-silence"]) {
      const startSeq = journal.seq();
      journal.answers.push({ kind: "move", taskId, seriesId: null, escalationIds: [], startSeq, endSeq: journal.seq(), at: 1000, via: "between_steps" });
    }
    const report = await checkInvariants(raw, journal, { now: 5000, futureAfter: 0 });
    expect(report.violations).toEqual([expect.stringMatching(/^silent: task moved-into-silence was opened again or moved and is PENDING, but no chain started since ran its course\n {6}task \{"status":"PENDING"/)]);
  });
});
