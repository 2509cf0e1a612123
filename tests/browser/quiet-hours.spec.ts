import AxeBuilder from "@axe-core/playwright";
import { DateTime } from "luxon";
import { expect, screenshotBoth, test } from "./fixtures";
import { card, createTaskViaApi, fireCron, local, signUp, waitUntilHeld } from "./tasks-helpers";

/** Quiet hours (issue 13): the Settings block, the New Task checkbox, and a held task's card. */
test.describe("quiet hours", () => {
  test("unsaved quiet hours stay as typed when another block on the page saves", async ({ page }) => {
    await signUp(page, { timezone: "Europe/London" });
    await page.goto("/settings");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const block = page.getByRole("region", { name: "Quiet hours" });
    await block.getByRole("switch", { name: "Use quiet hours" }).check();
    await block.getByLabel("Quiet from").fill("21:30");
    // Saving the strategy revalidates the page's data: before, every field of this block went back
    // to the saved values (off, 22:00), and what the person had typed was gone.
    const strategy = page.getByRole("region", { name: "Default Escalation Strategy" });
    await strategy.getByLabel("Select Default Strategy").selectOption("gentle");
    await strategy.getByRole("button", { name: "Update Default Strategy" }).click();
    await expect(strategy.getByText("Default escalation strategy updated successfully!")).toBeVisible();
    await expect(strategy.getByText(/Right now:/)).toContainText("Gentle (pings only)");
    await expect(block.getByRole("switch", { name: "Use quiet hours" })).toBeChecked();
    await expect(block.getByLabel("Quiet from")).toHaveValue("21:30");
    // Then saved, the block follows the saved values.
    await block.getByRole("button", { name: "Save quiet hours" }).click();
    await expect(block.getByText("Quiet hours saved: 9:30 PM to 8:00 AM.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Quiet from")).toHaveValue("21:30");
  });

  test("without JavaScript, the block's answer is said in the block, not in the time zone's", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signUp(page, { timezone: "Europe/London" });
    await page.goto("/settings");
    const block = page.getByRole("region", { name: "Quiet hours" });
    await block.getByRole("switch", { name: "Use quiet hours" }).check();
    await block.getByLabel("Quiet from").fill("21:30");
    await block.getByRole("button", { name: "Save quiet hours" }).click();
    await expect(block.getByText("Quiet hours saved: 9:30 PM to 8:00 AM.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Timezone" })).not.toContainText("Quiet hours saved");
    await context.close();
  });

  test("Settings: off with the 22:00-08:00 suggestion, turned on and saved, a bad window refused; screenshots", async ({ page }) => {
    await signUp(page, { timezone: "Europe/London" });
    await page.goto("/settings");
    const block = page.getByRole("region", { name: "Quiet hours" });
    const on = block.getByRole("switch", { name: "Use quiet hours" });
    const from = block.getByLabel("Quiet from");
    const until = block.getByLabel("Quiet until");
    await expect(on).not.toBeChecked();
    await expect(from).toHaveValue("22:00");
    await expect(until).toHaveValue("08:00");
    await expect(from).toBeDisabled();
    await expect(block).toContainText("Off: reminders go out at any hour. Many people use 10:00 PM to 8:00 AM.");

    await on.check();
    await expect(from).toBeEnabled();
    await from.fill("21:30");
    await expect(block).toContainText("From 9:30 PM to 8:00 AM (Europe/London time): no calls, texts or buddy alerts; gentle pings still come.");
    await block.getByLabel("Let gentle pings through (Telegram messages and notifications on your devices)").uncheck();
    await expect(block).toContainText("no calls, texts or buddy alerts, and no pings either.");
    await block.getByRole("button", { name: "Save quiet hours" }).click();
    await expect(block.getByText("Quiet hours saved: 9:30 PM to 8:00 AM.")).toBeVisible();
    const axe = await new AxeBuilder({ page }).include(".quiet-hours").analyze();
    expect(axe.violations).toEqual([]);

    await page.reload();
    await expect(page.getByRole("switch", { name: "Use quiet hours" })).toBeChecked();
    await expect(page.getByLabel("Quiet from")).toHaveValue("21:30");
    await expect(page.getByLabel("Let gentle pings through (Telegram messages and notifications on your devices)")).not.toBeChecked();

    // The same time twice: the sentence beside the field, and nothing saved.
    await page.getByLabel("Quiet until").fill("21:30");
    await page.getByRole("button", { name: "Save quiet hours" }).click();
    await expect(page.getByRole("region", { name: "Quiet hours" }).getByText("Quiet hours need a start and an end that differ.").first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Quiet until")).toHaveValue("08:00");
    await screenshotBoth(page, "quiet-hours-settings", "/settings");
    // Nothing wider than a 360 px phone (screenshotBoth ends on the desktop size).
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("New Task offers 'Remind me even during quiet hours' only while they are on, and a check-back of its own; a held task's card says until when", async ({ page }) => {
    const user = await signUp(page, { timezone: "Europe/London" });
    const auth = { Authorization: `Bearer ${user.token}` };
    await page.goto("/task-creator");
    await expect(page.getByText(/Remind me even during quiet hours/)).toHaveCount(0);

    // A quiet window around now, so the next step really is held (a nap: from an hour ago to two hours ahead).
    const start = local(user, { hours: -1 }).toFormat("HH:mm");
    const end = local(user, { hours: 2 }).toFormat("HH:mm");
    const saved = await page.request.put("/v1/users/me/quiet-hours", { data: { enabled: true, start, end, gentlePings: true }, headers: auth });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto("/task-creator");
    const ignore = page.getByLabel(`Remind me even during quiet hours (${start}–${end}), for things like late medication`);
    await expect(ignore).toBeVisible();
    await page.getByLabel("Task Title").fill("Evening pills");
    await ignore.check();
    // The task's own check-back (issue 13): first the sequence's, in words.
    const checkBack = page.getByLabel("If I acknowledge it but don't finish");
    await expect(checkBack.locator("option").first()).toHaveText("Same as Standard");
    await expect(page.getByText("Acknowledge means “I'm on it”. Standard checks back after 2 hours, up to 2 times, until you tap Done.")).toBeVisible();
    await checkBack.selectOption({ label: "Check back after 15 minutes" });
    await page.getByRole("button", { name: "Create Task" }).click();
    await expect(page.getByText("Task created successfully!")).toBeVisible();
    const created = (await (await page.request.get("/v1/tasks", { headers: auth })).json()) as { tasks: Array<{ title: string; ignoreQuietHours?: boolean; checkBackMinutes?: number }> };
    expect(created.tasks.find((t) => t.title === "Evening pills")).toMatchObject({ ignoreQuietHours: true, checkBackMinutes: 15 });

    // No Telegram and no device here: the first ping would fall back to email, so it is held.
    await createTaskViaApi(page.request, user, "Water the plants", local(user, { minutes: -1 }));
    await fireCron(page.request);
    await waitUntilHeld(page.request, user, "Water the plants");
    await page.goto("/dashboard");
    // The saved end (the minute may have turned since it was read).
    const endLabel = DateTime.fromFormat(end, "HH:mm").toFormat("h:mm a");
    await expect(card(page, "Water the plants").getByText(`Quiet hours: reminders wait until ${endLabel}`)).toBeVisible();
    await expect(card(page, "Evening pills").getByText("Reminds you even in quiet hours")).toBeVisible();
    await screenshotBoth(page, "quiet-hours-dashboard", "/dashboard");
  });
});
