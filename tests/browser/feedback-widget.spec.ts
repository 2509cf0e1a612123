import { expect, test, VIEWPORTS } from "./fixtures";
import { createAccount, signIn, uniqueEmail, waitForEmail } from "./auth-helpers";
import { openWidget } from "./feedback-helpers";

// Spec 02's bug-report widget: Sentry's user-feedback widget, opened from the account menu, sending
// through our tunnel (/v1/feedback/tunnel) to D1, R2 and the team's email (SUPPORT_EMAIL).

const SUPPORT_EMAIL = "support@nudge.example.com";


test("Report a Bug opens the widget with name and email filled in; a blank message is refused; a report is stored and the team emailed", async ({ page, request }) => {
  const email = uniqueEmail("bug");
  const name = `Bug Reporter ${Date.now().toString(36)}`;
  await createAccount(request, name, email);
  await signIn(page, email);
  const dialog = await openWidget(page, name);
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await expect(dialog.getByText("(required)")).toHaveCount(1);

  // A message of spaces passes the browser's own check; the widget's sentence says what is missing.
  await dialog.getByLabel(/Description/).fill("   ");
  await dialog.getByRole("button", { name: "Send Bug Report" }).click();
  await expect(dialog.getByText("Please enter in the following required fields: Description")).toBeVisible();

  const message = `The Save button does nothing ${Date.now()}`;
  await dialog.getByLabel(/Description/).fill(message);
  const sent = page.waitForResponse((response) => response.url().endsWith("/v1/feedback/tunnel"));
  await dialog.getByRole("button", { name: "Send Bug Report" }).click();
  expect((await sent).status()).toBe(200);
  const success = page.getByText("Thank you for your report!");
  await expect(success).toBeVisible();
  const shownAt = Date.now();
  // It closes itself after 5000 ms (the widget's own timer; real time, as the SDK keeps its own timer functions).
  await page.waitForTimeout(4000);
  await expect(success).toBeVisible({ timeout: 1 });
  await expect(success).toBeHidden({ timeout: 4000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4500);

  const mail = await waitForEmail(request, SUPPORT_EMAIL, `Bug report from ${name} <${email}>`);
  expect(mail.text).toContain(message);

  await page.goto("/dev/bug-reports");
  const report = page.getByTestId("bug-report").filter({ hasText: message });
  await expect(report).toContainText(name);
  await expect(report).toContainText("widget");
});

test("the success message closes on click", async ({ page, request }) => {
  const email = uniqueEmail("bug-click");
  await createAccount(request, "Click Closer", email);
  await signIn(page, email);
  const dialog = await openWidget(page, "Click Closer");
  await dialog.getByLabel(/Description/).fill("Clicking the success message closes it.");
  await dialog.getByRole("button", { name: "Send Bug Report" }).click();
  const success = page.getByText("Thank you for your report!");
  await success.click();
  await expect(success).toBeHidden();
});

test("screenshots of the open widget at 360 and 1280 px", async ({ page, request }) => {
  const email = uniqueEmail("bug-shot");
  await createAccount(request, "Screen Shot", email);
  await signIn(page, email);
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto("/dashboard");
    const dialog = await openWidget(page, "Screen Shot");
    await dialog.getByLabel(/Description/).fill("The list jumps when I scroll.");
    await page.screenshot({ path: `test-results/screenshots/bug-report-widget-${label}.png` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/dev/bug-reports");
  await page.screenshot({ path: "test-results/screenshots/dev-bug-reports-desktop.png", fullPage: true });
});
