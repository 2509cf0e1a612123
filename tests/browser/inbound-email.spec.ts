import { expect, screenshotBoth, test } from "./fixtures";
import { waitForEmail } from "./auth-helpers";
import { card, createTaskViaApi, local, signUp } from "./tasks-helpers";

/** Reminders by email (issue 12) through the dev inbound-email form: the same handler as production's email(). */
test("a mail and a meeting invitation to the assistant become reminders; a spoofed sender is refused", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await signUp(page, { name: "Mira Mail", timezone: "Europe/London" });
  await page.goto("/dev/inbound-email");
  await expect(page.getByRole("heading", { name: "Dev inbound email" })).toBeVisible();
  // Signed in, the sender is this account's address already.
  await expect(page.getByLabel("From")).toHaveValue(user.email);
  await page.getByLabel("Subject").fill("Water the plants tomorrow at 8am");
  await page.getByRole("button", { name: "Send to the assistant" }).click();
  await expect(page.getByText("Reminder created: Water the plants")).toBeVisible();

  await page.getByLabel("From").fill(user.email);
  await page.getByLabel("Subject").fill("Invitation: Book club");
  await page.getByLabel("Event title").fill("Book club");
  await page.getByLabel("Starts (on your account's clock)").fill("2031-05-06T19:30");
  await page.getByRole("button", { name: "Send to the assistant" }).click();
  await expect(page.getByText("Reminder created: Book club")).toBeVisible();

  await page.getByLabel("From").fill(user.email);
  await page.getByLabel("Subject").fill("Call mum tomorrow at 5pm");
  await page.getByLabel("Sender check (SPF/DKIM/DMARC, as our mail server found it)").selectOption("fail");
  await page.getByRole("button", { name: "Send to the assistant" }).click();
  await expect(page.getByText("Refused at SMTP (nothing created, no reply sent)")).toBeVisible();
  await screenshotBoth(page, "dev-inbound-email", "/dev/inbound-email");

  const outbox = (await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(user.email)}`)).json()) as Array<{ to: string; subject: string }>;
  expect(outbox.filter((m) => m.to === user.email && m.subject.startsWith("Reminder set:")).map((m) => m.subject).sort()).toEqual([
    "Reminder set: Book club",
    "Reminder set: Water the plants",
  ]);
  await page.goto("/dashboard");
  await expect(card(page, "Water the plants")).toContainText("Tomorrow, 8:00 AM");
  await expect(card(page, "Book club")).toContainText("Tue, May 6, 2031, 7:30 PM");
  await expect(card(page, "Call mum")).toHaveCount(0);
});

test("replying 'Done' to a reminder email answers it; the page and the reply email say which", async ({ page }) => {
  const user = await signUp(page, { name: "Rafi Reply", timezone: "Europe/London" });
  await createTaskViaApi(page.request, user, "Take the bins out", local(user, { minutes: -5 }));
  await page.goto("/dev/inbound-email");
  await page.getByLabel("From").fill(user.email);
  await page.getByLabel("Subject").fill("Re: Reminder: Take the bins out");
  await page.getByLabel("Body").fill("Done\n\nOn Mon, Nudge <reminders@nudge.example.com> wrote:\n> Reminder: Take the bins out");
  await page.getByRole("button", { name: "Send to the assistant" }).click();
  await expect(page.getByText("Replied: Answered: Take the bins out")).toBeVisible();
  await expect(page.getByText('"Take the bins out" is done. Well done!')).toBeVisible();
  const outbox = (await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(user.email)}`)).json()) as Array<{ subject: string }>;
  expect(outbox.map((m) => m.subject)).toContain("Answered: Take the bins out");
  await page.goto("/dashboard");
  await expect(card(page, "Take the bins out")).toContainText(/completed/i);

  // Thanks alone: nothing to do, and no reply email (ADR 105).
  await page.goto("/dev/inbound-email");
  await page.getByLabel("From").fill(user.email);
  await page.getByLabel("Subject").fill("Re: Answered: Take the bins out");
  await page.getByLabel("Body").fill("Thanks!");
  await page.getByRole("button", { name: "Send to the assistant" }).click();
  await expect(page.getByText("Only thanks: nothing to do, no reply sent")).toBeVisible();
  const after = (await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(user.email)}`)).json()) as Array<{ subject: string }>;
  expect(after).toHaveLength(outbox.length);
});

test("'Move the dentist to friday' by email asks with a link; the link's page moves it once (ADR 099)", async ({ page }) => {
  const user = await signUp(page, { name: "Mo Move", timezone: "Europe/London" });
  const due = local(user, { days: 6 }).set({ hour: 10, minute: 0 });
  await createTaskViaApi(page.request, user, "Call the dentist", due);
  await page.goto("/dev/inbound-email");
  await page.getByLabel("From").fill(user.email);
  await page.getByLabel("Subject").fill("Move the dentist to tomorrow");
  await page.getByRole("button", { name: "Send to the assistant" }).click();
  await expect(page.getByText('Replied: Move "Call the dentist"?')).toBeVisible();
  const asked = await waitForEmail(page.request, user.email, 'Move "Call the dentist"?');
  const link = /^Yes, move it: (http\S+\/move\/[\w-]+)$/m.exec(asked.text)?.[1];
  expect(link).toBeTruthy();
  const path = new URL(link!).pathname;

  // Opening the link changes nothing: it asks.
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Move "Call the dentist"?');
  const tomorrow = local(user, { days: 1 }).set({ hour: 10, minute: 0 });
  await expect(
    page.getByText(`From 10:00 AM on ${due.toFormat("cccc, d LLLL")} to 10:00 AM on ${tomorrow.toFormat("cccc, d LLLL")} (Europe/London). Its reminders start over from the new time.`),
  ).toBeVisible();
  await screenshotBoth(page, "move-link", path);
  await page.goto("/dashboard");
  await expect(card(page, "Call the dentist")).toContainText(`${due.toFormat("ccc, LLL d")}, 10:00 AM`);

  await page.goto(path);
  await page.getByRole("button", { name: "Move it" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Moved");
  await expect(page.getByText(`Moved "Call the dentist" to 10:00 AM on ${tomorrow.toFormat("cccc, d LLLL")} (Europe/London). We'll remind you then.`)).toBeVisible();
  await page.goto("/dashboard");
  await expect(card(page, "Call the dentist")).toContainText("Tomorrow, 10:00 AM");
  // Once only: the link says so afterwards, and a made-up one says it doesn't work.
  await page.goto(path);
  await expect(page.getByText('This link was already used. You can change "Call the dentist" on your dashboard.')).toBeVisible();
  await page.goto("/move/not-a-real-token-but-long-enough");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link doesn't work any more");
});

