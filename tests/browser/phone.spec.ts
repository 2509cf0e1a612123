import type { Page } from "@playwright/test";
import { expect, screenshotBoth, test } from "./fixtures";
import { card, local, signUp, type TaskUser } from "./tasks-helpers";

/**
 * Phone (issue 10) in the browser: add and verify a number (the code from the dev phone), a due
 * reminder's text answered DONE from the dev phone, a call's keypad pressing 2, and removing the phone.
 * Texts and calls land in the dev outbox; the dev phone posts signed requests to the real webhooks.
 */
let seq = 10_000_000 + Math.floor(Math.random() * 80_000_000);
const newLocalNumber = () => `5${++seq}`;

async function addVerifiedPhone(page: Page): Promise<string> {
  const local8 = newLocalNumber();
  const phone = `+972${local8}`;
  await page.goto("/integrations");
  const row = page.locator("#phone");
  await row.locator("label.switch").click();
  await row.getByLabel("Phone number").fill(local8);
  await row.getByRole("button", { name: "Add phone number" }).click();
  await expect(row.getByText(`We sent a 6-digit code to ${phone}. It works for 10 minutes.`)).toBeVisible();
  const texts = (await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(phone)}`)).json()) as Array<{ channel: string; to: string; text: string }>;
  const code = /\b(\d{6})\b/.exec(texts.find((m) => m.channel === "sms" && m.to === phone)!.text)![1]!;
  await row.getByLabel("Code from the text message").fill(code);
  await row.getByRole("button", { name: "Verify" }).click();
  await expect(row.getByText("Your phone number is verified. Your most urgent reminders can call and text you now.")).toBeVisible();
  return phone;
}

async function urgentTask(page: Page, user: TaskUser, title: string) {
  const response = await page.request.post("/v1/tasks", {
    data: { title, dueDate: local(user, { minutes: -2 }).toUTC().toISO(), strategy: "urgent" },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

test.describe("phone", () => {
  test("a number typed the Israeli way, with its 0 (as autofill gives it), is saved without the 0", async ({ page }) => {
    await signUp(page);
    const local9 = newLocalNumber();
    await page.goto("/integrations");
    const row = page.locator("#phone");
    await row.locator("label.switch").click();
    await page.setViewportSize({ width: 360, height: 800 });
    await row.screenshot({ path: "test-results/screenshots/integrations-phone-panel-phone.png" });
    await row.getByLabel("Phone number").fill(`0${local9.slice(0, 2)}-${local9.slice(2, 5)}-${local9.slice(5)}`);
    await row.getByRole("button", { name: "Add phone number" }).click();
    await expect(row.getByText(`We sent a 6-digit code to +972${local9}. It works for 10 minutes.`)).toBeVisible();
  });

  test("a wrong number gets the spec's sentence; a valid one is verified with the texted code", async ({ page }) => {
    await signUp(page, { name: "Dana" });
    await page.goto("/integrations");
    const row = page.locator("#phone");
    await row.locator("label.switch").click();
    await row.getByLabel("Phone number").fill("12345");
    await row.getByRole("button", { name: "Add phone number" }).click();
    await expect(row.getByText("Phone number must be a valid Israeli number starting with +972")).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/phone-panel-error-1280.png", fullPage: true });
    const phone = await addVerifiedPhone(page);
    await expect(row.getByRole("switch", { name: "Phone call reminders" })).toBeChecked();
    await screenshotBoth(page, "integrations-phone-verified", "/integrations");
    await screenshotBoth(page, "dev-phone", `/dev/phone?number=${encodeURIComponent(phone)}`);

    // The README's `/dev/phone?number=+972...`, typed by hand: the "+" (a space once decoded) is
    // given back, so it is this phone, with its code.
    await page.goto(`/dev/phone?number=${phone}`);
    await expect(page.getByRole("list", { name: `Texts and calls of ${phone}` })).toContainText("Your Nudge code is");
    // A number that is not one is said so, not silently swapped for the default phone.
    await page.goto("/dev/phone?number=12345");
    await expect(page.getByRole("alert")).toHaveText("“12345” is not a phone number (a + and 8 to 15 digits), so this is the default phone, +972501234567.");
  });

  test("trying it on this computer: the panel links the dev phone with the code, and /dev/phone opens at the account's own number", async ({ page }) => {
    await signUp(page, { name: "Noa" });
    const local8 = newLocalNumber();
    const phone = `+972${local8}`;
    await page.goto("/integrations");
    const row = page.locator("#phone");
    await row.locator("label.switch").click();
    await expect(row.getByText("Trying Nudge on this computer?")).toHaveCount(0);
    await row.getByLabel("Phone number").fill(local8);
    await row.getByRole("button", { name: "Add phone number" }).click();
    await expect(row.getByText(`We sent a 6-digit code to ${phone}. It works for 10 minutes.`)).toBeVisible();
    await expect(row.locator(".phone-panel__dev")).toHaveText("Trying Nudge on this computer? Open the dev phone: texts and calls to this number land there, the code too.");
    await row.getByRole("link", { name: "Open the dev phone" }).click();
    const texts = page.getByRole("list", { name: `Texts and calls of ${phone}` });
    await expect(texts).toContainText("Your Nudge code is");
    // Without ?number=, the dev phone is the signed-in account's own.
    await page.goto("/dev/phone");
    await expect(texts).toContainText("Your Nudge code is");
  });

  test("a due reminder's text is answered DONE from the dev phone; a call's 2 snoozes; the phone is removed", async ({ page }) => {
    const user = await signUp(page, { name: "Omer", timezone: "Asia/Jerusalem" });
    const phone = await addVerifiedPhone(page);
    const task = await urgentTask(page, user, "Take the pills");
    await page.request.get("/__scheduled?cron=*+*+*+*+*");
    await page.goto(`/dev/phone?number=${encodeURIComponent(phone)}`);
    await expect(page.locator(".dev-chat__bubble--bot").filter({ hasText: 'Nudge: "Take the pills" was due at' })).toBeVisible({ timeout: 15_000 });
    await page.getByLabel("Reply").fill("DONE");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.locator(".dev-chat__bubble--bot").last()).toHaveText('"Take the pills" is done. Well done!');
    await page.goto("/dashboard");
    await expect(card(page, "Take the pills")).toContainText(/completed/i);

    const second = await urgentTask(page, user, "Call the clinic");
    await page.request.get("/__scheduled?cron=*+*+*+*+*");
    // The first step (a text) goes out; then the call, 5 minutes later, is made due now.
    await page.goto(`/dev/phone?number=${encodeURIComponent(phone)}`);
    await expect(page.locator(".dev-chat__bubble--bot").filter({ hasText: 'Nudge: "Call the clinic" was due at' })).toBeVisible({ timeout: 15_000 });
    const advanced = await page.request.post("/dev/escalation/advance", { data: { taskId: second.id } });
    expect(advanced.status(), await advanced.text()).toBe(200);
    await page.goto(`/dev/phone?number=${encodeURIComponent(phone)}`);
    const call = page.locator(".dev-phone__call").filter({ hasText: "Call the clinic" });
    await expect(call).toBeVisible({ timeout: 15_000 });
    await call.getByRole("button", { name: "Press 2: snooze 30 minutes" }).click();
    await expect(page.locator(".dev-chat__bubble--bot").last()).toHaveText(/^Snoozed\. I'll remind you about "Call the clinic" again at .+\. Goodbye\.$/);
    await page.goto("/dashboard");
    await expect(card(page, "Call the clinic")).toContainText(/snoozed/i);
    expect(task.id).not.toBe(second.id);

    await page.goto("/integrations");
    await page.locator("#phone").getByRole("button", { name: "Remove phone number" }).click();
    await expect(page.locator("#phone").getByText("Your phone number was removed.")).toBeVisible();
  });

  test("an iPhone's tapback on a reminder's text answers it: 👍 Like is OK, 💯 done; ❤ Love gets nothing back (ADR 120)", async ({ page }) => {
    const user = await signUp(page, { name: "Dana", timezone: "Asia/Jerusalem" });
    const phone = await addVerifiedPhone(page);
    await urgentTask(page, user, "Water the basil");
    await page.request.get("/__scheduled?cron=*+*+*+*+*");
    await page.goto(`/dev/phone?number=${encodeURIComponent(phone)}`);
    const text = page.locator(".dev-chat__item").filter({ hasText: 'Nudge: "Water the basil" was due at' });
    await expect(text).toBeVisible({ timeout: 15_000 });
    const answers = page.locator(".dev-chat__bubble--bot");
    const before = await answers.count();
    await text.getByText("Tapback (iPhone)").click();
    await text.getByRole("button", { name: "❤ Love" }).click();
    await expect(page.locator(".dev-chat__bubble--you").last()).toHaveText(/^Loved “Nudge: "Water the basil" was due at /);
    await expect(answers).toHaveCount(before);
    await text.getByText("Tapback (iPhone)").click();
    await text.getByRole("button", { name: "👍 Like" }).click();
    await expect(answers.last()).toHaveText(/^Got it\. The reminders for "Water the basil" have stopped/);
    await screenshotBoth(page, "dev-phone-tapback", page.url());
    await text.getByText("Tapback (iPhone)").click();
    await text.getByRole("button", { name: "💯 React" }).click();
    await expect(answers.last()).toHaveText('"Water the basil" is done. Well done!');
    await page.goto("/dashboard");
    await expect(card(page, "Water the basil")).toContainText(/completed/i);
  });

  test("'cancel the dentist' by text answers with a link; the link's page deletes it (ADR 101)", async ({ page }) => {
    const user = await signUp(page, { name: "Noa", timezone: "Asia/Jerusalem" });
    const phone = await addVerifiedPhone(page);
    const created = await page.request.post("/v1/tasks", {
      data: { title: "Call the dentist", dueDate: local(user, { days: 3 }).toUTC().toISO() },
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto(`/dev/phone?number=${encodeURIComponent(phone)}`);
    await page.getByLabel("Reply").fill("cancel the dentist");
    await page.getByRole("button", { name: "Send reply" }).click();
    const answer = page.locator(".dev-chat__bubble--bot").last();
    await expect(answer).toContainText('Delete "Call the dentist" (');
    // It named a reminder, so it was no opt-out: texts stay on.
    await expect(page.locator(".dev-chat__bubble--bot").filter({ hasText: "You won't get Nudge texts" })).toHaveCount(0);
    await answer.getByRole("link", { name: /\/delete\// }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Delete "Call the dentist"?');
    await page.getByRole("button", { name: "Delete it" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deleted");
    await page.goto("/dashboard");
    await expect(card(page, "Call the dentist")).toHaveCount(0);
  });
});
