/**
 * The end-of-run report both suites print (docs/testing.md, "The slow-test report"): the ten
 * slowest tests with their times and their share of their time limit. A test past half its limit
 * is marked: on a loaded 2-core CI machine it is the one that times out next, so split it.
 */
export interface TimedTest {
  title: string;
  durationMs: number;
  timeoutMs: number;
}

const COUNT = 10;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The report's lines (without printing), slowest first. */
export function slowestReport(suite: string, tests: TimedTest[]): string[] {
  const slowest = [...tests].sort((a, b) => b.durationMs - a.durationMs).slice(0, COUNT);
  if (slowest.length === 0) return [];
  const lines = [`The ${slowest.length} slowest ${suite} tests (limit in brackets; "!" = over half of it):`];
  for (const test of slowest) {
    const share = test.timeoutMs > 0 ? test.durationMs / test.timeoutMs : 0;
    const mark = share > 0.5 ? "!" : " ";
    lines.push(`${mark} ${seconds(test.durationMs).padStart(7)} (${seconds(test.timeoutMs)})  ${test.title}`);
  }
  const over = tests.filter((test) => test.timeoutMs > 0 && test.durationMs > test.timeoutMs / 2).length;
  lines.push(over === 0 ? "No test took over half its limit." : `${over} test(s) took over half their limit: split them (one screen or flow per test), or give inherently heavy work its own limit.`);
  return lines;
}
