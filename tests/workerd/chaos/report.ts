/** What a simulation run did, as lines for the test output (and docs/reliability.md). */
import type { SimResult } from "./sim";

function sum(into: Record<string, number>, from: Record<string, number>) {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

/** Every figure of a run, summed; plus how many runs and which seeds failed. */
export type Totals = Omit<SimResult, "seed" | "violations"> & {
  runs: number;
  failingSeeds: { seed: number; violations: string[] }[];
};

export function totalsOf(results: SimResult[]): Totals {
  const totals: Totals = { runs: 0, simulatedMinutes: 0, operations: {}, timings: {}, faults: {}, logEvents: {}, invariantsChecked: 0, acceptedSends: 0, resentAfterTimeout: 0, auditRepairs: 0, lost: 0, failingSeeds: [] };
  for (const r of results) {
    totals.runs += 1;
    totals.simulatedMinutes += r.simulatedMinutes;
    sum(totals.operations, r.operations);
    sum(totals.faults, r.faults);
    sum(totals.timings, Object.fromEntries(Object.entries(r.timings).map(([k, v]) => [k, Math.round(v)])));
    sum(totals.logEvents, r.logEvents);
    totals.invariantsChecked += r.invariantsChecked;
    totals.acceptedSends += r.acceptedSends;
    totals.resentAfterTimeout += r.resentAfterTimeout;
    totals.auditRepairs += r.auditRepairs;
    totals.lost += r.lost;
    if (r.violations.length > 0) totals.failingSeeds.push({ seed: r.seed, violations: r.violations });
  }
  return totals;
}

const line = (record: Record<string, number>) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");

export function describeTotals(t: Totals): string {
  const faults = Object.values(t.faults).reduce((a, b) => a + b, 0);
  return [
    `chaos: ${t.runs} runs, ${t.simulatedMinutes} simulated minutes`,
    `  operations: ${line(t.operations)}`,
    `  faults injected (${faults}): ${line(t.faults)}`,
    `  real time (ms): ${line(t.timings)}`,
    `  engine error/warn log lines: ${line(t.logEvents)}`,
    `  accepted sends ${t.acceptedSends}; resent after a provider timed out after accepting: ${t.resentAfterTimeout}; auditor repairs: ${t.auditRepairs}`,
    `  invariants checked: ${t.invariantsChecked}; lost: ${t.lost}; violations: ${t.failingSeeds.reduce((n, f) => n + f.violations.length, 0)}`,
    ...t.failingSeeds.map((f) => `  FAILING SEED ${f.seed} (replay: CHAOS_SEED=${f.seed} npm run chaos):\n    ${f.violations.slice(0, 10).join("\n    ")}`),
  ].join("\n");
}
