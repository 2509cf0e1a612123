import { expect, screenshotBoth, test } from "./fixtures";
import { createTaskViaApi, local, signUp } from "./tasks-helpers";

/** The Calendar row (issue 12): enable, copy, regenerate (the old URL stops), disable; the feed serves the tasks. */
test("calendar feed: enable, copy, regenerate and disable", async ({ page, context }) => {
  const user = await signUp(page, { name: "Noa" });
  await createTaskViaApi(page.request, user, "Dentist appointment", local(user, { days: 2 }));
  await page.goto("/integrations");
  // The second messaging app is shown, as coming soon, with a switch that cannot be turned on.
  await expect(page.getByRole("heading", { name: "WhatsApp (coming soon)" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "WhatsApp reminders (not available yet)" })).toBeDisabled();
  const row = page.locator("#calendar");
  await row.locator("label.switch").click();
  await row.getByRole("button", { name: "Enable Calendar Integration" }).click();
  await expect(row.getByText("Your calendar feed is on. Add the URL to your calendar app.")).toBeVisible();
  const url = await row.getByLabel("Your calendar feed URL").inputValue();
  expect(url).toMatch(/\/v1\/tasks\/ics\/[A-Za-z0-9_-]{43}$/);
  const ics = await page.request.get(new URL(url).pathname);
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain("SUMMARY:Dentist appointment");

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await row.getByRole("button", { name: "Copy" }).click();
  await expect(row.getByRole("button", { name: "Copied!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(row.getByRole("button", { name: "Copy" })).toBeVisible({ timeout: 4000 });
  await screenshotBoth(page, "integrations-calendar", "/integrations");

  await page.goto("/integrations");
  await row.getByRole("button", { name: "Regenerate URL" }).click();
  await expect(row.getByText("Calendar feed URL regenerated! Update your calendar subscription with the new URL.")).toBeVisible();
  const fresh = await row.getByLabel("Your calendar feed URL").inputValue();
  expect(fresh).not.toBe(url);
  expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
  await row.getByRole("button", { name: "Disable Integration" }).click();
  await expect(row.getByText("Your calendar feed is off. The URL no longer works.")).toBeVisible();
  expect((await page.request.get(new URL(fresh).pathname)).status()).toBe(404);
});
