import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every browser test fails on a console error or an uncaught page error: a screen that works
 * but logs errors is not done.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // The test runner injects its own helper scripts into every frame; in the dev outbox's
        // sandboxed email preview (no allow-scripts, on purpose) Chromium blocks them and logs this.
        // A plain Chromium shows no such error (checked with playwright-core, no runner).
        if (message.text().startsWith("Blocked script execution in 'about:srcdoc'")) return;
        errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const VIEWPORTS = { phone: { width: 360, height: 780 }, desktop: { width: 1280, height: 860 } } as const;

/** Saves a full-page screenshot under test-results/screenshots/<name>-<viewport>.png. */
export async function screenshotBoth(page: Page, name: string, path: string) {
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png`, fullPage: true });
  }
}

/**
 * For tests that make a request fail on purpose (page.route answering 500 or aborting): Chromium
 * logs each failed resource as a console error, and some screens log what failed (spec: a failed
 * sign-out is "only logged"). Each pattern must have been seen at least once; the matching
 * errors are then removed, so any OTHER console error still fails the test.
 */
export function expectConsoleErrors(errors: string[], patterns: RegExp[]) {
  for (const pattern of patterns) {
    expect(errors.some((e) => pattern.test(e)), `a console error matching ${pattern} (got: ${JSON.stringify(errors)})`).toBe(true);
  }
  const rest = errors.filter((e) => !patterns.some((p) => p.test(e)));
  errors.splice(0, errors.length, ...rest);
}

/** The console errors a deliberately failed request leaves in Chromium. */
export const FAILED_REQUEST = /Failed to load resource|net::ERR_FAILED/;
