import AxeBuilder from "@axe-core/playwright";
import { expect, screenshotBoth, test } from "./fixtures";
import { card, createTaskViaApi, local, signUp } from "./tasks-helpers";

test.describe("dashboard task list", () => {
  test("a new user sees the empty state and the Create Task button", async ({ page }) => {
    await signUp(page);
    const response = await page.goto("/dashboard");
    // Issue 8: the person's row once (the session's profile and the header's onboarding state share
    // it) and the page of tasks (open, then completed, in one statement), read at the same time:
    // 2 D1 queries, 1 round trip.
    expect(response?.headers()["server-timing"]).toMatch(/d1;dur=[\d.]+;desc="2 queries", d1-round-trips;desc="1", d1-rows-read;desc="\d+", d1-rows-written;desc="0"/);
    await expect(page.getByRole("heading", { level: 1, name: "Reminders" })).toBeVisible();
    await expect(page.getByText("No tasks found.")).toBeVisible();
    await expect(page.getByText("Create your first task to get started!")).toBeVisible();
    const fab = page.getByRole("link", { name: "Create Task", exact: true });
    await expect(fab).toHaveAttribute("href", "/task-creator");
    await expect(fab).toHaveCSS("position", "fixed");
    await fab.click();
    await expect(page).toHaveURL(/\/task-creator$/);
    await expect(page.getByRole("link", { name: "Create Task", exact: true })).toHaveCount(0);
  });

  test("cards show colour AND a label by calendar days, the due time and the last reminder", async ({ page }) => {
    const user = await signUp(page);
    await createTaskViaApi(page.request, user, "Overdue call", local(user, { days: -1 }));
    const tomorrow = local(user, { days: 1 });
    await createTaskViaApi(page.request, user, "Tomorrow pills", tomorrow);
    await createTaskViaApi(page.request, user, "Two-day report", local(user, { days: 2 }));
    await createTaskViaApi(page.request, user, "Far away trip", local(user, { days: 10 }));
    await page.goto("/dashboard");

    const expectations: Array<[string, string, string]> = [
      ["Overdue call", "red", "Overdue"],
      ["Tomorrow pills", "orange", "Tomorrow"],
      ["Two-day report", "blue", "In 2 days"],
      ["Far away trip", "green", "In 10 days"],
    ];
    for (const [title, tone, label] of expectations) {
      const c = card(page, title);
      await expect(c).toHaveClass(new RegExp(`task-card--${tone}`));
      await expect(c.locator(".task-pill")).toHaveText(label);
      await expect(c.getByText("No reminders sent yet")).toBeVisible();
    }
    await expect(card(page, "Tomorrow pills")).toContainText(`Due Tomorrow, ${tomorrow.toFormat("h:mm a")}`);

    const results = await new AxeBuilder({ page }).include("main").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await screenshotBoth(page, "tasks-dashboard", "/dashboard");
  });

  test("the list is under day headings, Earlier to Done; a repeat's next occurrence lands under its own day", async ({ page }) => {
    const user = await signUp(page);
    const bearer = { Authorization: `Bearer ${user.token}` };
    // Every three days from yesterday: marked done, the next one is due in two days ("Later").
    const repeat = await page.request.post("/v1/tasks", {
      data: { title: "Water the ferns", dueDate: local(user, { days: -1 }).toUTC().toISO(), recurrence: { freq: "daily", interval: 3 } },
      headers: bearer,
    });
    expect(repeat.status()).toBe(201);
    await createTaskViaApi(page.request, user, "Start of today", local(user).startOf("day"));
    await createTaskViaApi(page.request, user, "Tomorrow pills", local(user, { days: 1 }));
    await createTaskViaApi(page.request, user, "Far away trip", local(user, { days: 10 }));
    const done = await createTaskViaApi(page.request, user, "Old chore", local(user, { days: -5 }));
    expect((await page.request.post(`/v1/tasks/${done.id}/done`, { headers: bearer })).status()).toBe(200);
    await page.goto("/dashboard");

    const list = page.getByRole("region", { name: "Your tasks" });
    await expect(list.getByRole("heading", { level: 3 })).toHaveText(["Earlier", "Today", "Tomorrow", "Later", "Done"]);
    const titlesUnder = (heading: string) => list.getByRole("list", { name: heading, exact: true }).getByRole("heading", { level: 4 });
    await expect(titlesUnder("Earlier")).toHaveText(["Water the ferns"]);
    await expect(titlesUnder("Today")).toHaveText(["Start of today"]);
    await expect(titlesUnder("Tomorrow")).toHaveText(["Tomorrow pills"]);
    await expect(titlesUnder("Later")).toHaveText(["Far away trip"]);
    await expect(titlesUnder("Done")).toHaveText(["Old chore"]);

    // Done in place: the card stays under Earlier until the next load; the next one joins Later, in order.
    await card(page, "Water the ferns").getByRole("button", { name: 'Done "Water the ferns"' }).click();
    await expect(titlesUnder("Later")).toHaveText(["Water the ferns", "Far away trip"]);
    await expect(titlesUnder("Earlier")).toHaveText(["Water the ferns"]);
    await expect(list.getByRole("heading", { level: 3 })).toHaveText(["Earlier", "Today", "Tomorrow", "Later", "Done"]);
    await page.reload();
    await expect(list.getByRole("heading", { level: 3 })).toHaveText(["Today", "Tomorrow", "Later", "Done"]);
    // Done comes latest due first (ADR 085): the ferns, due yesterday, before the chore done five days ago.
    await expect(titlesUnder("Done")).toHaveText(["Water the ferns", "Old chore"]);
  });

  test("delete asks for confirmation; Cancel keeps the task, Delete removes it", async ({ page }) => {
    const user = await signUp(page);
    await createTaskViaApi(page.request, user, "Keep me", local(user, { days: 3 }));
    await createTaskViaApi(page.request, user, "Remove me", local(user, { days: 4 }));
    await page.goto("/dashboard");

    await page.getByRole("button", { name: 'Delete task "Remove me"' }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Are you sure you want to delete the task "Remove me"?');
    await expect(dialog).toContainText("This action cannot be undone.");
    await page.screenshot({ path: "test-results/screenshots/tasks-delete-dialog-desktop.png" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, "Remove me")).toBeVisible();

    // Keyboard only: focus the delete button, open with Enter, confirm.
    await page.getByRole("button", { name: 'Delete task "Remove me"' }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, "Remove me")).toHaveCount(0);
    await expect(page.locator(".toast")).toContainText("Task deleted.");
    await expect(card(page, "Keep me")).toBeVisible();

    await page.reload();
    await expect(card(page, "Remove me")).toHaveCount(0);
    await expect(card(page, "Keep me")).toBeVisible();
  });

  test("deleting a repeating task asks whether the repeats stop too; without the box the next one still comes", async ({ page }) => {
    const user = await signUp(page);
    const repeat = (title: string, days: number) =>
      page.request.post("/v1/tasks", {
        data: { title, dueDate: local(user, { days }).toUTC().toISO(), recurrence: { freq: "daily" } },
        headers: { Authorization: `Bearer ${user.token}` },
      });
    expect((await repeat("Water the plants", 3)).status()).toBe(201);
    expect((await repeat("Take pills", 3)).status()).toBe(201);
    await page.goto("/dashboard");

    // Only this one: the series goes on, so the next day's occurrence is on the list after a reload.
    await page.getByRole("button", { name: 'Delete task "Water the plants"' }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
    const stopRepeats = dialog.getByRole("checkbox", { name: /Also stop the repeats/ });
    await expect(stopRepeats).not.toBeChecked();
    await page.screenshot({ path: "test-results/screenshots/tasks-delete-repeating-dialog-desktop.png" });
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.locator(".toast")).toContainText("Task deleted.");
    await page.reload();
    await expect(card(page, "Water the plants")).toHaveCount(1);

    // With the box ticked, every open occurrence goes and none comes back.
    await page.getByRole("button", { name: 'Delete task "Take pills"' }).click();
    await dialog.getByRole("checkbox", { name: /Also stop the repeats/ }).check();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.locator(".toast")).toContainText("Task deleted, and its repeats stopped.");
    await page.reload();
    await expect(card(page, "Take pills")).toHaveCount(0);
  });

  test("acknowledge, snooze and done from a card, with calm feedback", async ({ page }) => {
    const user = await signUp(page);
    await createTaskViaApi(page.request, user, "Ack me", local(user, { minutes: -20 }));
    await createTaskViaApi(page.request, user, "Snooze me", local(user, { minutes: -10 }));
    await createTaskViaApi(page.request, user, "Finish me", local(user, { minutes: -5 }));
    await page.goto("/dashboard");

    await card(page, "Ack me").getByRole("button", { name: 'Acknowledge "Ack me"' }).click();
    // The default strategy (Standard) checks back 2 hours after an Acknowledge (issue 13).
    await expect(page.locator(".toast")).toContainText(/Got it\. The reminders for "Ack me" have stopped; I'll check back at \d{1,2}:\d{2} (AM|PM)\. Mark it done when you're finished\./);
    await expect(card(page, "Ack me")).toContainText(/Acknowledged — I'll check back at \d{1,2}:\d{2} (AM|PM)/);
    await expect(card(page, "Ack me")).toHaveClass(/task-card--green/);
    await expect(card(page, "Ack me").locator(".task-pill")).toHaveText("Acknowledged");
    await expect(card(page, "Ack me").getByRole("button", { name: /Acknowledge/ })).toHaveCount(0);

    await card(page, "Snooze me").getByRole("button", { name: 'Snooze 30 min "Snooze me"' }).click();
    const until = local(user, { minutes: 30 });
    await expect(card(page, "Snooze me")).toContainText(/Snoozed until \d{1,2}:\d{2} (AM|PM)/);
    await expect(page.locator(".toast").last()).toContainText(`again at ${until.toFormat("h:mm a")}`);

    // The other snooze times fold away under the spec's three buttons; a new snooze counts from now.
    const longer = card(page, "Snooze me").getByRole("button", { name: 'Snooze 1 hour "Snooze me"' });
    await expect(longer).toBeHidden();
    await card(page, "Snooze me").getByText("Other snooze times").click();
    await longer.click();
    const hourLater = local(user, { minutes: 60 });
    await expect(page.locator(".toast").last()).toContainText(`"Snooze me" again at ${hourLater.toFormat("h:mm a")}`);
    await expect(card(page, "Snooze me")).toContainText(`Snoozed until ${hourLater.toFormat("h:mm a")}`);
    // Tomorrow morning: 9:00 AM on the person's clock, the next day (this morning's in the small hours).
    await card(page, "Snooze me").getByRole("button", { name: 'Snooze until Tomorrow morning "Snooze me"' }).click();
    const smallHours = local(user).hour < 5;
    await expect(page.locator(".toast").last()).toContainText(`"Snooze me" again at 9:00 AM${smallHours ? "." : " tomorrow."}`);
    await expect(card(page, "Snooze me").locator(".task-card__snooze")).toHaveText(`Snoozed until 9:00 AM${smallHours ? "" : " tomorrow"}`);
    // Until a time of day: the field is needed for its own button only (Done never asks for a time), and the
    // time comes today if still ahead on the person's clock, else tomorrow.
    const untilField = card(page, "Snooze me").getByLabel('Until (snooze "Snooze me" until this time)');
    const untilButton = card(page, "Snooze me").getByRole("button", { name: 'Snooze until the time chosen "Snooze me"' });
    await untilButton.click();
    expect(await untilField.evaluate((field: HTMLInputElement) => field.validity.valueMissing)).toBe(true);
    await expect(card(page, "Snooze me").locator(".task-card__snooze")).toHaveText(`Snoozed until 9:00 AM${smallHours ? "" : " tomorrow"}`);
    const chosen = local(user, { hours: 2 });
    await untilField.fill(chosen.toFormat("HH:mm"));
    await untilButton.click();
    const day = chosen.hasSame(local(user), "day") ? "" : " tomorrow";
    await expect(page.locator(".toast").last()).toContainText(`"Snooze me" again at ${chosen.toFormat("h:mm a")}${day}.`);
    await expect(card(page, "Snooze me").locator(".task-card__snooze")).toHaveText(`Snoozed until ${chosen.toFormat("h:mm a")}${day}`);
    // Enter in the field snoozes until its time too (the form's first button would otherwise acknowledge).
    const later = local(user, { hours: 3 });
    await untilField.fill(later.toFormat("HH:mm"));
    await untilField.press("Enter");
    const laterDay = later.hasSame(local(user), "day") ? "" : " tomorrow";
    await expect(card(page, "Snooze me").locator(".task-card__snooze")).toHaveText(`Snoozed until ${later.toFormat("h:mm a")}${laterDay}`);
    await expect(card(page, "Snooze me").locator(".task-pill")).not.toHaveText("Acknowledged");

    await card(page, "Finish me").getByRole("button", { name: 'Done "Finish me"' }).click();
    await expect(card(page, "Finish me").getByText("Completed")).toBeVisible();
    await expect(card(page, "Finish me").locator(".task-pill")).toHaveText("Done");
    await expect(card(page, "Finish me").getByRole("button", { name: /Snooze/ })).toHaveCount(0);

    // The server agrees after a reload.
    await page.reload();
    await expect(card(page, "Ack me").locator(".task-pill")).toHaveText("Acknowledged");
    await expect(card(page, "Finish me").getByText("Completed")).toBeVisible();
    await expect(card(page, "Snooze me")).toContainText("Snoozed until");
  });

  test("Not done yet takes back a Done: the card is open again, and a repeat's next card goes again", async ({ page }) => {
    const user = await signUp(page);
    await createTaskViaApi(page.request, user, "Post the letter", local(user, { minutes: 90 }));
    const bearer = { Authorization: `Bearer ${user.token}` };
    const repeat = await page.request.post("/v1/tasks", {
      data: { title: "Evening walk", dueDate: local(user, { minutes: -10 }).toUTC().toISO(), recurrence: { freq: "daily" } },
      headers: bearer,
    });
    expect(repeat.status()).toBe(201);
    await page.goto("/dashboard");

    const letter = card(page, "Post the letter");
    await letter.getByRole("button", { name: 'Done "Post the letter"' }).click();
    await expect(letter.getByText("Completed")).toBeVisible();
    await letter.getByRole("button", { name: 'Not done yet "Post the letter"' }).click();
    await expect(page.locator(".toast").last()).toHaveText(`"Post the letter" is open again. We'll remind you when it's due.`);
    await expect(letter.getByRole("button", { name: 'Done "Post the letter"' })).toBeVisible();
    await expect(letter.getByText("Completed")).toHaveCount(0);
    await expect(letter.locator(".task-pill")).not.toHaveText("Done");

    // Done on a repeat brings its next card; Not done yet takes that card away again.
    const walks = page.locator("article.task-card", { has: page.getByRole("heading", { name: "Evening walk" }) });
    await expect(walks).toHaveCount(1);
    await walks.first().getByRole("button", { name: 'Done "Evening walk"' }).click();
    await expect(walks).toHaveCount(2);
    await walks.first().getByRole("button", { name: 'Not done yet "Evening walk"' }).click();
    await expect(page.locator(".toast").last()).toHaveText(`"Evening walk" is open again. We'll remind you again in a moment, starting gently.`);
    await expect(walks).toHaveCount(1);
    await expect(walks.first().getByRole("button", { name: 'Done "Evening walk"' })).toBeVisible();

    // The server agrees after a reload: both open, one walk.
    await page.reload();
    await expect(walks).toHaveCount(1);
    await expect(page.getByText("Completed")).toHaveCount(0);
    await expect(card(page, "Post the letter").getByRole("button", { name: 'Done "Post the letter"' })).toBeVisible();
  });

  test("infinite scroll loads 20 at a time over 45 tasks, without duplicates", async ({ page }) => {
    const user = await signUp(page);
    for (let i = 0; i < 45; i++) {
      await createTaskViaApi(page.request, user, `Task ${String(i + 1).padStart(2, "0")}`, local(user, { days: 3, minutes: i }));
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto("/dashboard");
    const cards = page.locator("article.task-card");
    await expect(cards).toHaveCount(20);
    await expect(page.getByRole("link", { name: "Load more" })).toBeVisible();

    await page.getByTestId("task-list-end").scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(40);
    await page.getByTestId("task-list-end").scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(45);
    await expect(page.getByText("That's all your tasks.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);

    const titles = await page.locator("article.task-card h4").allTextContents();
    expect(titles).toEqual(Array.from({ length: 45 }, (_, i) => `Task ${String(i + 1).padStart(2, "0")}`));
  });

  test("after deleting on page 1, the next page still brings every task (no gap)", async ({ page }) => {
    const user = await signUp(page);
    for (let i = 0; i < 25; i++) {
      await createTaskViaApi(page.request, user, `Item ${String(i + 1).padStart(2, "0")}`, local(user, { days: 5, minutes: i }));
    }
    await page.goto("/dashboard");
    await expect(page.locator("article.task-card")).toHaveCount(20);
    for (const title of ["Item 01", "Item 02"]) {
      await page.getByRole("button", { name: `Delete task "${title}"` }).click();
      await page.getByRole("dialog", { name: "Confirm Delete" }).getByRole("button", { name: "Delete", exact: true }).click();
      await expect(card(page, title)).toHaveCount(0);
    }
    // Keyboard users: the visible Load more control.
    await page.getByRole("link", { name: "Load more" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("article.task-card")).toHaveCount(23);
    const titles = await page.locator("article.task-card h4").allTextContents();
    expect(titles).toEqual(Array.from({ length: 23 }, (_, i) => `Item ${String(i + 3).padStart(2, "0")}`));
  });

  test("Load more asked twice at once (the end marker and the button together) loads the next page once, with no error", async ({ page }) => {
    const user = await signUp(page);
    for (let i = 0; i < 22; i++) await createTaskViaApi(page.request, user, `Twice ${String(i + 1).padStart(2, "0")}`, local(user, { days: 6, minutes: i }));
    const pageLoads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/resources/tasks") && request.url().includes("page=2")) pageLoads.push(request.url());
    });
    await page.goto("/dashboard");
    await expect(page.locator("article.task-card")).toHaveCount(20);
    // Two presses in the same moment, before the page can re-render between them.
    await page.getByRole("link", { name: "Load more" }).evaluate((link: HTMLElement) => {
      link.click();
      link.click();
    });
    await expect(page.locator("article.task-card")).toHaveCount(22);
    expect(pageLoads).toHaveLength(1);
  });

  test("without JavaScript, Load more is a link to the next page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const user = await signUp(page);
    for (let i = 0; i < 22; i++) await createTaskViaApi(page.request, user, `Plain ${i + 1}`, local(user, { days: 4, minutes: i }));
    await page.goto("/dashboard");
    await expect(page.locator("article.task-card")).toHaveCount(20);
    await page.getByRole("link", { name: "Load more" }).click();
    // The next page alone, by its cursor: the server renders one page however deep (issue 8).
    await expect(page).toHaveURL(/\/dashboard\?page=2&after=[\w-]+$/);
    const pageTwo = page.url();
    await expect(page.locator("article.task-card h4")).toHaveText(["Plain 21", "Plain 22"]);
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    // The answers are real forms too, and bring the person back to the same page.
    await card(page, "Plain 21").getByRole("button", { name: 'Done "Plain 21"' }).click();
    await expect(page).toHaveURL(pageTwo);
    await expect(card(page, "Plain 21").getByText("Completed")).toBeVisible();
    await card(page, "Plain 21").getByRole("button", { name: 'Not done yet "Plain 21"' }).click();
    await expect(page).toHaveURL(pageTwo);
    await expect(card(page, "Plain 21").getByRole("button", { name: 'Done "Plain 21"' })).toBeVisible();
    // Without JavaScript "Other snooze times" leads to the task's own snooze page (the dashboard draws those
    // buttons only when the fold is opened, issue 8), which comes back to the same page. Enter in its Until
    // field snoozes until its time: the form's hidden first button is the Until's, not Acknowledge (ADR 086).
    await card(page, "Plain 22").getByText("Other snooze times").click();
    await card(page, "Plain 22").getByRole("link", { name: 'Choose a snooze time "Plain 22"' }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Snooze 'Plain 22'");
    const later = local(user, { hours: 2 });
    const until = page.getByLabel('Until (snooze "Plain 22" until this time)');
    await until.fill(later.toFormat("HH:mm"));
    await until.press("Enter");
    await expect(page).toHaveURL(pageTwo);
    const day = later.hasSame(local(user), "day") ? "" : " tomorrow";
    await expect(card(page, "Plain 22").locator(".task-card__snooze")).toHaveText(`Snoozed until ${later.toFormat("h:mm a")}${day}`);
    await expect(card(page, "Plain 22").locator(".task-pill")).not.toHaveText("Acknowledged");
    await page.getByRole("link", { name: "Back to the first tasks" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator("article.task-card")).toHaveCount(20);
    // A card's form names its task and the page to come back to in its action URL (ADR 097); a "back" that is not
    // a path of ours is never followed: the answer is given and the person lands on the dashboard.
    const action = await card(page, "Plain 1").locator("form.reminder-actions").getAttribute("action");
    expect(action).toMatch(/^\/resources\/tasks\?task=[\w-]+&back=%2Fdashboard$/);
    const crafted = action!.replace(/back=.*$/, `back=${encodeURIComponent("//evil.example/phish")}`);
    const answered = await page.request.post(crafted, {
      form: { intent: "acknowledge" },
      headers: { Origin: new URL(page.url()).origin, "Sec-Fetch-Mode": "navigate" },
      maxRedirects: 0,
    });
    expect(answered.status()).toBe(302);
    expect(answered.headers()["location"]).toBe("/dashboard");
    await page.reload();
    await expect(card(page, "Plain 1").locator(".task-pill")).toHaveText("Acknowledged");
    await context.close();
  });
});
