/**
 * A workerd test fails on an unexpected `console.error` (docs/testing.md): code that works but logs
 * errors is not done. setup.ts installs the hooks for every test file; a test that logs an error on
 * purpose says so first, anywhere before the error (the test body, or its describe's beforeEach):
 *
 *   expectConsoleError(/queue\.retry/, /escalation\.step\.dead/);
 *
 * A declared error is allowed, not required (retries can depend on timing), and is kept out of the
 * output; anything else is printed as usual and fails the test when it ends. A test that spies on
 * console.error itself (vi.spyOn(console, "error")) handles its errors on its own.
 */
import { afterEach, beforeEach } from "vitest";

interface Watch {
  expected: RegExp[];
  unexpected: string[];
  original: typeof console.error;
}

// One watch per test file run; on globalThis so the setup file and the test files share it however
// the runner loads modules.
const KEY = Symbol.for("nudge.tests.consoleErrors");
const slot = globalThis as typeof globalThis & { [KEY]?: Watch };

function describeArg(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return value.stack ?? String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Declares that this test logs errors matching any of `patterns` (a RegExp, or text the line contains). */
export function expectConsoleError(...patterns: Array<RegExp | string>): void {
  const watch = slot[KEY];
  if (!watch) throw new Error("expectConsoleError is for use inside a test (tests/workerd/setup.ts installs the watch)");
  for (const pattern of patterns) {
    watch.expected.push(typeof pattern === "string" ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : pattern);
  }
}

/** Installs the watch: beforeEach replaces console.error, afterEach puts it back and judges. */
export function failOnUnexpectedConsoleErrors(): void {
  beforeEach(() => {
    const watch: Watch = { expected: [], unexpected: [], original: console.error };
    slot[KEY] = watch;
    console.error = (...args: unknown[]) => {
      const line = args.map(describeArg).join(" ");
      if (watch.expected.some((pattern) => pattern.test(line))) return;
      watch.unexpected.push(line);
      watch.original(...args);
    };
  });

  afterEach(() => {
    const watch = slot[KEY];
    if (!watch) return;
    console.error = watch.original;
    slot[KEY] = undefined;
    if (watch.unexpected.length > 0) {
      const lines = watch.unexpected.map((line) => `  ${line.slice(0, 500)}`).join("\n");
      throw new Error(
        `Unexpected console.error (${watch.unexpected.length}); declare it with expectConsoleError(/.../) if the test means it:\n${lines}`,
      );
    }
  });
}
