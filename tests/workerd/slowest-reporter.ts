/** Vitest reporter: after the run, the ten slowest workerd tests (tests/slowest-tests.ts). */
import type { Reporter, TestModule } from "vitest/node";
import { slowestReport, type TimedTest } from "../slowest-tests";

export default class SlowestTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed: TimedTest[] = [];
    for (const module of testModules) {
      const fallback = module.project.config.testTimeout;
      for (const test of module.children.allTests()) {
        const diagnostic = test.diagnostic();
        if (!diagnostic) continue;
        timed.push({ title: `${module.relativeModuleId} > ${test.fullName}`, durationMs: diagnostic.duration, timeoutMs: test.options.timeout ?? fallback });
      }
    }
    const lines = slowestReport("workerd", timed);
    if (lines.length > 0) console.log(`\n${lines.join("\n")}\n`);
  }
}
