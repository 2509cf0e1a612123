/**
 * The long fault-injection run (`npm run chaos`, vitest.chaos.config.ts): many seeds over a larger
 * world, then one summary of what it did. Environment:
 * - CHAOS_SEED=<n>: replay one seed (prints every violation of that seed);
 * - CHAOS_RUNS=<n> (default 200) seeds from CHAOS_FIRST_SEED (default 1000);
 * - CHAOS_MINUTES=<n> (default 10): stop starting new seeds after this much real time.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { describeTotals, totalsOf } from "./report";
import { runSimulation, type SimResult } from "./sim";

const settings: Partial<Record<"CHAOS_SEED" | "CHAOS_RUNS" | "CHAOS_FIRST_SEED" | "CHAOS_MINUTES", string>> = env;
const single = settings.CHAOS_SEED ? Number(settings.CHAOS_SEED) : null;
const runs = Number(settings.CHAOS_RUNS ?? 200);
const first = Number(settings.CHAOS_FIRST_SEED ?? 1000);
const budgetMs = Number(settings.CHAOS_MINUTES ?? 10) * 60_000;

describe("the engine under faults, long run", () => {
  it("keeps every invariant over many seeds", async () => {
    const started = Date.now();
    const seeds = single === null ? Array.from({ length: runs }, (_, i) => first + i) : [single];
    const results: SimResult[] = [];
    for (const seed of seeds) {
      if (Date.now() - started > budgetMs) break;
      results.push(await runSimulation({ seed, users: 4, tasksPerUser: [1, 2], activeMinutes: 30 }));
    }
    const totals = totalsOf(results);
    console.log(`${describeTotals(totals)}\n  seeds ${seeds[0]}..${results.at(-1)?.seed} in ${Math.round((Date.now() - started) / 1000)} s`);
    expect(totals.failingSeeds.map((f) => f.seed)).toEqual([]);
  }, 60 * 60_000);
});
