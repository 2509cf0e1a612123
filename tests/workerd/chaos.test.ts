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
    journal.answers.push({ kind: "done", taskId: "task-1", seriesId: null, escalationIds: ["esc-1"], startSeq, endSeq: journal.seq(), via: "between_steps" });
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
});
