import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH, CHROMIUM_QUIET_ARGS } from "./scripts/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 8799);

// Browser end-to-end suite: Debian's Chromium against `wrangler dev` of the built app.
export default defineConfig({
  testDir: "tests/browser",
  outputDir: "test-results/browser",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The usual list, then the ten slowest tests (docs/testing.md, "The slow-test report").
  reporter: [["list"], ["./tests/browser/slowest-reporter.ts"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_QUIET_ARGS, "--autoplay-policy=no-user-gesture-required"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/serve-e2e.mjs",
    url: `http://localhost:${port}/v1/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