test("'Cancel the dentist' by email asks with a link; the link's page deletes it once (ADR 100)", async ({ page }) => {
  const user = await signUp(page, { name: "Dee Delete", timezone: "Europe/London" });
  const due = local(user, { days: 3 }).set({ hour: 10, minute: 0 });
  await createTaskViaApi(page.request, user, "Call the dentist", due);
  await page.goto("/dev/inbound-email");
  await page.getByLabel("From").fill(user.email);
  await page.getByLabel("Subject").fill("Cancel the dentist");
  await page.getByRole("button", { name: "Send to the assistant" }).click();
  await expect(page.getByText('Replied: Delete "Call the dentist"?')).toBeVisible();
  const asked = await waitForEmail(page.request, user.email, 'Delete "Call the dentist"?');
  const link = /^Yes, delete it: (http\S+\/delete\/[\w-]+)$/m.exec(asked.text)?.[1];
  expect(link).toBeTruthy();
  const path = new URL(link!).pathname;

  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Delete "Call the dentist"?');
  await expect(page.getByText(`It is due at 10:00 AM on ${due.toFormat("cccc, d LLLL")} (Europe/London). It won't remind you any more.`)).toBeVisible();
  await screenshotBoth(page, "delete-link", path);
  await page.goto("/dashboard");
  await expect(card(page, "Call the dentist")).toBeVisible();

  await page.goto(path);
  await page.getByRole("button", { name: "Delete it" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deleted");
  await expect(page.getByText(`Deleted "Call the dentist". It won't remind you any more.`)).toBeVisible();
  await page.goto("/dashboard");
  await expect(card(page, "Call the dentist")).toHaveCount(0);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link doesn't work any more");
});

test("a mail with no day gets the question; 'Reply to it' in the dev outbox answers it with just the day (ADR 164)", async ({ page }) => {
  const user = await signUp(page, { name: "Quinn Question", timezone: "Europe/London" });
  await page.goto("/dev/inbound-email");
  await page.getByLabel("Subject").fill("Call mum next week");
  await page.getByRole("button", { name: "Send to the assistant" }).click();
  await expect(page.getByText('Replied: Not set yet: "Call mum next week"')).toBeVisible();
  await expect(page.getByText("Which day next week?")).toBeVisible();

  await screenshotBoth(page, "dev-outbox-question", `/dev/outbox?to=${encodeURIComponent(user.email)}`);
  const question = page.getByTestId("outbox-message").filter({ hasText: 'Not set yet: "Call mum next week"' });
  await expect(question).toContainText("Reply to this email with just the answer, or write the whole reminder again.");
  await question.getByRole("link", { name: "Reply to it" }).click();
  // As a mail app's Reply: from the address it went to, its subject under "Re: ".
  await expect(page.getByLabel("From")).toHaveValue(user.email);
  await expect(page.getByLabel("Subject")).toHaveValue('Re: Not set yet: "Call mum next week"');
  await page.getByLabel("Body").fill("monday at 9am\n\nOn Tue, Nudge <reminders@nudge.example.com> wrote:\n> Which day next week?");
  await page.getByRole("button", { name: "Send to the assistant" }).click();
  await expect(page.getByText("Reminder created: Call mum")).toBeVisible();

  // Next week's Monday at 9 on the person's clock (a week starts on Monday).
  const monday = local(user, { weeks: 1 }).startOf("week").set({ hour: 9 });
  const list = (await (await page.request.get("/v1/tasks", { headers: { Authorization: `Bearer ${user.token}` } })).json()) as { tasks: Array<{ title: string; dueDate: string }> };
  expect(list.tasks.map((task) => [task.title, task.dueDate])).toEqual([["Call mum", monday.toUTC().toISO()]]);
  await page.goto("/dashboard");
  await expect(card(page, "Call mum")).toBeVisible();
});
