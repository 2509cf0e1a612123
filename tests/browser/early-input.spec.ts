import type { Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { signUp } from "./tasks-helpers";

/**
 * What a person does before the page's script has run is kept once it runs (app/lib/replay-early-input.ts).
 * CI (2026-11-26) caught the settings page with "Gentle" chosen and "Update Default Strategy" disabled:
 * the choice was made before hydration, React never saw it, and its state kept the saved strategy.
 * Here the app's script is held back on purpose, so "before" is certain rather than a race.
 */
async function holdTheScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

test.describe("input made before the page hydrates", () => {
  test("settings: a strategy chosen early can be saved once the page is ready", async ({ page }) => {
    await signUp(page);
    const release = await holdTheScript(page);
    await page.goto("/settings", { waitUntil: "domcontentloaded" });
    const block = page.getByRole("region", { name: "Default Escalation Strategy" });
    await block.getByLabel("Select Default Strategy").selectOption("gentle");
    // A value no one typed (as a browser restores into a field on Back) is not replayed: only what
    // the person did on this page is.
    const zone = page.getByRole("combobox", { name: "Timezone" });
    await zone.evaluate((select) => {
      if (select instanceof HTMLSelectElement) select.value = "Europe/Paris";
    });
    await expect(zone).toHaveValue("Europe/Paris");
    expect(await hydrated(page), "the choice was made before the script ran").toBe(false);

    release();
    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    await expect(block.getByLabel("Select Default Strategy")).toHaveValue("gentle");
    // The page's state follows the screen: the steps shown are Gentle's, and the choice can be saved or reset.
    await expect(block.getByText("What Gentle (pings only) does:")).toBeVisible();
    await expect(block.getByRole("button", { name: "Reset" })).toBeEnabled();
    await expect(page.getByRole("region", { name: "Timezone" }).getByRole("button", { name: "Save", exact: true })).toBeDisabled();
    await block.getByRole("button", { name: "Update Default Strategy" }).click();
    await expect(block.getByText("Default escalation strategy updated successfully!")).toBeVisible();
    await expect(block.getByText(/Right now:/)).toContainText("Right now: Gentle (pings only).");
  });

  test("register: fields typed and the consent ticked early count once the page is ready", async ({ page }) => {
    const release = await holdTheScript(page);
    await page.goto("/auth/register", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Name").fill("Early Eve");
    await page.getByLabel("Email").fill(uniqueEmail("early"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("combobox", { name: "Timezone" }).selectOption("Europe/Paris");
    await page.getByRole("checkbox", { name: /I agree to the/ }).check();
    expect(await hydrated(page), "all of it was done before the script ran").toBe(false);

    release();
    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    const create = page.getByRole("button", { name: "Create Account" });
    // Before the fix: the box was ticked on screen but not in the page's state, so this stayed disabled.
    await expect(create).toBeEnabled();
    await expect(page.getByRole("checkbox", { name: /I agree to the/ })).toBeChecked();
    // The zone picked by hand wins over the browser's own, which the page sets once it runs.
    await expect(page.getByRole("combobox", { name: "Timezone" })).toHaveValue("Europe/Paris");
    // The page knows the password typed early: a confirmation that now differs is caught at once.
    await page.getByLabel("Confirm password").press("End");
    await page.getByLabel("Confirm password").press("x");
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm password").press("Backspace");
    await expect(page.getByText("Passwords do not match")).toBeHidden();
    await create.click();
    await expect(page).toHaveURL(/\/(integrations|onboarding)/);
  });
});
