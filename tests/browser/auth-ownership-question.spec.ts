import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { linkFrom, PASSWORD, registerThroughUi, uniqueEmail, waitForEmail } from "./auth-helpers";
import { expect, test, VIEWPORTS } from "./fixtures";

/**
 * "Did you create this Nudge account?" (ADR 038, amended): someone registers on the laptop and opens
 * the emailed link on the phone. The phone asks; "Yes, I signed up" leaves the laptop signed in and
 * the password working; "No, that wasn't me" takes the account back.
 */
test.use({ timezoneId: "Europe/Berlin" });

const QUESTION = "Did you create this Nudge account?";
const today = () => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Berlin" }).format(new Date());

async function expectCalmQuestion(page: Page, name: string, screenshot?: string) {
  await expect(page.getByRole("heading", { level: 1, name: QUESTION })).toBeVisible();
  await expect(page.getByText(`Someone signed up as “${name}” with this address on ${today()}.`)).toBeVisible();
  const yes = page.getByRole("button", { name: "Yes, I signed up" });
  const no = page.getByRole("button", { name: "No, that wasn't me" });
  await expect(yes).toHaveAccessibleDescription("We confirm your email. Your password and your other devices stay as they are.");
  await expect(no).toHaveAccessibleDescription("The account becomes yours: we sign out every other device and remove the password that was chosen.");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  if (screenshot) {
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `test-results/screenshots/${screenshot}-${label}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(VIEWPORTS.phone);
  }
  // Focus order: "Yes" then "No", nothing in between.
  await yes.focus();
  await page.keyboard.press("Tab");
  await expect(no).toBeFocused();
}

/**
 * The registrant's browser is still signed in, on its refresh session too (the access cookie dropped),
 * and the email is verified (the wizard's Connect Apps says so). A new account is in onboarding, so the
 * dashboard leads to the wizard (ADR 062).
 */
async function stillSignedIn(page: Page, initial: string) {
  await page.context().clearCookies({ name: "accessToken" });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveText(initial);
  await page.goto("/onboarding?step=2");
  await expect(page.getByText("is verified.", { exact: false })).toBeVisible();
}

/** Registers in `page` (the laptop), then opens the emailed `path` link in a second browser (the phone). */
async function registerThenOpenOnPhone(page: Page, request: APIRequestContext, browser: Browser, name: string, path: string) {
  const email = uniqueEmail("phone");
  await registerThroughUi(page, name, email);
  const mail = await waitForEmail(request, email, "Verify your email");
  const phone = await browser.newContext({ viewport: VIEWPORTS.phone, timezoneId: "Europe/Berlin" });
  const phonePage = await phone.newPage();
  await phonePage.goto(linkFrom(mail, path));
  return { email, phone, phonePage };
}

test.describe("the ownership question", () => {
  test("registered on the laptop, link opened on the phone: 'Yes, I signed up' signs the phone in and keeps the laptop signed in", async ({ page, request, browser }) => {
    const { email, phone, phonePage } = await registerThenOpenOnPhone(page, request, browser, "Robin", "/auth/magic-link");
    await expectCalmQuestion(phonePage, "Robin", "auth-ownership-question");
    await phonePage.getByRole("button", { name: "Yes, I signed up" }).click();
    await expect(phonePage).toHaveURL(/\/onboarding$/);
    await phone.close();

    await stillSignedIn(page, "R");
    const login = await request.post("/v1/auth/login", { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(200);
  });

  test("the code page on the phone: 'Yes, I signed up' verifies and keeps the laptop signed in", async ({ page, request, browser }) => {
    const { phone, phonePage } = await registerThenOpenOnPhone(page, request, browser, "Robin Code", "/auth/verify-email");
    await expectCalmQuestion(phonePage, "Robin Code");
    await phonePage.getByRole("button", { name: "Yes, I signed up" }).click();
    await expect(phonePage.getByText("Your email address is verified.")).toBeVisible();
    await expect(phonePage.getByText("Taking you to your reminder channels in 5 seconds.")).toBeVisible();
    await phone.close();

    await stillSignedIn(page, "R");
  });

  test("'No, that wasn't me' on the magic link: the phone is signed in, the registrant's browser and password are out", async ({ page, request, browser }) => {
    const { email, phone, phonePage } = await registerThenOpenOnPhone(page, request, browser, "Sam Squatter", "/auth/magic-link");
    await phonePage.getByRole("button", { name: "No, that wasn't me" }).click();
    await expect(phonePage).toHaveURL(/\/onboarding$/);
    await phone.close();

    await page.context().clearCookies({ name: "accessToken" });
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fdashboard$/);
    expect((await request.post("/v1/auth/login", { data: { email, password: PASSWORD } })).status()).toBe(401);
  });
});
