import type { Page } from "@playwright/test";
import { expect, screenshotBoth, test } from "./fixtures";
import { codeFrom, createAccount, registerThroughUi, signIn, uniqueEmail, waitForEmail } from "./auth-helpers";

/**
 * The onboarding wizard (issue 12, spec 01): from registration to the dashboard, with Telegram linked
 * through /dev/telegram, a reminder in plain language, the phone and buddy modals; the navigation
 * guard; Skip and the menu's Get Started.
 */

const wizardStep = (page: Page, n: number, title: string) => page.getByRole("region", { name: `Step ${n} of 4: ${title}` });
let chatSeq = 500_000_000 + Math.floor(Math.random() * 10_000_000);
let phoneSeq = 20_000_000 + Math.floor(Math.random() * 70_000_000);

test("the whole onboarding: registration, Connect Apps, a first reminder, phone and buddy, then the dashboard", async ({ page, context }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("onboard");
  await registerThroughUi(page, "Olive Tree", email);
  await expect(page.getByText("Registration successful! Please check your email for a verification code.")).toBeVisible();
  await expect(wizardStep(page, 1, "Welcome").getByRole("heading", { name: "Welcome, Olive!" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Setup progress" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("link", { name: /^Back to/ })).toHaveCount(0);
  await screenshotBoth(page, "onboarding-1-welcome", "/onboarding");

  // The guard: while onboarding is needed, the app's screens lead here; the Create Task button is hidden.
  for (const path of ["/dashboard", "/settings", "/integrations", "/emergency-contacts"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/onboarding$/);
  }
  await expect(page.getByRole("link", { name: "Create Task" })).toHaveCount(0);

  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=2$/);
  const apps = wizardStep(page, 2, "Connect Apps");
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(page.getByText("Verify your email and link Telegram to go on, or Skip for now.")).toBeVisible();
  const message = await waitForEmail(page.request, email, "Verify your email");
  await apps.getByLabel("Email verification code").fill(codeFrom(message));
  await apps.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(apps.getByText(`${email} is verified.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  // The hint names only what is left once the email is verified.
  await expect(page.getByText("Link Telegram to go on, or Skip for now.", { exact: true })).toBeVisible();

  const row = apps.locator("#telegram");
  await row.locator("label.switch").click();
  const deepLink = await row.getByRole("link", { name: "Open in Telegram" }).getAttribute("href");
  const chatPage = await context.newPage();
  await chatPage.goto(`/dev/telegram?chat=${++chatSeq}`);
  await chatPage.getByLabel("Message").fill(`/start ${new URL(deepLink!).searchParams.get("start")}`);
  await chatPage.getByRole("button", { name: "Send", exact: true }).click();
  await expect(chatPage.locator(".dev-chat__bubble--bot").last()).toContainText("Hi Olive Tree! Your Telegram is now linked to Nudge.");
  // The panel's poll sees 'linked' (every 5 s) and the step becomes ready at once: Next and the hint
  // follow while the panel still says so (it closes 5 s later).
  const linkedNote = apps.getByText("Telegram is linked! Your reminders will ping you there first.");
  await expect(linkedNote).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: "Next" })).toBeVisible({ timeout: 3_000 });
  await expect(page.getByText("Link Telegram to go on, or Skip for now.")).toHaveCount(0);
  await expect(linkedNote).toBeVisible();
  await screenshotBoth(page, "onboarding-2-connect", "/onboarding?step=2");
  await page.getByRole("link", { name: "Next" }).click();

  await expect(page).toHaveURL(/\/onboarding\?step=3$/);
  const first = wizardStep(page, 3, "Set your first reminder");
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  // Onboarding is no longer "needed" (verified, linked), but the wizard keeps the floating button away.
  await expect(page.getByRole("link", { name: "Create Task" })).toHaveCount(0);
  // The plain-language box is the step's one way, not an "Or" under a form.
  await expect(first.getByRole("region", { name: "Your first reminder" })).toBeVisible();
  await expect(first.getByText(/^We read it in your time zone \([A-Za-z_/+-]+\)\.$/)).toBeVisible();
  await expect(page.getByText("Or just type it")).toHaveCount(0);
  await first.getByRole("button", { name: "Create Reminder" }).click();
  await expect(first.getByText('Please type what you want to be reminded of, for example "Take pills tomorrow at 9am".')).toBeVisible();
  await first.getByLabel("Your reminder").fill("remind me to stretch in 2 hours");
  await first.getByRole("button", { name: "Create Reminder" }).click();
  await expect(first.getByText("Your first reminder is set.")).toBeVisible();
  await expect(first.getByRole("link", { name: "See it on your dashboard" })).toHaveCount(0);
  await page.getByRole("link", { name: "Next" }).click();

  await expect(page).toHaveURL(/\/onboarding\?step=4$/);
  const done = wizardStep(page, 4, "You're all set!");
  await expect(page.getByRole("button", { name: "Skip" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to Set your first reminder" })).toBeVisible();

  // 'Get Phone Calls': the phone panel in a modal, the code from the dev outbox, then a check mark.
  await done.getByRole("button", { name: "Get Phone Calls" }).click();
  const phoneDialog = page.getByRole("dialog", { name: "Get Phone Calls" });
  const local8 = `5${++phoneSeq}`;
  await phoneDialog.getByLabel("Phone number").fill(local8);
  await phoneDialog.getByRole("button", { name: "Add phone number" }).click();
  await expect(phoneDialog.getByText(`We sent a 6-digit code to +972${local8}. It works for 10 minutes.`)).toBeVisible();
  const texts = (await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(`+972${local8}`)}`)).json()) as Array<{ channel: string; to: string; text: string }>;
  const code = /\b(\d{6})\b/.exec(texts.find((m) => m.channel === "sms" && m.to === `+972${local8}`)!.text)![1]!;
  await phoneDialog.getByLabel("Code from the text message").fill(code);
  await phoneDialog.getByRole("button", { name: "Verify" }).click();
  await expect(phoneDialog.getByText("Your phone number is verified.", { exact: false })).toBeVisible();
  await phoneDialog.getByRole("button", { name: "Close" }).first().click();
  await expect(done.getByText("Phone verified")).toBeVisible();

  // "Have a friend's Help": the add-buddy modal, then a check mark.
  await done.getByRole("button", { name: "Have a friend's Help" }).click();
  const buddyDialog = page.getByRole("dialog", { name: "Add Nudge Buddy" });
  await buddyDialog.getByLabel("Name").fill("Sam");
  await buddyDialog.getByLabel("Email Address").fill(uniqueEmail("friend"));
  await buddyDialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(page.getByText("Sam was added. We emailed them a verification link and code.")).toBeVisible();
  await expect(done.getByText("1 nudge buddy added")).toBeVisible();
  await screenshotBoth(page, "onboarding-4-all-set", "/onboarding?step=4");

  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("link", { name: "Create Task" })).toBeVisible();
  // Onboarding is no longer needed: the wizard's first step leads to the dashboard.
  await page.goto("/onboarding");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("Skip leaves for the dashboard for a day; the menu's Get Started brings the wizard back", async ({ page, request }) => {
  const { email } = await createAccount(request, "Sky Walker", uniqueEmail("skip"), "UTC", { onboarding: "keep" });
  await signIn(page, email, undefined, /\/onboarding$/);
  await expect(wizardStep(page, 1, "Welcome").getByRole("heading", { name: "Welcome, Sky!" })).toBeVisible();
  await page.getByRole("button", { name: "Skip" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "skipOnBoarding")).toMatchObject({ value: "true" });
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/settings$/);

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(wizardStep(page, 1, "Welcome")).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "skipOnBoarding")).toBeUndefined();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/onboarding$/);
});

