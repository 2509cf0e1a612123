/** Playwright reporter: after the run, the ten slowest browser tests (tests/slowest-tests.ts). */
import path from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { slowestReport, type TimedTest } from "../slowest-tests";

export default class SlowestTestsReporter implements Reporter {
  // Keyed by test, so a retried test counts with its last attempt.
  private readonly timed = new Map<string, TimedTest>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    const title = `${file}:${test.location.line} › ${test.titlePath().slice(3).join(" › ")}`;
    this.timed.set(test.id, { title, durationMs: result.duration, timeoutMs: test.timeout });
  }

  onEnd(): void {
    const lines = slowestReport("browser", [...this.timed.values()]);
    if (lines.length > 0) console.log(`\n${lines.join("\n")}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
