import AxeBuilder from "@axe-core/playwright";
import { expect, screenshotBoth, test } from "./fixtures";

test.describe("home page", () => {
  test("renders the hero, three feature cards and the sign-up call to action", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Reminders that wait until you act." })).toBeVisible();
    const cards = page.locator(".feature-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0).getByRole("heading")).toHaveText("Nudges that grow gently");
    await expect(page.getByRole("heading", { name: "Set your first reminder in a minute" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create my free account" })).toHaveAttribute("href", "/auth/register");
    await expect(page.getByRole("link", { name: "Get started free" })).toHaveAttribute("href", "/auth/register");
    await expect(page.getByRole("link", { name: "Go to my reminders" })).toHaveAttribute("href", "/dashboard");
  });

  test("the logged-out header offers Login and Get Started", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth/login");
    await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/auth/register");
    await expect(header.getByRole("link", { name: "Nudge", exact: true })).toHaveAttribute("href", "/");
  });

  test("/home lands on /", async ({ page }) => {
    await page.goto("/home");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reminders that wait until you act.");
  });

  test("the promo video starts playing on click, not before", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("promo-video")).toHaveCount(0);
    await page.getByRole("button", { name: "Watch how it works: play the 19-second video" }).click();
    const video = page.getByTestId("promo-video");
    await expect(video).toBeVisible();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0), { timeout: 15_000 })
      .toBe(true);
  });

  for (const [name, heading] of [
    ["Terms of Service", "Terms of Service"],
    ["Privacy Policy", "Privacy Policy"],
  ] as const) {
    test(`the ${name} modal opens, shows the effective date, and closes by button and by Escape`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("button", { name }).click();
      const dialog = page.getByRole("dialog", { name: heading });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Effective date: 07/07/2025");
      await expect(dialog.getByRole("link", { name: "support@nudge.example.com" })).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).first().click();
      await expect(dialog).toBeHidden();

      await page.getByRole("contentinfo").getByRole("button", { name }).click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    });
  }

  test("has no detectable accessibility violations", async ({ page }) => {
    await page.goto("/");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test("screenshots at 360 px and 1280 px", async ({ page }) => {
    await screenshotBoth(page, "home", "/");
    await page.setViewportSize({ width: 360, height: 780 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
