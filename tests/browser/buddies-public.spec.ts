import { expect, screenshotBoth, test } from "./fixtures";
import { signUp } from "./tasks-helpers";

/**
 * The nudge buddy's public pages (issue 11): the verify link from the invitation email shows a page and
 * acts only on the button; /unsubscribe the same. The Nudge Buddies page itself comes next (see the issue).
 */
test.describe("nudge buddy pages", () => {
  test("the invitation's link: a page first, then the button verifies; a second press says it is used", async ({ page }) => {
    const user = await signUp(page, { name: "Avi Cohen" });
    const address = `buddy-${Date.now()}@example.com`;
    const created = await page.request.post("/v1/emergency-contacts/", {
      data: { name: "Sam", type: "email", order: 1, contact: address },
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const outbox = (await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(address)}`)).json()) as Array<{ to: string; subject: string; text: string }>;
    const invitation = outbox.find((m) => m.to === address)!;
    expect(invitation.subject).toBe("Avi asked you to be their nudge buddy");
    const link = new URL(/https?:\/\/\S+\/verify-contact\S+/.exec(invitation.text)![0]);
    await page.context().clearCookies();
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("heading", { name: "Be a nudge buddy?" })).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/verify-contact-1280.png", fullPage: true });
    await page.getByRole("button", { name: "Yes, I'll be a nudge buddy" }).click();
    await expect(page.getByRole("heading", { name: "Contact Verified!" })).toBeVisible();
    await page.goto(link.pathname + link.search);
    await page.getByRole("button", { name: "Yes, I'll be a nudge buddy" }).click();
    await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
    await expect(page.getByText("The verification code is invalid or has expired.")).toBeVisible();
  });

  test("/unsubscribe without a token, and with one that is not valid", async ({ page }) => {
    await page.goto("/unsubscribe");
    await expect(page.getByRole("heading", { name: "Invalid Request" })).toBeVisible();
    await expect(page.getByText("No unsubscribe token was provided in the URL.")).toBeVisible();
    await page.goto(`/unsubscribe?token=${"x".repeat(43)}`);
    await page.getByRole("button", { name: "Yes, unsubscribe me" }).click();
    await expect(page.getByRole("heading", { name: "Unsubscribe Failed" })).toBeVisible();
    await screenshotBoth(page, "verify-contact-invalid", "/verify-contact");
  });
});
