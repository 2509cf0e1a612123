import { expect, screenshotBoth, test } from "./fixtures";
import { pressNextStepsUntil, signUp } from "./tasks-helpers";

/**
 * The Nudge Buddies page (issue 11): add an email buddy and verify it through the link in the dev
 * outbox (a page, then the button); add a Telegram contact and verify it through /dev/telegram; the
 * maximum; edit; delete.
 */
test("nudge buddies: add, verify by link and by Telegram, the maximum, edit and delete", async ({ page, context }) => {
  test.setTimeout(90_000);
  await signUp(page, { name: "Maya Levi" });
  await page.goto("/emergency-contacts");
  await expect(page.getByRole("heading", { name: "No nudge buddies configured" })).toBeVisible();

  const address = `buddy-${Date.now()}@example.com`;
  await page.getByRole("button", { name: "Add Nudge Buddy" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Nudge Buddy" });
  await dialog.getByLabel("Name").fill("Sam");
  await dialog.getByLabel("Email Address").fill(address);
  await expect(dialog.getByText("A verification link will be sent to this email address.")).toBeVisible();
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(page.getByText("Sam was added. We emailed them a verification link and code.")).toBeVisible();
  await expect(page.getByText("Contact #1")).toBeVisible();

  const outbox = (await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(address)}`)).json()) as Array<{ to: string; text: string }>;
  const link = new URL(/https?:\/\/\S+\/verify-contact\S+/.exec(outbox.find((m) => m.to === address)!.text)![0]);
  const buddyTab = await context.newPage();
  await buddyTab.goto(link.pathname + link.search);
  await buddyTab.getByRole("button", { name: "Yes, I'll be a nudge buddy" }).click();
  await expect(buddyTab.getByRole("heading", { name: "Contact Verified!" })).toBeVisible();
  await page.reload();
  await expect(page.locator(".buddy-card").filter({ hasText: "Sam" }).getByText("✓ Verified")).toBeVisible();

  await page.getByRole("button", { name: "Add Nudge Buddy" }).click();
  const second = page.getByRole("dialog", { name: "Add Nudge Buddy" });
  await second.getByLabel("Name").fill("Kim");
  await second.getByLabel("Contact Type").selectOption("telegram_contact");
  await expect(second.getByRole("option", { name: "1 = Primary - Already exists" })).toBeDisabled();
  // No contact field for Telegram: the hint says the link does the work (docs/spec-deviations.md).
  await expect(second.getByRole("textbox")).toHaveCount(1);
  await expect(second.getByText("No username or chat ID is needed. After saving you get a link to send them: opening it in Telegram verifies them.")).toBeVisible();
  await second.getByRole("button", { name: "Add Contact" }).click();
  const linkDialog = page.getByRole("dialog", { name: "Verify Kim in Telegram" });
  const deepLink = await linkDialog.getByLabel("Verification link").inputValue();
  expect(deepLink).toMatch(/^https:\/\/t\.me\/NudgeReminderBot\?start=buddy_/);
  await screenshotBoth(page, "buddies-page", "/emergency-contacts");
  await buddyTab.goto(`/dev/telegram?chat=${700_000_000 + Math.floor(Math.random() * 1_000_000)}`);
  await buddyTab.getByLabel("Message").fill(`/start ${new URL(deepLink).searchParams.get("start")}`);
  await buddyTab.getByRole("button", { name: "Send", exact: true }).click();
  await expect(buddyTab.locator(".dev-chat__bubble--bot").last()).toContainText("Thank you, Kim! This chat is now Maya's nudge buddy.");

  await page.goto("/emergency-contacts");
  await expect(page.getByText("You have reached the maximum number of nudge buddies (2). Delete an existing contact to add a new one.")).toBeVisible();
  await expect(page.locator(".buddy-card").filter({ hasText: "Kim" }).getByText("✓ Verified")).toBeVisible();

  const sam = page.locator(".buddy-card").filter({ hasText: "Sam" });
  await sam.getByText("More").click();
  await sam.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Nudge Buddy" });
  await edit.getByLabel("Name").fill("Samantha");
  await edit.getByRole("button", { name: "Update Contact" }).click();
  await expect(page.getByText("Samantha was updated.")).toBeVisible();

  const kim = page.locator(".buddy-card").filter({ hasText: "Kim" });
  await kim.getByText("More").click();
  await kim.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Contact" });
  await expect(confirm.getByText("Are you sure you want to delete Kim?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Your nudge buddy was deleted.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Nudge Buddy" })).toBeVisible();
});

/**
 * A missed reminder reaching the buddy (issue 11): the chain is fast-forwarded from /dev/outbox's
 * "Send next step now" until the buddies step; the buddy's email names who and what; the owner's card
 * says the buddies were alerted; the buddy unsubscribes from the alert's link (a page, then the button).
 */
test("a missed reminder reaches the verified buddy; the card says so; the buddy unsubscribes from the alert", async ({ page, context }) => {
  test.setTimeout(120_000);
  const owner = await signUp(page, { name: "Noa Ben" });
  const address = `alerted-${Date.now()}@example.com`;
  const added = await page.request.post("/v1/emergency-contacts/", { data: { name: "Dana", type: "email", order: 1, contact: address } });
  expect(added.status(), await added.text()).toBe(201);
  const invitation = ((await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(address)}`)).json()) as Array<{ to: string; text: string }>).find((m) => m.to === address)!;
  const verifyLink = new URL(/https?:\/\/\S+\/verify-contact\S+/.exec(invitation.text)![0]);
  const buddyTab = await context.newPage();
  await buddyTab.goto(verifyLink.pathname + verifyLink.search);
  await buddyTab.getByRole("button", { name: "Yes, I'll be a nudge buddy" }).click();
  await expect(buddyTab.getByRole("heading", { name: "Contact Verified!" })).toBeVisible();

  const title = `Water the plants ${Date.now()}`;
  const created = await page.request.post("/v1/tasks", {
    data: { title, dueDate: new Date(Date.now() + 60_000).toISOString(), strategy: "urgent" },
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Each press makes the next waiting step due now and runs a tick; urgent's 4th step is the buddies.
  const buddyMail = async () =>
    ((await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(address)}`)).json()) as Array<{ to: string; subject: string; text: string }>).filter(
      (m) => m.to === address && m.subject.includes("may need a nudge"),
    );
  await pressNextStepsUntil(page, owner, title, async () => (await buddyMail()).length > 0);
  expect(await buddyMail()).toHaveLength(1);
  const alert = (await buddyMail())[0]!;
  expect(alert.subject).toBe(`Noa Ben may need a nudge: "${title}"`);
  expect(alert.text).toContain(`Hi Dana, Noa Ben asked Nudge to remind them to "${title}"`);
  await screenshotBoth(page, "dev-outbox-chains", "/dev/outbox");

  await page.goto("/dashboard");
  await expect(page.locator("article.task-card").filter({ hasText: title }).getByText(/^Your nudge buddies were alerted at \d{1,2}:\d{2} [AP]M today$/)).toBeVisible();
  await screenshotBoth(page, "card-buddies-alerted", "/dashboard");

  const unsubscribe = new URL(/https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(alert.text)![0]);
  await buddyTab.goto(unsubscribe.pathname + unsubscribe.search);
  await buddyTab.getByRole("button", { name: "Yes, unsubscribe me" }).click();
  await expect(buddyTab.getByRole("heading", { name: "Successfully Unsubscribed" })).toBeVisible();
  await page.goto("/emergency-contacts");
  await expect(page.locator(".buddy-card").filter({ hasText: "Dana" }).getByText("✓ Verified")).toHaveCount(0);
});

test("on a phone the buddy dialog shows its whole form, and its buttons fill their row or take a row each", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signUp(page, { name: "Pia Phone" });
  await page.goto("/emergency-contacts");
  await page.getByRole("button", { name: "Add Nudge Buddy" }).click();
  const add = page.getByRole("dialog", { name: "Add Nudge Buddy" });
  const boxes = async (dialog: typeof add, labels: [string, string]) => ({
    row: (await dialog.locator(".modal__actions").boundingBox())!,
    first: (await dialog.getByRole("button", { name: labels[0] }).boundingBox())!,
    second: (await dialog.getByRole("button", { name: labels[1] }).boundingBox())!,
  });
  // 'Cancel' and 'Add Contact' fit side by side: one row, filled from edge to edge.
  const adding = await boxes(add, ["Cancel", "Add Contact"]);
  expect(adding.second.y).toBeCloseTo(adding.first.y, 0);
  expect(adding.first.x).toBeCloseTo(adding.row.x, 0);
  expect(adding.second.x + adding.second.width).toBeCloseTo(adding.row.x + adding.row.width, 0);
  await page.screenshot({ path: "test-results/screenshots/buddies-add-dialog-phone.png" });

  await add.getByLabel("Name").fill("Sam");
  await add.getByLabel("Email Address").fill(`buddy-${Date.now()}@example.com`);
  await add.getByRole("button", { name: "Add Contact" }).click();
  const sam = page.locator(".buddy-card").filter({ hasText: "Sam" });
  await sam.getByText("More").click();
  await sam.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Nudge Buddy" });
  // The dialog takes the screen's height: the whole form shows, its last button included, with no scrolling.
  await expect(edit.getByRole("button", { name: "Update Contact" })).toBeInViewport({ ratio: 1 });
  expect(await edit.locator(".modal__body").evaluate((body) => body.scrollHeight - body.clientHeight)).toBeLessThanOrEqual(1);
  // 'Cancel' and 'Update Contact' do not fit at 360 px: two rows, in the form's order, each as wide as the row.
  const editing = await boxes(edit, ["Cancel", "Update Contact"]);
  expect(editing.second.y).toBeGreaterThan(editing.first.y + editing.first.height - 1);
  for (const button of [editing.first, editing.second]) {
    expect(button.x).toBeCloseTo(editing.row.x, 0);
    expect(button.width).toBeCloseTo(editing.row.width, 0);
  }
  await page.screenshot({ path: "test-results/screenshots/buddies-edit-dialog-phone.png" });
});
