import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { registerThroughUi, uniqueEmail } from "./auth-helpers";
import { expect, screenshotBoth, test, VIEWPORTS } from "./fixtures";
import { signUp } from "./tasks-helpers";

/** Screenshots of every accounts screen at 360 px and 1280 px, no sideways scrolling, and axe. */

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** A screenshot of a state reached by `reach` (run again for each viewport). */
async function screenshotState(page: Page, name: string, reach: () => Promise<void>) {
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await reach();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png`, fullPage: true });
    await noHorizontalOverflow(page);
  }
}

const PUBLIC_SCREENS: Array<[string, string, string]> = [
  ["auth-login", "/auth/login", "Welcome back"],
  ["auth-register", "/auth/register", "Create your account"],
  ["auth-forgot-password", "/auth/forgot-password", "Forgot your password?"],
  ["auth-reset-password", "/auth/reset-password?email=someone%40example.com", "Choose a new password"],
  ["auth-verify-logged-out", "/auth/verify", "Verify your account"],
  ["auth-verify-email-missing", "/auth/verify-email", "We couldn't verify your email"],
  ["auth-magic-link-failed", "/auth/magic-link", "We couldn't sign you in"],
  ["auth-google-failed", "/auth/google/callback?error=1", "Sign-in Failed"],
  ["auth-sign-in-link", "/auth/sign-in-link", "Sign in with an emailed link"],
];

test.describe("accounts screens", () => {
  for (const [name, path, heading] of PUBLIC_SCREENS) {
    test(`${path}: screenshots, no overflow, no axe violations`, async ({ page }) => {
      await screenshotBoth(page, name, path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await noHorizontalOverflow(page);
      await axe(page);
    });
  }

  // One state per test (each took a third of the old combined test): steady on a loaded 2-core machine.
  test("forgot-password result card", async ({ page }) => {
    await screenshotState(page, "auth-forgot-password-sent", async () => {
      await page.goto("/auth/forgot-password");
      await page.getByLabel("Email Address").fill("nobody-here@example.com");
      await page.getByRole("button", { name: "Send Reset Email" }).click();
      await expect(page.getByRole("heading", { name: "Password Reset Email Sent!" })).toBeVisible();
    });
    await axe(page);
  });

  test("reset-password error for a wrong code", async ({ page }) => {
    await screenshotState(page, "auth-reset-password-error", async () => {
      await page.goto("/auth/reset-password?email=nobody-here%40example.com");
      await page.getByLabel("Reset Code").fill("12345678");
      await page.getByLabel("New Password", { exact: true }).fill("Brave-Heron-77");
      await page.getByLabel("Confirm New Password").fill("Brave-Heron-77");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid or expired reset code. Please try again.");
    });
  });

  test("register errors for passwords that differ", async ({ page }) => {
    await screenshotState(page, "auth-register-errors", async () => {
      await page.goto("/auth/register");
      await page.getByLabel("Password", { exact: true }).fill("Brave-Heron-77");
      await page.getByLabel("Confirm password").fill("Brave-Heron-7");
      await expect(page.getByText("Passwords do not match. Please check and try again.")).toBeVisible();
    });
    await axe(page);
  });
});

/**
 * The signed-in screens of a new, unverified user, one screen per test (together they needed over a
 * minute on CI's 2 cores). Registration through the screen is its own test; the others sign up
 * through the API, which leaves the same account and session cookies in the browser.
 */
test.describe("signed-in screens", () => {
  const NAME = "Alexandria Smith";

  test("after registering: the success message and Reminder Channels", async ({ page }) => {
    await registerThroughUi(page, NAME, uniqueEmail("screens"));
    await expect(page.getByText("Registration successful!", { exact: false })).toBeVisible();
    await axe(page);
    await screenshotState(page, "integrations-registered", async () => {
      await page.goto("/integrations?registered=1");
    });
  });

  for (const [name, path] of [
    ["dashboard-unverified", "/dashboard"],
    ["integrations", "/integrations"],
    ["auth-verify", "/auth/verify"],
    ["settings", "/settings"],
    ["onboarding", "/onboarding"],
    ["emergency-contacts-signed-in", "/emergency-contacts"],
    ["menu-page", "/menu"],
  ] as const) {
    test(`${path}: screenshots, no overflow, no axe violations`, async ({ page }) => {
      await signUp(page, { verified: false, name: NAME });
      await screenshotBoth(page, name, path);
      await noHorizontalOverflow(page);
      await axe(page);
    });
  }

  test("/auth/magic-link while it verifies", async ({ page }) => {
    await signUp(page, { verified: false, name: NAME });
    const name = "auth-magic-link-pending";
    // The page starts the POST by itself; show the waiting state by keeping it from running.
    await page.route("**/auth/magic-link*", (route) => (route.request().method() === "POST" ? new Promise(() => undefined) : route.continue()));
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/auth/magic-link?token=not-a-real-token-but-long-enough");
    await expect(page.getByRole("heading", { level: 1, name: "Verifying Magic Link..." })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/${name}-phone.png`, fullPage: true });
    await page.unroute("**/auth/magic-link*");
  });

  test("the account menu, open", async ({ page }) => {
    await signUp(page, { verified: false, name: NAME });
    await screenshotState(page, "menu-open", async () => {
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Account menu" }).click();
      await expect(page.getByTestId("menu-name")).toHaveText("ALEXANDR…");
    });
    await axe(page);
  });
});
