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

  test("settings: a choice made while the hydrated page's effects are pending is kept", async ({ page }) => {
    await signUp(page);
    // The moment CI caught (session 30): React has hydrated the page and not yet run its effects when the person
    // changes the select, so React runs them before it handles that change. The page's replay of early input used
    // to run there, nested: its change made React put the select back on the saved value, and the person's own
    // change then carried that value. Their choice was lost, "Update" stayed disabled.
    // React's scheduler runs the effects from a message it posts to itself; the first one posted after the
    // hydration is committed is held back here until the person's change has been made, so the moment is certain.
    await page.addInitScript(() => {
      type Fiber = { return: Fiber | null; stateNode: unknown };
      const committedUnmarked = (select: HTMLSelectElement) => {
        const key = Object.keys(select).find((name) => name.startsWith("__reactFiber"));
        let top = key ? ((select as unknown as Record<string, Fiber>)[key] ?? null) : null;
        while (top?.return) top = top.return;
        const root = top?.stateNode as { current?: { memoizedState?: { isDehydrated?: boolean } } } | undefined;
        return root?.current?.memoizedState?.isDehydrated === false && document.documentElement.dataset.hydrated !== "true";
      };
      const post = MessagePort.prototype.postMessage as (this: MessagePort, ...args: unknown[]) => void;
      let held = false;
      MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
        const select = document.querySelector("select[name=strategy]");
        if (held || !(select instanceof HTMLSelectElement) || !committedUnmarked(select)) return post.apply(this, args);
        held = true;
        (window as unknown as { __choseWhileEffectsPending?: boolean }).__choseWhileEffectsPending = true;
        const chosen: HTMLSelectElement = select;
        setTimeout(() => {
          chosen.value = "no_buddies";
          chosen.dispatchEvent(new Event("input", { bubbles: true }));
          chosen.dispatchEvent(new Event("change", { bubbles: true }));
        }, 0);
        setTimeout(() => post.apply(this, args), 0);
      };
    });
    // A slower CPU, as on a phone or a busy CI machine: React's work then spans several of its messages.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto("/settings");
    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const heldBack = await page.evaluate(() => (window as unknown as { __choseWhileEffectsPending?: boolean }).__choseWhileEffectsPending);
    expect(heldBack, "the change was made while the effects were pending").toBe(true);
    const block = page.getByRole("region", { name: "Default Escalation Strategy" });
    await expect(block.getByLabel("Select Default Strategy")).toHaveValue("no_buddies");
    await expect(block.getByText("What Standard without buddies does:")).toBeVisible();
    await block.getByRole("button", { name: "Update Default Strategy" }).click();
    await expect(block.getByText("Default escalation strategy updated successfully!")).toBeVisible();
    await expect(block.getByText(/Right now:/)).toContainText("Right now: Standard without buddies.");
  });
});
