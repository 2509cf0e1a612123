import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, screenshotBoth, test } from "./fixtures";
import { PASSWORD, signIn, uniqueEmail, waitForEmail } from "./auth-helpers";
import { createTaskViaApi, local, signUp } from "./tasks-helpers";

/**
 * Settings, "Your account" (ADR 080): Change Password after the current one, and Delete My Account
 * after a question that asks for the password again.
 */
const NEW_PASSWORD = "Quiet-Harbour-73";

test.describe("Your account", () => {
  test("changes the password after the current one; the new one signs in, and the old one no longer does", async ({ page, browser }) => {
    const user = await signUp(page);
    await page.goto("/settings");
    const block = page.getByRole("region", { name: "Your account" });
    await expect(block).toContainText(`You sign in as ${user.email}.`);
    // The name first: saved, and the header's menu follows.
    const name = block.getByLabel("Name", { exact: true });
    await expect(name).toHaveValue(user.name);
    await expect(block.getByRole("button", { name: "Save Name" })).toBeDisabled();
    await name.fill("Robin Renamed");
    await block.getByRole("button", { name: "Save Name" }).click();
    await expect(block.getByText("Your name is saved. Reminders, buddies and the bot now use it.")).toBeVisible();
    const profile = await page.request.get("/v1/auth/profile", { headers: { Authorization: `Bearer ${user.token}` } });
    expect(((await profile.json()) as { name: string }).name).toBe("Robin Renamed");

    // Folded under its name until asked for: the page lists what can be done, not every field.
    await expect(block.getByLabel("Current password", { exact: true })).toBeHidden();
    await block.getByText("Change password", { exact: true }).click();
    const change = block.getByRole("button", { name: "Change Password" });
    await expect(change).toBeDisabled();

    await block.getByLabel("Current password", { exact: true }).fill("Not-My-Password-1");
    await block.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await block.getByLabel("Confirm new password", { exact: true }).fill("Quiet-Harbour-7");
    await expect(block.getByText("Passwords do not match.")).toBeVisible();
    await expect(change).toBeDisabled();
    await block.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
    await change.click();
    await expect(block.getByText("That isn't your current password. Please try again.")).toBeVisible();

    await block.getByLabel("Current password", { exact: true }).fill(PASSWORD);
    await change.click();
    await expect(block.getByText("Your password has been changed. Your other devices have been signed out.")).toBeVisible();
    await expect(block.getByLabel("Current password", { exact: true })).toHaveValue("");
    // This device stays signed in with its new session.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);

    const other = await browser.newPage();
    await other.goto("/auth/login");
    await other.getByLabel("Email").fill(user.email);
    await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await other.getByRole("button", { name: "Sign In" }).click();
    await expect(other.getByText("Invalid email or password. Please check your credentials.")).toBeVisible();
    await signIn(other, user.email, NEW_PASSWORD);
    await other.close();
  });

  test("a device signed in before a new password is signed out at its next page, not when its 15 minutes are up (ADR 115)", async ({ page, browser }) => {
    const user = await signUp(page);
    const other = await browser.newPage();
    await signIn(other, user.email);
    await other.goto("/settings");
    await expect(other).toHaveURL(/\/settings$/);

    await page.goto("/settings");
    const block = page.getByRole("region", { name: "Your account" });
    await block.getByText("Change password", { exact: true }).click();
    await block.getByLabel("Current password", { exact: true }).fill(PASSWORD);
    await block.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await block.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
    await block.getByRole("button", { name: "Change Password" }).click();
    await expect(block.getByText("Your password has been changed. Your other devices have been signed out.")).toBeVisible();

    // The other device's access token is a minute old at most, yet its next page asks it to sign in.
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/auth\/login\?redirect=%2Fdashboard$/);
    expect((await other.context().cookies()).filter((c) => c.name === "accessToken" || c.name === "refreshToken")).toEqual([]);
    await other.close();
    // This device goes on.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a new email address: the password, a code sent to the new address, then Settings shows it", async ({ page }) => {
    const user = await signUp(page);
    await page.goto("/settings");
    const block = page.getByRole("region", { name: "Your account" });
    const next = uniqueEmail("moved");
    await expect(block.getByLabel("New email address")).toBeHidden();
    await block.getByText("Change email address", { exact: true }).click();
    await block.getByLabel("New email address").fill(next);
    await block.getByLabel("Your password", { exact: true }).fill("Not-My-Password-1");
    await block.getByRole("button", { name: "Send Code" }).click();
    await expect(block.getByText("That isn't your password, so the email address stays as it is. Please try again.")).toBeVisible();
    await block.getByLabel("Your password", { exact: true }).fill(PASSWORD);
    await block.getByRole("button", { name: "Send Code" }).click();
    await expect(block.getByText(`We sent a 6-digit code to ${next}. Enter it here to finish. It works for 15 minutes.`)).toBeVisible();
    const mail = await waitForEmail(page.request, next, "Confirm your new email address");
    await block.getByLabel("Code from the email").fill(/Your code: (\d{6})/.exec(mail.text)![1]!);
    await block.getByRole("button", { name: "Confirm New Email" }).click();
    await expect(block.getByText(`Your email address is now ${next}. Sign in with it from now on.`)).toBeVisible();
    await expect(block).toContainText(`You sign in as ${next}.`);
    await waitForEmail(page.request, user.email, "Your Nudge email address was changed");
  });

  test("an address mistyped at registration is fixed from the wizard's 'Wrong address?', and the new one is verified", async ({ page }) => {
    const user = await signUp(page, { verified: false, onboarding: "keep" });
    await page.goto("/onboarding?step=2");
    const panel = page.getByTestId("email-verification");
    await panel.getByText("Wrong address?").click();
    const next = uniqueEmail("typo-fixed");
    await panel.getByLabel("New email address").fill(next);
    await panel.getByLabel("Your password", { exact: true }).fill(PASSWORD);
    await panel.getByRole("button", { name: "Send Code", exact: true }).click();
    await expect(panel.getByText(`We sent a 6-digit code to ${next}.`, { exact: false })).toBeVisible();
    const mail = await waitForEmail(page.request, next, "Confirm your new email address");
    await panel.getByLabel("Code from the email").fill(/Your code: (\d{6})/.exec(mail.text)![1]!);
    await panel.getByRole("button", { name: "Confirm New Email" }).click();
    await expect(page.getByText(`Your email address ${next} is verified.`)).toBeVisible();
    expect(user.email).not.toBe(next);
  });

  test("Delete My Account asks for the password, then deletes it and says so on the home page", async ({ page }) => {
    const user = await signUp(page);
    await createTaskViaApi(page.request, user, "Water the plants", local(user, { days: 1 }));
    await page.goto("/settings");
    const block = page.getByRole("region", { name: "Your account" });
    await block.getByRole("button", { name: "Delete My Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole("button", { name: "Delete My Account" });
    await expect(confirm).toBeDisabled();
    const results = await new AxeBuilder({ page }).include(".modal").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await dialog.getByLabel("Your password", { exact: true }).fill("Not-My-Password-1");
    await confirm.click();
    await expect(dialog.getByText("That isn't your password, so nothing was deleted. Please try again.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.goto("/dashboard");
    await expect(page.locator("article.task-card")).toHaveCount(1);

    await page.goto("/settings");
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await dialog.getByLabel("Your password", { exact: true }).fill(PASSWORD);
    await dialog.getByLabel("Your password", { exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/\?deleted=1$/);
    await expect(page.getByText("Your account and all your reminders have been deleted.")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\/login/);
    const login = await page.request.post("/v1/auth/login", { data: { email: user.email, password: PASSWORD } });
    expect(login.status()).toBe(401);
  });

  test("Download My Data gives the person's data as a JSON file", async ({ page }) => {
    const user = await signUp(page);
    await createTaskViaApi(page.request, user, "Call the bank", local(user, { days: 2 }));
    await page.goto("/settings");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download My Data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^nudge-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, "utf8")) as { profile: { email: string }; tasks: Array<{ title: string }> };
    expect(exported.profile.email).toBe(user.email);
    expect(exported.tasks.map((t) => t.title)).toEqual(["Call the bank"]);
  });

  test("Settings' contents lead to each section, by mouse and by keyboard, below the sticky header", async ({ page }) => {
    await signUp(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/settings");
    const contents = page.getByRole("navigation", { name: "Settings sections" });
    await expect(contents.getByRole("link")).toHaveText(["Timezone", "Escalation", "Take a break", "Quiet hours", "Channels", "Appearance", "Privacy", "Your account"]);
    const accountHeading = page.getByRole("heading", { name: "Your account", level: 2 });
    await expect(accountHeading).not.toBeInViewport();
    await contents.getByRole("link", { name: "Your account" }).click();
    await expect(page).toHaveURL(/\/settings#account$/);
    await expect(accountHeading).toBeInViewport();
    // Not hidden under the sticky header: the heading's top is below the header's bottom.
    const headerBottom = (await page.locator(".site-header").boundingBox())!.height;
    expect((await accountHeading.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);

    await page.goto("/settings");
    await contents.getByRole("link", { name: "Quiet hours" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings#quiet-hours$/);
    await expect(page.getByRole("heading", { name: "Quiet hours", level: 2 })).toBeInViewport();
    // Focus follows: the next Tab goes into Quiet hours, not back to the contents.
    await expect(page.getByRole("region", { name: "Quiet hours" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("region", { name: "Quiet hours" }).locator(":focus")).toHaveCount(1);

    // A link from elsewhere lands on its section.
    await page.goto("/settings#privacy");
    await expect(page.getByRole("heading", { name: "Privacy", level: 2 })).toBeInViewport();
  });

  test("without JavaScript: the name is saved and said under it, a refused password is said inside its fold, and a code's form stays", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const user = await signUp(page);
    await page.goto("/settings");
    const block = page.getByRole("region", { name: "Your account" });
    await block.getByLabel("Name", { exact: true }).fill("Sam Without Script");
    await block.getByRole("button", { name: "Save Name" }).click();
    await expect(block.getByText("Your name is saved. Reminders, buddies and the bot now use it.")).toBeVisible();
    await expect(block.getByLabel("Name", { exact: true })).toHaveValue("Sam Without Script");
    // The answer is the account block's: the time zone block, which also reads the page's answer, stays quiet.
    await expect(page.getByRole("region", { name: "Timezone" }).getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Timezone" })).not.toContainText("Your name is saved");

    await block.getByText("Change password", { exact: true }).click();
    await block.getByLabel("Current password", { exact: true }).fill("Not-My-Password-1");
    await block.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await block.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
    await block.getByRole("button", { name: "Change Password" }).click();
    await expect(block.getByText("That isn't your current password. Please try again.")).toBeVisible();

    const next = uniqueEmail("noscript");
    await block.getByText("Change email address", { exact: true }).click();
    await block.getByLabel("New email address").fill(next);
    await block.getByLabel("Your password", { exact: true }).fill(PASSWORD);
    await block.getByRole("button", { name: "Send Code" }).click();
    await expect(block.getByText(`We sent a 6-digit code to ${next}. Enter it here to finish. It works for 15 minutes.`)).toBeVisible();
    await block.getByLabel("Code from the email").fill("000000");
    await block.getByRole("button", { name: "Confirm New Email" }).click();
    // Refused, and the code's form is still there for another try.
    await expect(block.getByLabel("Code from the email")).toBeVisible();
    const mail = await waitForEmail(page.request, next, "Confirm your new email address");
    await block.getByLabel("Code from the email").fill(/Your code: (\d{6})/.exec(mail.text)![1]!);
    await block.getByRole("button", { name: "Confirm New Email" }).click();
    await expect(block.getByText(`Your email address is now ${next}. Sign in with it from now on.`)).toBeVisible();
    await expect(block).toContainText(`You sign in as ${next}.`);
    expect(user.email).not.toBe(next);
    await context.close();
  });

  test("is accessible and fits 360 px and 1280 px", async ({ page }) => {
    await signUp(page);
    await page.goto("/settings");
    const results = await new AxeBuilder({ page }).include("main").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    // The folded forms too, opened (by keyboard: a summary takes Enter).
    const block = page.getByRole("region", { name: "Your account" });
    for (const name of ["Change email address", "Change password"]) {
      await block.getByText(name, { exact: true }).focus();
      await page.keyboard.press("Enter");
    }
    await expect(block.getByLabel("New email address")).toBeVisible();
    await expect(block.getByLabel("Current password", { exact: true })).toBeVisible();
    const opened = await new AxeBuilder({ page }).include(".account-block").analyze();
    expect(opened.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await screenshotBoth(page, "settings-account", "/settings");
  });
});
