import { expect, expectConsoleErrors, test } from "./fixtures";

/**
 * The guard of fixtures.ts itself: an unexpected console error fails the test (docs/testing.md,
 * "console.error"). `test.fail()` turns that failure into this test's pass, so should the guard
 * ever stop failing tests, this test goes red.
 */
test.describe("the console-error guard", () => {
  test("an unexpected console error fails the test (expected to fail: listed with ✘, counted as passed)", async ({ page }) => {
    test.fail();
    await page.setContent(`<!doctype html><html lang="en"><title>guard</title><script>console.error("an error nobody expected")</script></html>`);
    await expect(page).toHaveTitle("guard");
  });

  test("an uncaught page error fails the test (expected to fail: listed with ✘, counted as passed)", async ({ page }) => {
    test.fail();
    await page.setContent(`<!doctype html><html lang="en"><title>guard</title><script>throw new Error("uncaught")</script></html>`);
    await expect(page).toHaveTitle("guard");
  });

  test("a declared console error does not", async ({ page, consoleErrors }) => {
    await page.setContent(`<!doctype html><html lang="en"><title>guard</title><script>console.error("Sign-out failed: on purpose")</script></html>`);
    await expect(page).toHaveTitle("guard");
    await expect.poll(() => consoleErrors.length).toBe(1);
    expectConsoleErrors(consoleErrors, [/Sign-out failed/]);
  });
});
