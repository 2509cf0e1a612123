import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createTaskViaApi, local, signUp } from "./tasks-helpers";

/**
 * The dark scheme (prefers-color-scheme: dark): the same screens with the dark tokens of app.css. Each
 * screen is checked by axe (contrast above all: a light-mode literal left behind shows up here as dark
 * text on a dark card), must really be dark, and is saved as a screenshot to look at.
 */
test.use({ colorScheme: "dark" });

async function expectCalmAndReadable(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background, `${name}: the page's background`).toBe("rgb(17, 19, 28)");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${name}: ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  const dialogOpen = await page.getByRole("dialog").isVisible();
  await page.screenshot({ path: `test-results/screenshots/dark/${name}.png`, fullPage: !dialogOpen });
}

test.describe("dark scheme", () => {
  // One test per public screen: each is checked by axe (seconds each on a busy machine), and all eight in one
  // test went past its minute in a CI run while the machine was loaded.
  for (const [name, path] of [
    ["home", "/"],
    ["login", "/auth/login"],
    ["register", "/auth/register"],
    ["forgot", "/auth/forgot-password"],
    ["unsubscribe-bad", "/unsubscribe?token=not-a-token"],
    ["verify-contact-bad", "/verify-contact?code=00000000&contact_id=nobody"],
    ["offline", "/offline.html"],
  ] as const) {
    test(`public screen: ${name} (${path})`, async ({ page }) => {
      await page.goto(path);
      await expectCalmAndReadable(page, name);
    });
  }

  test("public screen: an error under a field (sign-in with a wrong password)", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Invalid email or password. Please check your credentials.")).toBeVisible();
    await expectCalmAndReadable(page, "login-error");
  });

  /** A person with a card of each tone and a buddy, on a phone-sized window: what the signed-in screens show. */
  async function personWithEverything(page: Page) {
    await page.setViewportSize({ width: 360, height: 780 });
    const user = await signUp(page);
    await createTaskViaApi(page.request, user, "Overdue call", local(user, { days: -1 }));
    await createTaskViaApi(page.request, user, "Tomorrow pills", local(user, { days: 1 }));
    await createTaskViaApi(page.request, user, "Two-day report", local(user, { days: 2 }));
    await createTaskViaApi(page.request, user, "Far away trip", local(user, { days: 10 }));
    const done = await createTaskViaApi(page.request, user, "Old chore", local(user, { days: -3 }));
    await page.request.post(`/v1/tasks/${done.id}/done`, { headers: { Authorization: `Bearer ${user.token}` } });
    await page.request.post("/v1/emergency-contacts/", { data: { name: "Dana", type: "email", order: 1, contact: "dana-dark@example.com" } });
  }

  // Two tests, not one: each screen is checked by axe (seconds each), and seven in one test ran close to its
  // minute on a busy machine (a CI run timed out there).
  test("the signed-in screens, each card tone, a dialog and a toast", async ({ page }) => {
    await personWithEverything(page);
    for (const [name, path] of [
      ["dashboard", "/dashboard"],
      ["task-creator", "/task-creator"],
      ["reminder-dialog", "/reminder-dialog"],
    ] as const) {
      await page.goto(path);
      await expectCalmAndReadable(page, name);
    }

    await page.goto("/dashboard");
    await page.getByRole("button", { name: 'Snooze 30 min "Overdue call"' }).click();
    await expect(page.locator(".toast")).toBeVisible();
    await expectCalmAndReadable(page, "dashboard-toast");
    await page.getByRole("button", { name: 'Delete task "Far away trip"' }).click();
    await expect(page.getByRole("dialog", { name: "Confirm Delete" })).toBeVisible();
    await expectCalmAndReadable(page, "delete-dialog");
  });

  test("the signed-in settings, channels, buddies and the dev chat", async ({ page }) => {
    await personWithEverything(page);
    for (const [name, path] of [
      ["settings", "/settings"],
      ["integrations", "/integrations"],
      ["buddies", "/emergency-contacts"],
      ["dev-telegram", "/dev/telegram"],
    ] as const) {
      await page.goto(path);
      await expectCalmAndReadable(page, name);
    }
  });

  test("an unverified person's banner and the wizard", async ({ page }) => {
    await signUp(page, { verified: false, onboarding: "keep" });
    await page.goto("/onboarding");
    await expectCalmAndReadable(page, "onboarding");
    await page.goto("/onboarding?step=2");
    await expectCalmAndReadable(page, "onboarding-2");
  });

  test("Settings, Appearance: Light on a dark device stays light on every page and after a reload; Match this device goes back", async ({ page }) => {
    const user = await signUp(page);
    await createTaskViaApi(page.request, user, "Water the plants", local(user, { days: 1 }));
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.goto("/settings");
    await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link")).toContainText(["Appearance"]);
    const section = page.getByRole("region", { name: "Appearance" });
    await expect(section.getByRole("radio", { name: /Match this device/ })).toBeChecked();
    expect(await background()).toBe("rgb(17, 19, 28)");

    await section.getByRole("radio", { name: /^Light/ }).check();
    await section.getByRole("button", { name: "Save appearance" }).click();
    await expect(section.getByText("Saved. Nudge stays light on this device.")).toBeVisible();
    // The page turns light at once (the root's data follows the save), the next pages and a reload too.
    await expect.poll(background).toBe("rgb(247, 247, 251)");
    expect(await page.evaluate(() => document.querySelector('meta[name="color-scheme"]')?.getAttribute("content"))).toBe("light");
    await page.goto("/dashboard");
    expect(await background()).toBe("rgb(247, 247, 251)");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.reload();
    expect(await background()).toBe("rgb(247, 247, 251)");

    await page.goto("/settings#appearance");
    await expect(section.getByRole("radio", { name: /^Light/ })).toBeChecked();
    await section.getByRole("radio", { name: /Match this device/ }).check();
    await section.getByRole("button", { name: "Save appearance" }).click();
    await expect(section.getByText("Saved. Nudge follows this device's light or dark setting.")).toBeVisible();
    await expect.poll(background).toBe("rgb(17, 19, 28)");
    expect((await page.context().cookies()).some((cookie) => cookie.name === "appearance")).toBe(false);
  });

  test("Settings, Appearance: Dark on a light device, without JavaScript too; a made-up choice is refused and changes nothing", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "light", javaScriptEnabled: false });
    const page = await context.newPage();
    await signUp(page);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.goto("/settings");
    expect(await background()).toBe("rgb(247, 247, 251)");
    const section = page.getByRole("region", { name: "Appearance" });
    await section.getByRole("radio", { name: /^Dark/ }).check();
    // The form posts, and the browser comes back to the section by the answer's redirect.
    await Promise.all([page.waitForURL(/\/settings#appearance$/), section.getByRole("button", { name: "Save appearance" }).click()]);
    expect(await background()).toBe("rgb(17, 19, 28)");
    await page.goto("/");
    expect(await background()).toBe("rgb(17, 19, 28)");

    // A made-up choice: 400 and no cookie (the sentence is checked in tests/workerd/web-messages.test.ts).
    const refused = await page.request.post("/settings", { form: { intent: "appearance", appearance: "purple" }, headers: { Origin: new URL(page.url()).origin } });
    expect(refused.status()).toBe(400);
    expect(refused.headers()["set-cookie"] ?? "").not.toContain("appearance=");
    await page.goto("/settings");
    expect(await background()).toBe("rgb(17, 19, 28)");
    await expect(section.getByRole("radio", { name: /^Dark/ })).toBeChecked();
    await context.close();
  });
});
