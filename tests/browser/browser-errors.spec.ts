import { rmSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { migrateLocal, startWrangler } from "../../scripts/lib.mjs";
import { startFake, type RunningFake } from "../fakes/node";
import { fakeSentry, type FakeSentry } from "../fakes/sentry";
import { expect, expectConsoleErrors, test } from "./fixtures";

// The pages' unhandled errors reach Sentry through our Worker, scrubbed (issue 14). This file runs its
// own server with SENTRY_DSN pointing at a fake Sentry ingest (ports 18828 and 18829, reserved for
// it), so the rest of the suite runs without error reporting.
const FAKE_PORT = 18828;
const PORT = 18829;
const BASE = `http://localhost:${PORT}`;

let fake: RunningFake;
let sentry: FakeSentry;
let server: ChildProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sentry = fakeSentry({ origin: `http://127.0.0.1:${FAKE_PORT}` });
  fake = await startFake(sentry, FAKE_PORT);
  const persistTo = `.wrangler/e2e-state-${PORT}`;
  rmSync(persistTo, { recursive: true, force: true });
  await migrateLocal(persistTo);
  const started = await startWrangler({ port: PORT, persistTo, quiet: true, vars: { DEV_OUTBOX: "true", APP_URL: BASE, SENTRY_DSN: sentry.dsn } });
  server = started.child;
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await fake?.close();
});

test.use({ baseURL: BASE });

test("an uncaught error and an unhandled rejection on a page reach Sentry, scrubbed, once each", async ({ page, consoleErrors }) => {
  // A page with scripts (the home page ships none to a signed-out visitor).
  await page.goto("/auth/login");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    setTimeout(() => {
      throw new TypeError("Boom for ana@example.com with code 482913");
    });
    setTimeout(() => {
      throw new TypeError("Boom for ana@example.com with code 482913"); // the same one again: sent once
    });
    void Promise.reject(new Error("Rejected while saving"));
  });
  const events = () => sentry.itemsOf("event").map(([, event]) => event as { logger: string; tags: Record<string, string>; exception: { values: Array<{ type: string; value: string }> } });
  await expect.poll(() => events().length, { timeout: 15_000 }).toBe(2);
  const [thrown, rejected] = [events().find((e) => e.tags.kind === "error"), events().find((e) => e.tags.kind === "unhandledrejection")];
  expect(thrown?.exception.values[0]).toMatchObject({ type: "TypeError", value: "Boom for [redacted] with code [redacted]" });
  expect(rejected?.exception.values[0]).toMatchObject({ type: "Error", value: "Rejected while saving" });
  expect(thrown?.logger).toBe("nudge-browser");
  expectConsoleErrors(consoleErrors, [/Boom for ana@example\.com/, /Rejected while saving/]);
});

test("an interrupted navigation's AbortError is neither logged nor reported; a real rejection after it still is", async ({ page, consoleErrors }) => {
  await page.goto("/auth/login");
  await page.waitForLoadState("networkidle");
  const before = sentry.itemsOf("event").length;
  await page.evaluate(() => {
    // What Remix's router leaves unhandled when a newer navigation cancels one in flight.
    void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
    // A rejection that is not a cancellation: still logged and reported.
    setTimeout(() => void Promise.reject(new Error("Rejected after the cancellation")), 50);
  });
  const events = () => sentry.itemsOf("event").slice(before).map(([, event]) => event as { exception: { values: Array<{ type: string; value: string }> } });
  await expect.poll(() => events().length, { timeout: 15_000 }).toBe(1);
  expect(events()[0]?.exception.values[0]).toMatchObject({ type: "Error", value: "Rejected after the cancellation" });
  // Only the real one reached the console; the fixture holds that nothing else did (no AbortError). The report can
  // reach the fake Sentry before Playwright hands over the page's error event (seen once in CI), so wait for it.
  await expect.poll(() => consoleErrors.some((e) => /Rejected after the cancellation/.test(e)), { timeout: 5_000 }).toBe(true);
  expectConsoleErrors(consoleErrors, [/Rejected after the cancellation/]);
});