test("without JavaScript the wizard still goes forward and Skip still works", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const { email } = await createAccount(page.request, "Nora Script", uniqueEmail("nojs"), "UTC", { onboarding: "keep" });
  // Registering through page.request signed this context in (its cookies).
  expect(email).toContain("nojs");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=2$/);
  await page.getByRole("link", { name: "Back to Welcome" }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=1$/);
  await page.getByRole("button", { name: "Skip" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.close();
});

test("on a phone the step's hint reads first, across the width, Skip and Next share the row under it, and the panel's buttons fill their rows", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const { email } = await createAccount(request, "Pip Phone", uniqueEmail("phone-wizard"), "UTC", { onboarding: "keep" });
  await signIn(page, email, undefined, /\/onboarding$/);
  await page.goto("/onboarding?step=2");
  const hint = await page.getByText("Verify your email and link Telegram to go on, or Skip for now.").boundingBox();
  const skip = await page.getByRole("button", { name: "Skip" }).boundingBox();
  const next = await page.getByRole("button", { name: "Next" }).boundingBox();
  const card = await wizardStep(page, 2, "Connect Apps").boundingBox();
  // The hint starts where the card starts and ends above both buttons; Skip left, Next right, on one row.
  expect(hint!.x).toBeCloseTo(card!.x, 0);
  expect(hint!.y + hint!.height).toBeLessThanOrEqual(Math.min(skip!.y, next!.y));
  expect(Math.abs(skip!.y + skip!.height / 2 - (next!.y + next!.height / 2))).toBeLessThan(2);
  expect(skip!.x + skip!.width).toBeLessThan(next!.x);
  expect(next!.x + next!.width).toBeCloseTo(card!.x + card!.width, 0);
  // The email panel's Verify and Resend code cannot sit side by side here: each takes its whole row.
  const row = await page.locator(".button-row").filter({ has: page.getByRole("button", { name: "Resend code" }) }).boundingBox();
  for (const name of ["Verify", "Resend code"]) {
    const button = await page.getByRole("button", { name, exact: true }).boundingBox();
    expect(button!.width, name).toBeCloseTo(row!.width, 0);
  }
  await page.screenshot({ path: "test-results/screenshots/onboarding-2-phone.png" });
});
