import AxeBuilder from "@axe-core/playwright";
import { expect, expectConsoleErrors, FAILED_REQUEST, screenshotBoth, test } from "./fixtures";
import { card, inputValue, local, signUp } from "./tasks-helpers";

test.describe("New Task screen", () => {
  test("creates a task from the form, read in the user's zone, then goes to the dashboard after 2 s", async ({ page }) => {
    const user = await signUp(page, { timezone: "Asia/Tokyo" });
    await page.goto("/task-creator");
    await expect(page.getByRole("heading", { level: 1, name: "New Task" })).toBeVisible();
    const title = page.getByLabel("Task Title");
    await expect(title).toHaveAttribute("placeholder", "Morning Medication");
    // The default due date is now on the user's clock (Tokyo), to the minute.
    const due = page.getByLabel("Due Date/Time");
    const shown = await due.inputValue();
    const now = local(user);
    expect([inputValue(now), inputValue(now.minus({ minutes: 1 }))]).toContain(shown);

    // Client checks first: an empty title, then an empty date.
    await title.fill("   ");
    await page.getByRole("button", { name: "Create Task" }).click();
    await expect(page.getByText("Task title is required.")).toBeVisible();
    await expect(title).toBeFocused();
    await title.fill("Morning Medication");
    await due.fill("");
    await page.getByRole("button", { name: "Create Task" }).click();
    await expect(page.getByText("Due date is required.")).toBeVisible();

    const tomorrowNine = local(user, { days: 1 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    await due.fill(inputValue(tomorrowNine));
    const started = Date.now();
    await page.getByRole("button", { name: "Create Task" }).click();
    await expect(page.getByText("Task created successfully!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Task" })).toBeDisabled();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);

    const c = card(page, "Morning Medication");
    await expect(c).toContainText("Due Tomorrow, 9:00 AM");
    await expect(c).toHaveClass(/task-card--orange/);

    // Stored as the right instant: 09:00 in Tokyo is 00:00 UTC.
    const list = await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } });
    const body = (await list.json()) as { tasks: Array<{ title: string; dueDate: string }> };
    expect(body.tasks.find((t) => t.title === "Morning Medication")?.dueDate).toBe(tomorrowNine.toUTC().toISO());
  });

  test("How hard to nudge: the default first, each choice says what it does, and the task escalates by the one picked; Edit Task shows and changes it", async ({ page }) => {
    const user = await signUp(page);
    await page.goto("/task-creator");
    const strategy = page.getByLabel("How hard to nudge");
    const checkBack = page.getByLabel("If I acknowledge it but don't finish");
    await expect(strategy.locator("option")).toHaveText(["My default: Standard", "Gentle (pings only)", "Standard", "Urgent (call early)", "Standard without buddies"]);
    await expect(page.getByText("A ping at the due time, a text and an email after 15 minutes, a call after 30, your nudge buddies after an hour.")).toBeVisible();
    await expect(checkBack.locator("option").first()).toHaveText("Same as Standard");
    await strategy.selectOption("urgent");
    // The hint and the check-back's first choice follow the pick.
    await expect(page.getByText("A ping and a text at the due time, a call and an email after 5 minutes, another call after 15, your buddies after 30.")).toBeVisible();
    await expect(checkBack.locator("option").first()).toHaveText("Same as Urgent");
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: "test-results/screenshots/task-creator-strategy-360.png", fullPage: true });
    await page.getByLabel("Task Title").fill("Blood pressure pill");
    await page.getByRole("button", { name: "Create Task" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

    const list = await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } });
    const made = ((await list.json()) as { tasks: Array<{ id: string; title: string; strategy: string }> }).tasks.find((t) => t.title === "Blood pressure pill")!;
    expect(made.strategy).toBe("urgent");

    await page.goto(`/tasks/${made.id}/edit`);
    await expect(strategy).toHaveValue("urgent");
    // A task keeps the sequence it was made with: no "default" choice here.
    await expect(strategy.locator("option")).toHaveText(["Gentle (pings only)", "Standard", "Urgent (call early)", "Standard without buddies"]);
    await expect(checkBack.locator("option").first()).toHaveText("Same as Urgent");
    await strategy.selectOption("gentle");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Task updated successfully!")).toBeVisible();
    const after = await page.request.get(`/v1/tasks/${made.id}`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(((await after.json()) as { strategy: string }).strategy).toBe("gentle");
  });

  test("Repeat is worded for the due date shown, and makes a repeating task", async ({ page }) => {
    const user = await signUp(page, { timezone: "Europe/Paris" });
    await page.goto("/task-creator");
    const repeat = page.getByLabel("Repeat");
    await expect(repeat).toHaveValue("");
    await expect(repeat.locator("option:checked")).toHaveText("Doesn't repeat");
    // A Sunday the 29th: the choices follow the date as it is typed.
    await page.getByLabel("Due Date/Time").fill("2099-03-29T08:00");
    await expect(repeat.locator("option")).toHaveText([
      "Doesn't repeat",
      "Every day",
      "Every weekday (Monday to Friday)",
      "Every week on Sunday",
      "Every month on the 29th (or the month's last day)",
      "Every year on March 29",
    ]);
    await page.getByLabel("Task Title").fill("Water the ferns");
    await repeat.selectOption({ label: "Every week on Sunday" });
    await page.getByRole("button", { name: "Create Task" }).click();
    await expect(page.getByText("Task created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await expect(card(page, "Water the ferns")).toContainText("Repeats every Sunday");
    const list = await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } });
    const body = (await list.json()) as { tasks: Array<{ title: string; recurrence?: unknown; dueDate: string }> };
    const ferns = body.tasks.find((t) => t.title === "Water the ferns");
    expect(ferns?.recurrence).toEqual({ freq: "weekly", days: [7] });
    expect(ferns?.dueDate).toBe("2099-03-29T06:00:00.000Z");
  });

  test("a birthday every year, from the form and in words: its card says so, and Edit Task finds the choice and follows the date (ADR 125)", async ({ page }) => {
    const user = await signUp(page);
    const recurrenceOf = async (title: string) => {
      const list = await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } });
      const body = (await list.json()) as { tasks: Array<{ id: string; title: string; recurrence?: unknown }> };
      return body.tasks.find((t) => t.title === title);
    };
    await page.goto("/task-creator");
    await page.getByLabel("Task Title").fill("Ann's birthday");
    await page.getByLabel("Due Date/Time").fill("2099-03-03T09:00");
    await page.getByLabel("Repeat").selectOption({ label: "Every year on March 3" });
    await page.getByRole("button", { name: "Create Task" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await expect(card(page, "Ann's birthday")).toContainText("Repeats every year on March 3");
    const birthday = await recurrenceOf("Ann's birthday");
    expect(birthday?.recurrence).toEqual({ freq: "yearly", month: 3, dayOfMonth: 3 });

    // Edit Task shows the yearly choice; a new due date moves the day it repeats on.
    await page.goto(`/tasks/${birthday!.id}/edit`);
    const repeat = page.getByLabel("Repeat");
    await expect(repeat).toHaveValue("yearly");
    await page.getByLabel("Due Date/Time").fill("2099-03-05T09:00");
    await expect(repeat.locator("option:checked")).toHaveText("Every year on March 5");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    expect((await recurrenceOf("Ann's birthday"))?.recurrence).toEqual({ freq: "yearly", month: 3, dayOfMonth: 5 });

    // In words: a named day every year, confirmed as such and said on its card.
    await page.goto("/task-creator");
    const box = page.getByRole("region", { name: "Or just type it" });
    await box.getByLabel("Your reminder").fill("call grandma every christmas eve at 6pm");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("every year on December 24 at 6:00 PM");
    await page.goto("/dashboard");
    const grandma = page.locator("article.task-card").filter({ hasText: "call grandma" });
    await expect(grandma).toContainText("Repeats every year on December 24");
    await grandma.screenshot({ path: "test-results/screenshots/tasks-yearly-card.png" });

    // A weekday's place in a month every year (ADR 127): said back, on its card, and kept by Edit Task.
    await page.goto("/task-creator");
    await box.getByLabel("Your reminder").fill("thanksgiving dinner every year on the fourth thursday of november at 4pm");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("every year on the fourth Thursday of November at 4:00 PM");
    await page.goto("/dashboard");
    const dinner = page.locator("article.task-card").filter({ hasText: "thanksgiving dinner" });
    await expect(dinner).toContainText("Repeats every year on the fourth Thursday of November");
    await dinner.screenshot({ path: "test-results/screenshots/tasks-yearly-weekday-card.png" });
    const thanksgiving = await recurrenceOf("Thanksgiving dinner");
    expect(thanksgiving?.recurrence).toEqual({ freq: "yearly", month: 11, week: 4, weekday: 4 });
    await page.goto(`/tasks/${thanksgiving!.id}/edit`);
    await expect(page.getByLabel("Repeat").locator("option:checked")).toHaveText("Keep: repeats every year on the fourth Thursday of November");
  });

  test("creates a reminder from plain language, and rejects an empty one", async ({ page }) => {
    await signUp(page);
    await page.goto("/task-creator");
    const box = page.getByRole("region", { name: "Or just type it" });
    await expect(box).toBeVisible();
    // "at 9" is 9 where the account's zone says: the box names it.
    await expect(box.getByText("Write it the way you would say it. We read it in your time zone (America/New_York).")).toBeVisible();
    const input = box.getByLabel("Your reminder");
    await expect(input).toHaveAttribute("placeholder", "remind me to take my pills tomorrow at 9");

    await input.fill("   ");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.getByText(/Please type what you want to be reminded of/)).toBeVisible();

    await input.fill("remind me to take my pills tomorrow at 9");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toBeVisible();
    await expect(input).toHaveValue("");

    await page.goto("/dashboard");
    // Titled with a capital, as a title typed in the form reads; the confirmation kept the words as typed.
    const pills = card(page, "Take my pills");
    await expect(pills).toHaveCount(1);
    await expect(pills).toContainText("Due Tomorrow, 9:00 AM");
    await expect(pills).toHaveClass(/task-card--orange/);
    await expect(pills).not.toContainText("Repeats");

    // A repeat is said on its card, so a series is never a surprise.
    await page.goto("/task-creator");
    await input.fill("water the ferns every other day at 8pm");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("every other day at 8:00 PM");
    await page.goto("/dashboard");
    await expect(page.locator("article.task-card").filter({ hasText: "water the ferns" })).toContainText("Repeats every other day");

    // A time to beat: an hour ahead, and the card keeps the time it is ahead of (ADR 130).
    await page.goto("/task-creator");
    await input.fill("call the bank before 5pm tomorrow");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("Got it! I'll remind you to call the bank before 5pm on");
    await expect(box.locator(".alert--success")).toContainText("at 4:00 PM (an hour before 5:00 PM).");
    // The night before a weekly collection: the repeat moves to the day before (ADR 131).
    await input.fill("bins out every thursday, remind me the night before");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("every Wednesday at 9:00 PM (the night before every Thursday at 9:00 AM)");
    await page.goto("/dashboard");
    const bank = card(page, "Call the bank before 5pm");
    await expect(bank).toContainText("Due Tomorrow, 4:00 PM");
    await bank.screenshot({ path: "test-results/screenshots/tasks-time-to-beat-card.png" });
    const bins = card(page, "Bins out");
    await expect(bins).toContainText("Repeats every Wednesday");
    await bins.screenshot({ path: "test-results/screenshots/tasks-night-before-card.png" });

    // "asap" starts nudging at the next minute (ADR 132); a day that moves, every year on its rule (ADR 133).
    await page.goto("/task-creator");
    await input.fill("call the plumber asap");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("Got it! I'll remind you to call the plumber on");
    await input.fill("every thanksgiving call grandma at 3pm");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("to call grandma every year on the fourth Thursday of November at 3:00 PM");
    await page.goto("/dashboard");
    await expect(card(page, "Call the plumber")).toHaveCount(1);
    const grandma = card(page, "Call grandma");
    await expect(grandma).toContainText("Repeats every year on the fourth Thursday of November");
    await grandma.screenshot({ path: "test-results/screenshots/tasks-thanksgiving-card.png" });
  });

  test("how hard to nudge in the words: 'urgently' makes an urgent reminder, said in the confirmation and on its card (ADR 112)", async ({ page }) => {
    const user = await signUp(page);
    await page.goto("/task-creator");
    const box = page.getByRole("region", { name: "Or just type it" });
    await expect(box.getByText('For example: "call mum every Sunday at 6pm" or "pay rent on Friday at 5pm, urgently" (calls you early).')).toBeVisible();
    const input = box.getByLabel("Your reminder");
    await input.fill("pay rent tomorrow at 5pm, urgently");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("Got it! I'll remind you to pay rent on");
    await expect(box.locator(".alert--success")).toContainText("at 5:00 PM. Nudging: Urgent (call early).");
    await input.fill("water the ferns tomorrow at 6pm");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("water the ferns");
    await expect(box.locator(".alert--success")).not.toContainText("Nudging");
    const list = await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } });
    const tasks = ((await list.json()) as { tasks: Array<{ title: string; strategy: string }> }).tasks;
    expect(tasks.map((t) => [t.title, t.strategy])).toEqual([
      ["Pay rent", "urgent"],
      ["Water the ferns", "standard"],
    ]);

    // The card says it where it is not the person's default; the default one says nothing.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/dashboard");
    await expect(card(page, "Pay rent").locator(".task-card__strategy")).toHaveText("Nudging: Urgent (call early)");
    await expect(card(page, "Water the ferns").locator(".task-card__strategy")).toHaveCount(0);
    await card(page, "Pay rent").screenshot({ path: "test-results/screenshots/tasks-card-strategy-phone.png" });

    // "make it urgent" in the box, where no reminder is open in a conversation: where to change one.
    await page.goto("/task-creator");
    await input.fill("make it urgent");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--info")).toHaveText(
      'To change how hard a reminder nudges, press the pencil on its card on your dashboard and pick under "How hard to nudge". To make a new reminder, write what and when, like "pay rent on friday at 5pm, urgently".',
    );
  });

  test("Undo under the confirmation takes the reminder back at once; 'make it 8pm' says where to change one (ADR 108, 109)", async ({ page, consoleErrors }) => {
    const user = await signUp(page);
    await page.goto("/task-creator");
    const box = page.getByRole("region", { name: "Or just type it" });
    const input = box.getByLabel("Your reminder");
    await input.fill("call the plumber tomorrow at 8am");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    const confirmation = box.locator(".alert--success");
    await expect(confirmation).toContainText("Got it! I'll remind you to call the plumber");
    await page.setViewportSize({ width: 360, height: 800 });
    await box.screenshot({ path: "test-results/screenshots/tasks-creator-nl-undo-phone.png" });
    await confirmation.getByRole("button", { name: "Undo" }).click();
    await expect(box.locator(".alert--info")).toHaveText('Taken back: "Call the plumber" is deleted.');
    await expect(confirmation).toHaveCount(0);
    // The button went with the confirmation: the keyboard is in the field, to write it again.
    await expect(input).toBeFocused();
    const list = await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } });
    expect(((await list.json()) as { tasks: unknown[] }).tasks).toEqual([]);

    // Words about a reminder, with no conversation open here: where to do it, and nothing made.
    await input.fill("make it 8pm");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--info")).toHaveText(
      'To change when a reminder is due, press the pencil on its card on your dashboard. To make a new reminder, write what and when, like "call mom tomorrow at 5pm".',
    );
    await expect(box.locator(".alert--success")).toHaveCount(0);
    const after = await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } });
    expect(((await after.json()) as { tasks: unknown[] }).tasks).toEqual([]);

    // Signed out meanwhile (another tab): the Undo deletes nothing and says so.
    await input.fill("water the ferns tomorrow at 6pm");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("water the ferns");
    await page.context().clearCookies();
    await box.locator(".alert--success").getByRole("button", { name: "Undo" }).click();
    await expect(box.getByText("Authentication failed. Please log in again.")).toBeVisible();
    await expect(box.getByText("Your session has ended, so nothing was deleted. Taking you to sign in…")).toBeVisible();
    const kept = await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } });
    expect(((await kept.json()) as { tasks: Array<{ title: string }> }).tasks.map((t) => t.title)).toEqual(["Water the ferns"]);
    await expect(page).toHaveURL("/auth/login?redirect=%2Ftask-creator");
    expectConsoleErrors(consoleErrors, [/status of 401/]);
  });

  test("several times in the box make a reminder at each; 'Undo both' takes both back (ADR 181)", async ({ page }) => {
    const user = await signUp(page);
    await page.goto("/task-creator");
    const box = page.getByRole("region", { name: "Or just type it" });
    const input = box.getByLabel("Your reminder");
    await input.fill("take my pills at 8am and 8pm every day");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    const confirmation = box.locator(".alert--success");
    await expect(confirmation).toContainText(/^Got it! I'll remind you to take your pills every day at 8:00 AM and 8:00 PM, starting .+\. That's 2 reminders, one for each time\./);
    const tasks = async () => ((await (await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } })).json()) as { tasks: Array<{ title: string }> }).tasks;
    expect((await tasks()).map((t) => t.title)).toEqual(["Take my pills", "Take my pills"]);
    await page.setViewportSize({ width: 360, height: 800 });
    await box.screenshot({ path: "test-results/screenshots/tasks-creator-nl-several-phone.png" });
    await confirmation.getByRole("button", { name: "Undo both" }).click();
    await expect(box.locator(".alert--info")).toHaveText(`Taken back: the 2 "Take my pills" reminders are deleted, and they won't repeat.`);
    await expect(input).toBeFocused();
    expect(await tasks()).toEqual([]);
  });

  test("an Undo that cannot reach the server says so, and the reminder stays", async ({ page, consoleErrors }) => {
    const user = await signUp(page);
    await page.goto("/task-creator");
    const box = page.getByRole("region", { name: "Or just type it" });
    await box.getByLabel("Your reminder").fill("call the plumber tomorrow at 8am");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    await expect(box.locator(".alert--success")).toContainText("call the plumber");
    await page.route("**/task-creator*", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await box.locator(".alert--success").getByRole("button", { name: "Undo" }).click();
    await expect(box.locator(".alert--error")).toHaveText(
      "Couldn't take it back just now; nothing was deleted. Please try again, or use the bin on its card on your dashboard.",
    );
    const list = await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } });
    expect(((await list.json()) as { tasks: Array<{ title: string }> }).tasks.map((t) => t.title)).toEqual(["Call the plumber"]);
    expectConsoleErrors(consoleErrors, [FAILED_REQUEST]);
  });

  test("a repeat a reminder cannot hold is refused in words, the text kept to edit, and nothing created", async ({ page }) => {
    const user = await signUp(page);
    await page.goto("/task-creator");
    const box = page.getByRole("region", { name: "Or just type it" });
    const input = box.getByLabel("Your reminder");
    await input.fill("service my boiler every 18 months at 9");
    await box.getByRole("button", { name: "Create Reminder" }).click();
    const advice = box.locator(".alert--info");
    await expect(advice).toHaveText(
      `I can't repeat a reminder "every 18 months". I can repeat one every day or every so many days ("every other day", "every 3 days"), every weekday, on the days you choose every week or every so many weeks ("every monday and thursday", "every other friday"), on one date or weekday every month or every so many months ("on the 1st of every month", "the first monday of every month", "every 3 months"), or on one day every year ("every year on march 3", "every other year").`,
    );
    await expect(input).toHaveValue("service my boiler every 18 months at 9");
    await page.setViewportSize({ width: 360, height: 800 });
    await box.screenshot({ path: "test-results/screenshots/tasks-creator-nl-refused-phone.png" });
    // Unlike the 3.5 s failure text, advice stays until the next try.
    await page.waitForTimeout(4_000);
    await expect(advice).toBeVisible();
    const list = await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } });
    expect(((await list.json()) as { tasks: unknown[] }).tasks).toEqual([]);
  });

  test("an unverified user sees the verification warning and no form; the Create Task button follows onboarding", async ({ page }) => {
    // Not skipped: onboarding is needed, so the New Task screen leads to the wizard (the guard).
    await signUp(page, { verified: false, onboarding: "keep" });
    await page.goto("/task-creator");
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole("link", { name: "Create Task", exact: true })).toHaveCount(0);
    // Skipped (as the wizard's Skip does): the screen opens and says what is missing.
    await page.getByRole("button", { name: "Skip" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/task-creator");
    await expect(page.getByText("Email Verification Required")).toBeVisible();
    await expect(page.getByRole("link", { name: "Verify Email Address" })).toHaveAttribute("href", "/auth/verify");
    await expect(page.getByLabel("Task Title")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Or just type it" })).toHaveCount(0);
    await screenshotBoth(page, "tasks-creator-unverified", "/task-creator");
  });

  test("the close button goes back, or to the dashboard when there is no history", async ({ page }) => {
    await signUp(page);
    await page.goto("/settings");
    await page.getByRole("link", { name: "Create Task", exact: true }).click();
    await expect(page).toHaveURL(/\/task-creator$/);
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/settings$/);

    const fresh = await page.context().newPage();
    await fresh.goto("/task-creator");
    await fresh.getByRole("link", { name: "Close" }).click();
    await expect(fresh).toHaveURL(/\/dashboard$/);
    await fresh.close();
  });

  test("is accessible and fits 360 px and 1280 px", async ({ page }) => {
    await signUp(page);
    await page.goto("/task-creator");
    const results = await new AxeBuilder({ page }).include("main").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await screenshotBoth(page, "tasks-creator", "/task-creator");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});
