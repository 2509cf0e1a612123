import type { Page } from "@playwright/test";
import { codeFrom, createAccount, registerThroughUi, signIn, uniqueEmail, waitForEmail, linkFrom } from "./auth-helpers";
import { expect, expectConsoleErrors, FAILED_REQUEST, test } from "./fixtures";
import { signUp } from "./tasks-helpers";

/**
 * The spec's timings (spec 01 section 9, spec 02 section 9), both bounds, with Playwright's fake
 * clock: the page's timers only move when the test moves them. The clock is installed before the
 * page loads; `freeze` stops it just before the step that starts a timer, so "2.9 s later" means
 * exactly that.
 */

/**
 * Stops the page's clock (half a second ahead of the page's now, so the jump is never into the
 * past while the clock still runs): timers fire only through runFor from here on.
 */
async function freeze(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
}

/**
 * Waits until React has hydrated the page: a click before that is the browser's own form post, which
 * sends at once and would look like a timer that fired too early (the Resend test failed that way once
 * on a loaded machine).
 */
async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

test.describe("timed messages and redirects (fake clock)", () => {
  test("/auth/verify: the success message shows for 3 s", async ({ page, request }) => {
    await page.clock.install();
    const email = uniqueEmail("timing-verify");
    await registerThroughUi(page, "Tia Timer", email);
    const mail = await waitForEmail(request, email, "Verify your email");
    await page.goto("/auth/verify");
    await hydrated(page);
    await page.getByLabel("Email verification code").fill(codeFrom(mail));
    await freeze(page);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    const success = page.getByText("Your email address is verified. Thank you!");
    await expect(success).toBeVisible();
    await page.clock.runFor(2_900);
    await expect(success).toBeVisible();
    await page.clock.runFor(200);
    await expect(success).toBeHidden();
    // Verified for good: only the transient message went away.
    await expect(page.getByText(`Your email address ${email} is verified.`)).toBeVisible();
  });

  test("/auth/verify: the auto-filled-code note shows for 8 s", async ({ page, request }) => {
    const { email } = await createAccount(request, "Nora Note");
    await page.clock.install();
    await signIn(page, email);
    await freeze(page);
    // Loaded with the clock stopped: the note's 8 s start when the page hydrates, at this instant.
    await page.goto("/auth/verify?code=12345678");
    const note = page.getByText("We filled in the code from your email. Press Verify to finish.");
    await expect(note).toBeVisible();
    await expect(page.getByLabel("Email verification code")).toHaveValue("12345678");
    await page.clock.runFor(7_900);
    await expect(note).toBeVisible();
    await page.clock.runFor(200);
    await expect(note).toBeHidden();
  });

  test("/auth/verify: 'Resend code' waits 500 ms after the last click, then sends once", async ({ page, request }) => {
    const { email } = await createAccount(request, "Reese Resend");
    await page.clock.install();
    await signIn(page, email);
    await page.goto("/auth/verify");
    await hydrated(page);
    const sends: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/auth/verify") && (r.postData() ?? "").includes("intent=resend")) sends.push(r.url());
    });
    await freeze(page);
    await page.getByRole("button", { name: "Resend code" }).click();
    await page.clock.runFor(300);
    await page.getByRole("button", { name: "Sending..." }).click();
    await page.clock.runFor(300);
    await page.getByRole("button", { name: "Sending..." }).click();
    // 499 ms after the last click (1.1 s after the first): nothing sent yet.
    await page.clock.runFor(499);
    await page.waitForTimeout(300); // real time for a request that should not exist to show up
    expect(sends).toHaveLength(0);
    await page.clock.runFor(1);
    await expect.poll(() => sends.length).toBe(1);
    await expect(page.getByText(`We sent a new code to ${email}.`, { exact: false })).toBeVisible();
    await page.clock.runFor(5_000);
    await page.waitForTimeout(300);
    expect(sends).toHaveLength(1);
  });

  test("/auth/verify without a session: registration follows after 3 s", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await freeze(page);
    await page.goto("/auth/verify");
    await expect(page.getByText("Please register or log in first.")).toBeVisible();
    await expect(page.getByText("Taking you to registration in 3 seconds…")).toBeVisible();
    await page.clock.runFor(2_900);
    await expect(page).toHaveURL(/\/auth\/verify$/);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test("the link page goes to Reminder Channels 5 s after verifying", async ({ page, request }) => {
    const email = uniqueEmail("timing-link");
    await createAccount(request, "Lin Timer", email, "UTC");
    const mail = await waitForEmail(request, email, "Verify your email");
    await page.clock.install();
    await signIn(page, email);
    await freeze(page);
    await page.goto(linkFrom(mail, "/auth/verify-email"));
    await expect(page.getByText("Taking you to your reminder channels in 5 seconds.")).toBeVisible();
    await page.clock.runFor(4_900);
    await expect(page).toHaveURL(/\/auth\/verify-email\?/);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/integrations$/);
  });

  test("the link page's redirect waits for a load in flight instead of cutting it short", async ({ page, request }) => {
    const email = uniqueEmail("timing-held");
    await createAccount(request, "Hal Held", email, "UTC");
    const mail = await waitForEmail(request, email, "Verify your email");
    await page.clock.install();
    await signIn(page, email);
    await freeze(page);
    // The revalidation after the verifying POST is held until the test lets it go.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let posted = false;
    let heldUrl = "";
    await page.route(/\/auth\/verify-email\.data/, async (route) => {
      if (route.request().method() === "POST") posted = true;
      else if (posted && !heldUrl) {
        heldUrl = route.request().url();
        await released;
      }
      await route.continue().catch(() => undefined);
    });
    await page.goto(linkFrom(mail, "/auth/verify-email"));
    await expect(page.getByText("Taking you to your reminder channels in 5 seconds.")).toBeVisible();
    // The router's loads (`.data`) from here on: the dashboard's own requests, cut by the goto above,
    // do not count.
    const failed: string[] = [];
    page.on("requestfailed", (failedRequest) => {
      if (failedRequest.url().includes(".data")) failed.push(`${failedRequest.url()} ${failedRequest.failure()?.errorText}`);
    });
    expect(heldUrl, "the revalidation is held").not.toBe("");
    await page.clock.runFor(5_100);
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/auth\/verify-email\?/);
    release();
    await expect(page).toHaveURL(/\/integrations$/);
    expect(failed, "no load was cut short").toEqual([]);
  });

  test("settings: the time zone saved message shows for 3 s", async ({ page, request }) => {
    const { email } = await createAccount(request, "Sid Settings");
    await page.clock.install();
    await signIn(page, email);
    await page.goto("/settings");
    await hydrated(page);
    await page.getByRole("combobox", { name: "Timezone" }).selectOption("Europe/Paris");
    await freeze(page);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = page.getByText("Timezone saved. Reminders now follow Europe/Paris time.");
    await expect(saved).toBeVisible();
    await page.clock.runFor(2_900);
    await expect(saved).toBeVisible();
    await page.clock.runFor(200);
    await expect(saved).toBeHidden();
  });

  test("settings: the default strategy message shows for 3 s", async ({ page }) => {
    await page.clock.install();
    await signUp(page);
    await page.goto("/settings");
    await hydrated(page);
    const block = page.getByRole("region", { name: "Default Escalation Strategy" });
    await block.getByLabel("Select Default Strategy").selectOption("gentle");
    await freeze(page);
    await block.getByRole("button", { name: "Update Default Strategy" }).click();
    const success = block.getByText("Default escalation strategy updated successfully!");
    await expect(success).toBeVisible();
    await page.clock.runFor(2_900);
    await expect(success).toBeVisible();
    await page.clock.runFor(200);
    await expect(success).toBeHidden();
  });

  test("new task: the dashboard follows 2 s after 'Task created successfully!'", async ({ page }) => {
    await page.clock.install();
    await signUp(page);
    await page.goto("/task-creator");
    await hydrated(page);
    await page.getByLabel("Task Title").fill("Timed task");
    await freeze(page);
    await page.getByRole("button", { name: "Create Task" }).click();
    await expect(page.getByText("Task created successfully!")).toBeVisible();
    // The fake clock jumps 2 s at once; let the action's revalidation land first, or the redirect
    // aborts it mid-flight and the router logs an AbortError (a real user has the full 2 s).
    await page.waitForLoadState("networkidle");
    await page.clock.runFor(1_900);
    await expect(page).toHaveURL(/\/task-creator$/);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator("article.task-card").filter({ hasText: "Timed task" })).toHaveCount(1);
  });

  test("plain-language box: 'Failed to create reminder.' shows for 3.5 s when the call fails", async ({ page, consoleErrors }) => {
    await page.clock.install();
    await signUp(page);
    await page.goto("/task-creator");
    await hydrated(page);
    // The request never reaches the server (offline): the box says so in plain words.
    await page.route("**/task-creator.data*", (route) => (route.request().method() === "POST" ? route.abort("failed") : route.continue()));
    const box = page.getByRole("region", { name: "Or just type it" });
    await box.getByLabel("Your reminder").fill("remind me to water the plants in 2 hours");
    await freeze(page);
    await box.getByRole("button", { name: "Create Reminder" }).click();
    const failure = box.getByText("Failed to create reminder.");
    await expect(failure).toBeVisible();
    await page.clock.runFor(3_400);
    await expect(failure).toBeVisible();
    await page.clock.runFor(200);
    await expect(failure).toBeHidden();
    expectConsoleErrors(consoleErrors, [FAILED_REQUEST]);
  });
});
