/**
 * The fault-injection simulation, short: a few fixed seeds over a small world (tests/workerd/chaos/,
 * docs/testing.md "The chaos simulation"). The long run is `npm run chaos`. It uses its own D1
 * (CHAOS_DB), so its ticks never claim another file's steps.
 */
import { describe, expect, it } from "vitest";
import { describeTotals, totalsOf } from "./chaos/report";
import { runSimulation } from "./chaos/sim";

const SEEDS = [1, 2];

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
