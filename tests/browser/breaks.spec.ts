import AxeBuilder from "@axe-core/playwright";
import { waitForEmail } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { card, createTaskViaApi, fireCron, local, signUp, waitUntilHeld } from "./tasks-helpers";

/** "Take a break" (ADR 095): Settings starts and refuses, the dashboard says so on the banner and the held card, End the break brings the catch-up. */
test.describe("a break", () => {
  test("taken until tomorrow morning in Settings; the dashboard's banner and held card say so; ending it brings the one catch-up", async ({ page }) => {
    const user = await signUp(page, { timezone: "Europe/London" });
    await createTaskViaApi(page.request, user, "Book the boiler service", local(user, { minutes: -1 }));
    await page.goto("/settings");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const block = page.getByRole("region", { name: "Take a break" });
    await expect(block).toContainText("Pause every reminder for a while: no pings, texts, calls or buddy alerts.");
    // No Telegram or phone linked: the assistant's address is the place a break can also be asked for (ADR 098).
    await expect(block).toContainText('Away from here, write "pause until monday" or "pause for 3 hours" to assistant@nudge.example.com; "resume" ends it.');
    await expect(block.getByRole("group", { name: "Pause reminders for" }).getByRole("button")).toHaveText(["1 hour", "3 hours", "Until tomorrow morning", "Start the break"]);

    // An end already gone: the server's sentence, nothing started.
    await block.getByLabel("Or until").fill(local(user, { hours: -2 }).toFormat("yyyy-LL-dd'T'HH:mm"));
    await block.getByRole("button", { name: "Start the break" }).click();
    await expect(block.getByRole("alert")).toHaveText("That time has already passed. Choose when the break ends, later than now.");

    await block.getByRole("button", { name: "Until tomorrow morning" }).click();
    await expect(block.getByRole("status").filter({ hasText: "on a break" })).toHaveText(/^You're on a break until 9:00 AM( tomorrow)?\.$/);
    await expect(block.getByRole("button", { name: "End the break now" })).toBeVisible();
    const axe = await new AxeBuilder({ page }).include(".break-block").analyze();
    expect(axe.violations).toEqual([]);

    // The cron finds the reminder due: held, nothing sent; the dashboard says why.
    await fireCron(page.request);
    await waitUntilHeld(page.request, user, "Book the boiler service");
    await page.goto("/dashboard");
    const banner = page.getByRole("region", { name: /You're on a break until 9:00 AM/ });
    await expect(banner).toContainText("Reminders wait and arrive as one message when it ends.");
    await expect(card(page, "Book the boiler service")).toContainText("On a break: reminders wait until 9:00 AM");

    await banner.getByRole("button", { name: "End the break" }).click();
    await expect(page.getByRole("region", { name: /You're on a break/ })).toHaveCount(0);
    await fireCron(page.request);
    const catchUp = await waitForEmail(page.request, user.email, "While you were resting: 1 reminder waiting");
    expect(catchUp.text).toContain("Book the boiler service");
  });
});
