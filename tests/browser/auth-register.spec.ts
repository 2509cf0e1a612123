import { codeFrom, linkFrom, PASSWORD, registerThroughUi, uniqueEmail, waitForEmail } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.use({ timezoneId: "Europe/Berlin" });

test.describe("registration and email verification", () => {
  test("register -> read the code in the outbox -> verify -> dashboard", async ({ page, request }) => {
    const email = uniqueEmail("register");
    await registerThroughUi(page, "Rosa Parks", email);
    await expect(page.getByRole("heading", { level: 1, name: "Reminder Channels" })).toBeVisible();
    await expect(page.getByText("Registration successful! Please check your email for a verification code.")).toBeVisible();
    // Signed in right away: the header shows the avatar.
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("R");

    // Before verifying, the dashboard shows the orange banner.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Reminders" })).toBeVisible();
    await expect(page.getByText("Stay on top of your tasks.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Email Verification Required" })).toBeVisible();
    await page.getByRole("link", { name: "Verify Email Address" }).click();
    await expect(page).toHaveURL(/\/integrations$/);

    const mail = await waitForEmail(request, email, "Verify your email");
    await page.goto("/auth/verify");
    await page.getByLabel("Email verification code").fill("00000000");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText("Invalid email verification code. Please check and try again.")).toBeVisible();

    await page.getByLabel("Email verification code").fill(codeFrom(mail));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText("Your email address is verified. Thank you!")).toBeVisible();
    await expect(page.getByText(`Your email address ${email} is verified.`)).toBeVisible();
    // Success messages clear after 3 seconds.
    await expect(page.getByText("Your email address is verified. Thank you!")).toBeHidden({ timeout: 6_000 });
    await page.getByRole("link", { name: "Continue to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Email Verification Required" })).toHaveCount(0);
  });

  test("the form: browser time zone, consent gate, password match, legal modals, server messages", async ({ page }) => {
    await page.goto("/auth/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign up with Google" })).toHaveAttribute("href", /^\/v1\/auth\/google/);
    await expect(page.getByLabel("Timezone")).toHaveValue("Europe/Berlin");
    const submit = page.getByRole("button", { name: "Create Account" });
    await expect(submit).toBeDisabled();

    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(uniqueEmail("form"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(`${PASSWORD}x`);
    await expect(page.getByText("Passwords do not match. Please check and try again.")).toBeVisible();
    await page.getByRole("checkbox", { name: /I agree to the/ }).check();
    await expect(submit).toBeDisabled();
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await expect(page.getByText("Passwords do not match. Please check and try again.")).toHaveCount(0);
    await expect(submit).toBeEnabled();

    await page.getByRole("main").getByRole("button", { name: "Terms of Service" }).click();
    const terms = page.getByRole("dialog", { name: "Terms of Service" });
    await expect(terms).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(terms).toBeHidden();
    await page.getByRole("main").getByRole("button", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("dialog", { name: "Privacy Policy" })).toBeVisible();
    await page.keyboard.press("Escape");

    // A weak password: the server's rule and sentence (the same service as the API).
    await page.getByLabel("Password", { exact: true }).fill("alllowercase1");
    await page.getByLabel("Confirm password").fill("alllowercase1");
    await submit.click();
    await expect(page.getByText("Password must contain at least one lowercase letter, one uppercase letter, and one number.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Ada Lovelace");
  });

  test("an email that is taken gets the server's sentence", async ({ page, request }) => {
    const email = uniqueEmail("taken");
    const first = await request.post("/v1/users", { data: { name: "First", email, password: PASSWORD, timezone: "UTC", consent: true } });
    expect(first.status()).toBe(201);
    await page.goto("/auth/register");
    await page.getByLabel("Name").fill("Second");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("checkbox", { name: /I agree to the/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "An account with this email address already exists" })).toBeVisible();
  });

  test("the magic link in the email verifies and signs in (GET shows a page, the POST acts)", async ({ page, request, browser }) => {
    const email = uniqueEmail("magic");
    await registerThroughUi(page, "Maya Angelou", email);
    const mail = await waitForEmail(request, email, "Verify your email");
    const link = linkFrom(mail, "/auth/magic-link");

    // A mail scanner fetching the link does not use it up.
    const scan = await request.get(link);
    expect(scan.status()).toBe(200);
    expect(await scan.text()).toContain("Verifying Magic Link...");

    // Another browser (no session) opens the link from the email.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await expect(otherPage).toHaveURL(/\/dashboard$/);
    await expect(otherPage.getByRole("button", { name: "Account menu" })).toHaveText("M");
    await expect(otherPage.getByRole("heading", { name: "Email Verification Required" })).toHaveCount(0);

    // Used once: a second visit explains and points to the verification page.
    await otherPage.goto(link);
    await expect(otherPage.getByText("This sign-in link has expired or was already used.", { exact: false })).toBeVisible();
    await expect(otherPage.getByRole("link", { name: "Go to the verification page" })).toHaveAttribute("href", "/auth/verify");
    await other.close();
  });

  test("the link page verifies with code and email, then goes to Reminder Channels after 5 s", async ({ page, request }) => {
    const email = uniqueEmail("linkpage");
    await registerThroughUi(page, "Lin Page", email);
    const mail = await waitForEmail(request, email, "Verify your email");
    const link = linkFrom(mail, "/auth/verify-email");
    await page.goto(link);
    await expect(page.getByText("Your email address is verified.")).toBeVisible();
    await expect(page.getByText("Taking you to your reminder channels in 5 seconds.")).toBeVisible();
    await expect(page).toHaveURL(/\/integrations$/, { timeout: 9_000 });
    await expect(page.getByText(`Your email address ${email} is verified.`)).toBeVisible();

    await page.goto("/auth/verify-email?code=123");
    await expect(page.getByText("Missing verification code or email.")).toBeVisible();
    await page.goto(`/auth/verify-email?code=99999999&email=${encodeURIComponent(email)}`);
    await expect(page.getByText("Please re-send the code from the verification page and try again.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the verification page" })).toHaveAttribute("href", "/auth/verify");
  });

  test("/auth/verify: code auto-filled from the link, resend, support link", async ({ page, request }) => {
    const email = uniqueEmail("verify");
    await registerThroughUi(page, "Vera", email);
    const first = await waitForEmail(request, email, "Verify your email");

    await page.goto("/auth/verify?code=12345678");
    await expect(page.getByLabel("Email verification code")).toHaveValue("12345678");
    const note = page.getByText("We filled in the code from your email. Press Verify to finish.");
    await expect(note).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/support");
    await expect(page.getByLabel("Email verification code")).toHaveAttribute("maxlength", "36");

    // Three quick clicks send one email (500 ms debounce).
    const resend = page.getByRole("button", { name: "Resend code" });
    await resend.click();
    await page.getByRole("button", { name: "Sending..." }).click();
    await page.getByRole("button", { name: "Sending..." }).click();
    await expect(page.getByText(`We sent a new code to ${email}.`, { exact: false })).toBeVisible();
    const second = await waitForEmail(request, email, "Verify your email", { excludeIds: [first.id] });
    await page.waitForTimeout(800);
    const all = (await (await request.get("/dev/outbox.json")).json()) as { to: string }[];
    expect(all.filter((m) => m.to === email)).toHaveLength(2);
    // The auto-fill note clears after 8 s.
    await expect(note).toBeHidden({ timeout: 10_000 });

    await page.getByLabel("Email verification code").fill(codeFrom(second));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByRole("link", { name: "Continue to Dashboard" })).toBeVisible();
  });

  test("/auth/verify without a session says so and goes to registration", async ({ page }) => {
    await page.goto("/auth/verify");
    await expect(page.getByText("Please register or log in first.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/register$/, { timeout: 6_000 });
  });
});
