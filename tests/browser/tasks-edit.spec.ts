import AxeBuilder from "@axe-core/playwright";
import { expect, expectConsoleErrors, FAILED_REQUEST, screenshotBoth, test } from "./fixtures";
import { card, createTaskViaApi, local, signUp } from "./tasks-helpers";

/**
 * Edit Task (/tasks/:id/edit; ours, the spec has no edit screen): the pencil on an open task's card
 * opens the New Task form filled with the task; saving changes the card; a blank title is refused in
 * words; a task that is gone or done says so.
 */
test.describe("Edit Task", () => {
  test("the pencil opens the task's form; a new title and time show on its card after saving", async ({ page }) => {
    const user = await signUp(page);
    const due = local(user, { days: 2 }).set({ hour: 10, minute: 30 });
    const task = await createTaskViaApi(page.request, user, "Call the bank", due);
    await page.goto("/dashboard");
    await card(page, "Call the bank").getByRole("link", { name: 'Edit task "Call the bank"' }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}/edit$`));
    await expect(page.getByRole("heading", { level: 1, name: "Edit Task" })).toBeVisible();
    // As on New Task, the floating button stays away from the form's own Save.
    await expect(page.getByRole("link", { name: "Create Task", exact: true })).toHaveCount(0);
    const title = page.getByLabel("Task Title");
    const when = page.getByLabel("Due Date/Time");
    await expect(title).toHaveValue("Call the bank");
    await expect(when).toHaveValue(due.toFormat("yyyy-LL-dd'T'HH:mm"));
    await expect(page.getByText("A new time starts its reminders again from there.", { exact: false })).toBeVisible();

    // A blank title is refused in words, and nothing is saved.
    await title.fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Task title is required.")).toBeVisible();
    await expect(title).toBeFocused();

    const later = due.plus({ days: 1 }).set({ hour: 9, minute: 15 });
    await title.fill("Call the bank about the card");
    await when.fill(later.toFormat("yyyy-LL-dd'T'HH:mm"));
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Task updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    const changed = card(page, "Call the bank about the card");
    await expect(changed).toContainText(`Due ${later.toFormat("ccc, LLL d")}`);
    await expect(changed).toContainText("9:15 AM");

    const results = await new AxeBuilder({ page }).include("main").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await screenshotBoth(page, "tasks-edit", `/tasks/${task.id}/edit`);
  });

  test("another sequence for a task already due says the next nudge comes from its second step, not at once (ADR 113)", async ({ page }) => {
    const user = await signUp(page);
    const task = await createTaskViaApi(page.request, user, "Take pills", local(user, { minutes: -20 }));
    await page.goto(`/tasks/${task.id}/edit`);
    const strategy = page.getByLabel("How hard to nudge");
    const note = "It's already due, so a new choice goes on from its second step: the next nudge comes 5 minutes after you save, not at once.";
    // The task's own sequence: what it does, nothing more.
    await expect(page.getByText("A ping at the due time, a text and an email after 15 minutes", { exact: false })).toBeVisible();
    await expect(page.getByText(note, { exact: false })).toHaveCount(0);
    await strategy.selectOption("urgent");
    await expect(page.getByText(note, { exact: false })).toBeVisible();
    // The note is part of the select's description, read out with it.
    await expect(strategy).toHaveAccessibleDescription(new RegExp(note.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: "test-results/screenshots/tasks-edit-strategy-due-360.png", fullPage: true });
    // A new time starts everything over from the first step: the note goes.
    const when = page.getByLabel("Due Date/Time");
    const shown = await when.inputValue();
    await when.fill(local(user, { hours: 2 }).toFormat("yyyy-LL-dd'T'HH:mm"));
    await expect(page.getByText(note, { exact: false })).toHaveCount(0);
    await when.fill(shown);
    await expect(page.getByText(note, { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Task updated successfully!")).toBeVisible();
    const after = await page.request.get(`/v1/tasks/${task.id}`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(((await after.json()) as { strategy: string; status: string })).toMatchObject({ strategy: "urgent", status: "PENDING" });
  });

  test("a repeating task says a new time moves the ones after it; a done task and a gone one have nothing to change", async ({ page, consoleErrors }) => {
    const user = await signUp(page);
    const response = await page.request.post("/v1/tasks", {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { title: "Take pills", dueDate: local(user, { days: 1 }).toUTC().toISO(), recurrence: { freq: "daily" } },
    });
    const pills = (await response.json()) as { id: string };
    await page.goto(`/tasks/${pills.id}/edit`);
    await expect(page.getByText("It repeats every day: a new time here moves this one and the ones after it.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Repeat")).toHaveValue("daily");

    const done = await createTaskViaApi(page.request, user, "Old chore", local(user, { hours: 1 }));
    await page.request.post(`/v1/tasks/${done.id}/done`, { headers: { Authorization: `Bearer ${user.token}` } });
    await page.goto("/dashboard");
    await expect(card(page, "Old chore").getByRole("link", { name: /Edit task/ })).toHaveCount(0);
    await page.goto(`/tasks/${done.id}/edit`);
    await expect(page.getByText('"Old chore" is done')).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

    // Repeat: a rule no choice says is kept unless another is picked; a weekly one follows a new due date.
    const everyOther = await page.request.post("/v1/tasks", {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { title: "Team lunch", dueDate: "2099-01-02T12:00:00Z", recurrence: { freq: "weekly", days: [5], interval: 2 } },
    });
    const lunch = (await everyOther.json()) as { id: string };
    await page.goto(`/tasks/${lunch.id}/edit`);
    const repeat = page.getByLabel("Repeat");
    await expect(repeat.locator("option:checked")).toHaveText("Keep: repeats every other Friday");
    await page.getByLabel("Task Title").fill("Team lunch out");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    const recurrenceOf = async (id: string) =>
      ((await (await page.request.get(`/v1/tasks/${id}`, { headers: { Authorization: `Bearer ${user.token}` } })).json()) as { recurrence?: unknown }).recurrence;
    expect(await recurrenceOf(lunch.id)).toEqual({ freq: "weekly", days: [5], interval: 2 });

    await page.goto(`/tasks/${lunch.id}/edit`);
    await repeat.selectOption("weekly");
    await page.getByLabel("Due Date/Time").fill("2099-01-05T12:00");
    await expect(repeat.locator("option:checked")).toHaveText("Every week on Monday");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    expect(await recurrenceOf(lunch.id)).toEqual({ freq: "weekly", days: [1] });

    // Doesn't repeat: this one is the last.
    await page.goto(`/tasks/${lunch.id}/edit`);
    await expect(repeat).toHaveValue("weekly");
    await repeat.selectOption("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    expect(await recurrenceOf(lunch.id)).toBeNull();
    await expect(card(page, "Team lunch out")).not.toContainText("Repeats");

    // The person and the task are read at the same time: one D1 wait (issue 8).
    const reads = await page.request.get(`/tasks/${pills.id}/edit`);
    expect(reads.headers()["server-timing"]).toMatch(/d1-round-trips;desc="1"/);

    const gone = await page.goto("/tasks/00000000-0000-4000-8000-000000000000/edit");
    expect(gone?.status()).toBe(404);
    await expect(page.getByText("This task isn't here any more")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to your tasks" })).toHaveAttribute("href", "/dashboard");
    // Chromium logs the page's own 404 status as a failed resource.
    expectConsoleErrors(consoleErrors, [FAILED_REQUEST]);
  });
});
