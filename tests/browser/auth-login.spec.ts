import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { SignJWT, decodeJwt } from "jose";
import { codeFrom, createAccount, linkFrom, PASSWORD, sessionCookies, signIn, uniqueEmail, waitForEmail } from "./auth-helpers";
import { expect, test } from "./fixtures";

/** An access token exactly like the server's, but expired a minute ago (JWT_SECRET from .dev.vars). */
async function expiredAccessToken(userId: string): Promise<string> {
  const secret = readFileSync(".dev.vars", "utf8").match(/^JWT_SECRET\s*=\s*"?([^"\n]+)"?/m)?.[1];
  if (!secret) throw new Error("JWT_SECRET not found in .dev.vars");
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer("nudge")
    .setAudience("nudge-api")
    .setIssuedAt(now - 16 * 60)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret));
}

test.describe("sign in, guards and session", () => {
  test("the login screen: links, client checks, wrong password message", async ({ page, request }) => {
    const { email } = await createAccount(request, "Wanda Wrong");
    await page.goto("/auth/login");
    await expect(page.getByRole("link", { name: "Sign in with Google" })).toHaveAttribute("href", /^\/v1\/auth\/google/);
    await expect(page.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute("href", "/auth/forgot-password");
    await expect(page.getByRole("link", { name: "Create one" })).toHaveAttribute("href", "/auth/register");

    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters long");

    await page.getByLabel("Password", { exact: true }).fill("Not-The-Password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password. Please check your credentials.");
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue(email);
  });

  test("logged-out visitors of login-required pages go to login with the full path, and come back after", async ({ page, request }) => {
    for (const path of ["/dashboard", "/settings", "/integrations", "/onboarding", "/task-creator", "/reminder-dialog", "/emergency-contacts", "/menu"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent(path)}`);
    }
    const { email } = await createAccount(request, "Rey Direct");
    await page.goto("/settings?section=timezone");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fsettings%3Fsection%3Dtimezone");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/settings?section=timezone");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  test("a redirect to another site is ignored: the dashboard instead", async ({ page, request }) => {
    const { email } = await createAccount(request, "Evil Avoider");
    for (const target of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      await page.context().clearCookies();
      await page.goto(`/auth/login?redirect=${encodeURIComponent(target)}`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
    }
  });

  test("signed-in users skip login and register", async ({ page, request }) => {
    const { email } = await createAccount(request, "Sid Signed");
    await signIn(page, email);
    await page.goto("/auth/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/auth/register");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an expired or missing access token is refreshed silently; a dead refresh token ends the session", async ({ page, request, context }) => {
    const { email } = await createAccount(request, "Rita Refresh");
    await signIn(page, email);
    const before = await sessionCookies(context);
    expect(before.access?.httpOnly).toBe(true);
    expect(before.access?.sameSite).toBe("Strict");

    // The access token is gone (it lives 15 minutes): the page still opens, with new cookies.
    await context.clearCookies({ name: "accessToken" });
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const after = await sessionCookies(context);
    expect(after.access?.value).toBeTruthy();
    expect(after.refresh?.value).not.toBe(before.refresh?.value);

    // An expired access token (signed like ours, 16 minutes old) behaves the same, and so does a forged one.
    const userId = decodeJwt(after.access!.value).sub!;
    for (const token of [await expiredAccessToken(userId), `${after.access!.value.slice(0, -4)}AAAA`]) {
      await context.addCookies([{ name: "accessToken", value: token, url: page.url() }]);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
      expect((await sessionCookies(context)).access?.value).not.toBe(token);
    }
    // Client-side navigation refreshes too (loaders answer through single fetch).
    await context.clearCookies({ name: "accessToken" });
    await page.getByRole("link", { name: "Reminders" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reminders" })).toBeVisible();
    expect((await sessionCookies(context)).access?.value).toBeTruthy();

    // A refresh token that no longer works: cookies cleared, the guard sends the user to login.
    await context.clearCookies();
    await context.addCookies([{ name: "refreshToken", value: "not-a-real-token", url: page.url() }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fdashboard");
    expect((await sessionCookies(context)).refresh).toBeUndefined();
  });

  test("arriving from another site (SameSite=Strict cookies stay behind) still finds the session", async ({ page, request, baseURL }) => {
    const { email } = await createAccount(request, "Xavier Cross");
    await signIn(page, email);
    // Another site (127.0.0.1 is a different site from localhost) links to a guarded page.
    const other = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(`<!doctype html><html lang="en"><link rel="icon" href="data:,"><title>Elsewhere</title><a href="${baseURL}/settings?from=mail">Open Nudge settings</a></html>`);
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", () => resolve()));
    const address = other.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      const arrival = page.waitForRequest((r) => r.url().endsWith("/settings?from=mail") && r.isNavigationRequest());
      await page.getByRole("link", { name: "Open Nudge settings" }).click();
      // The browser really left the Strict cookies behind on that first request…
      expect((await (await arrival).allHeaders())["cookie"] ?? "").not.toContain("refreshToken");
      // …and the page found the session anyway.
      await expect(page).toHaveURL(/\/settings\?from=mail$/);
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("X");
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  test("the account menu: name, items, Escape and outside click, Get Started flag", async ({ page, request }) => {
    // Onboarding not skipped (so no Get Started yet): the guard shows the wizard after sign-in.
    const { email } = await createAccount(request, "Alexandria Smith", undefined, undefined, { onboarding: "keep" });
    await signIn(page, email, undefined, /\/onboarding$/);
    const avatar = page.getByRole("button", { name: "Account menu for Alexandria Smith", exact: true });
    await expect(avatar).toHaveText("A");
    await expect(page.getByRole("banner").getByRole("link", { name: "Reminders" })).toHaveAttribute("href", "/dashboard");
    await expect(avatar).toHaveAttribute("aria-expanded", "false");

    await avatar.click();
    await expect(avatar).toHaveAttribute("aria-expanded", "true");
    const panelId = await avatar.getAttribute("aria-controls");
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId("menu-name")).toHaveText("ALEXANDR…");
    await expect(panel.getByRole("link", { name: "Nudge Buddies" })).toHaveAttribute("href", "/emergency-contacts");
    await expect(panel.getByRole("link", { name: "Reminder Channels" })).toHaveAttribute("href", "/integrations");
    await expect(panel.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await expect(panel.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Get Started" })).toHaveCount(0);

    // Keyboard: Tab reaches the items; Escape closes and focus returns to the avatar.
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: "Nudge Buddies" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(avatar).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(panel).toBeHidden();

    // With the spec's skipOnBoarding flag, Get Started shows; it removes the flag, tells the server
    // (resumeOnboarding) and opens onboarding.
    await page.evaluate(() => window.localStorage.setItem("skipOnBoarding", "true"));
    await avatar.click();
    await panel.getByRole("button", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    expect(await page.evaluate(() => window.localStorage.getItem("skipOnBoarding"))).toBeNull();
    await expect(panel).toBeHidden();
    await avatar.click();
    await expect(panel.getByRole("button", { name: "Get Started" })).toHaveCount(0);
  });

  test("Get Started after skipping onboarding: the server forgets the skip, then the wizard", async ({ page, request }) => {
    const { email } = await createAccount(request, "Skip Per");
    const login = await request.post("/v1/auth/login", { data: { email, password: PASSWORD } });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { Authorization: `Bearer ${accessToken}` };
    expect((await request.post("/v1/users/me/onboarding/skip", { headers: auth })).status()).toBe(200);

    await signIn(page, email);
    // No browser flag at all: the server's record is enough to offer it.
    expect(await page.evaluate(() => window.localStorage.getItem("skipOnBoarding"))).toBeNull();
    await page.getByRole("button", { name: "Account menu for Skip Per" }).click();
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    const status = await request.get("/v1/users/me/onboarding", { headers: auth });
    expect(((await status.json()) as { skipped: boolean }).skipped).toBe(false);
    await page.getByRole("button", { name: "Account menu for Skip Per" }).click();
    await expect(page.getByRole("button", { name: "Get Started" })).toHaveCount(0);
  });

  test("a short name shows whole in the menu", async ({ page, request }) => {
    const { email } = await createAccount(request, "Bo");
    await signIn(page, email);
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByTestId("menu-name")).toHaveText("BO");
  });

  test("sign out ends the session and goes home", async ({ page, request, context }) => {
    const { email } = await createAccount(request, "Sam Out");
    await signIn(page, email);
    const { access, refresh } = await sessionCookies(context);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    expect((await sessionCookies(context)).refresh).toBeUndefined();
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fdashboard");
    // The old refresh token was revoked on the server, not only forgotten by the browser. (Put back where the app
    // sets it, path "/": a cookie made from this page's URL would have the path "/auth/" and never reach /dashboard.)
    const site = new URL("/", page.url()).href;
    await context.addCookies([{ name: "refreshToken", value: refresh!.value, url: site }]);
    expect((await sessionCookies(context)).refresh?.path).toBe("/");
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fdashboard");
    // So was the access token, minutes from its expiry: a copy of it opens nothing (ADR 117), and the request
    // clears the cookies it came with.
    await context.addCookies([{ name: "accessToken", value: access!.value, url: site }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fdashboard");
    expect(await sessionCookies(context)).toEqual({ access: undefined, refresh: undefined });
  });

  test("a refresh cookie copied and replayed within 30 s of its rotation may render a page, never run an action (issue 7, ADR 040)", async ({ playwright, baseURL, request }) => {
    const { email } = await createAccount(request, "Cory Copy");
    const signedIn = await request.post("/v1/auth/login", { data: { email, password: PASSWORD } });
    const { refreshToken } = (await signedIn.json()) as { refreshToken: string };
    // The owner's browser refreshes: the token is rotated.
    expect((await request.post("/v1/auth/refresh", { data: { refreshToken } })).status()).toBe(200);
    const thief = await playwright.request.newContext({ baseURL });
    const headers = { Cookie: `refreshToken=${refreshToken}`, Origin: baseURL! };
    const read = await thief.get("/settings", { headers, maxRedirects: 0 });
    expect(read.status()).toBe(200);
    // The write: signed out for this request (to login), the timezone unchanged, no cookie set or cleared.
    const write = await thief.post("/settings", { headers, form: { timezone: "Asia/Tokyo" }, maxRedirects: 0 });
    expect(write.status()).toBe(302);
    expect(write.headers()["location"]).toBe("/auth/login?redirect=%2Fsettings");
    expect(write.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie")).toEqual([]);
    await thief.dispose();
    const profile = await request.get("/v1/auth/profile");
    expect(((await profile.json()) as { timezone: string }).timezone).toBe("UTC");
  });

  test("Email me a sign-in link: from the login page, the emailed link signs in (issue 7, ADR 039)", async ({ page, request }) => {
    const { email } = await createAccount(request, "Lina Link");
    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Email me a sign-in link" }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in-link$/);
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByText("If an account exists for that email address, we've sent it a sign-in link. Please check your inbox.")).toBeVisible();
    const mail = await waitForEmail(request, email, "Your Nudge sign-in link");
    await page.goto(linkFrom(mail, "/auth/magic-link"));
    // The account was never verified and this browser holds no session: asked first (ADR 038, amended).
    await page.getByRole("button", { name: "Yes, I signed up" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("L");
  });

  test("forgot password -> reset with the emailed code -> sign in with the new password", async ({ page, request }) => {
    const { email } = await createAccount(request, "Fern Forgot");
    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/login");
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    await expect(page.getByRole("heading", { name: "Password Reset Email Sent!" })).toBeVisible();
    await expect(page.getByText("If an account exists for that address, we sent a reset code and a link.", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/auth/login");
    // Let the form's revalidation finish: leaving mid-flight aborts it, and the router logs that.
    await page.waitForLoadState("networkidle");

    const mail = await waitForEmail(request, email, "Reset your Nudge password");
    await page.goto(linkFrom(mail, "/auth/reset-password"));
    await expect(page.getByLabel("Email Address")).toHaveValue(email);

    const newPassword = "Brave-Heron-77";
    await page.getByLabel("Reset Code").fill("00000000");
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password").fill(`${newPassword}!`);
    await expect(page.getByText("Passwords do not match.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Reset Password" })).toBeDisabled();
    await page.getByLabel("Confirm New Password").fill(newPassword);
    // A toggle button: one name, its state in aria-pressed.
    const toggle = page.getByRole("button", { name: "Show new password" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByLabel("New Password", { exact: true })).toHaveAttribute("type", "text");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByLabel("New Password", { exact: true })).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid or expired reset code. Please try again.");

    await page.getByLabel("Reset Code").fill(codeFrom(mail));
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Your password has been reset successfully! You can now sign in with your new password.")).toBeVisible();
    await page.getByRole("link", { name: "Continue to Sign In" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password. Please check your credentials.");
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("settings: save the time zone (no call when unchanged), message clears after 3 s", async ({ page, request }) => {
    const { email } = await createAccount(request, "Tim Zone", uniqueEmail("tz"), "UTC");
    await signIn(page, email);
    await page.goto("/settings");
    const select = page.getByRole("combobox", { name: "Timezone" });
    await expect(select).toHaveValue("UTC");
    await expect(select.locator("option").first()).toHaveText("UTC");
    const save = page.getByRole("button", { name: "Save", exact: true });
    await expect(save).toBeDisabled();
    await select.selectOption("America/New_York");
    await expect(save).toBeEnabled();
    await save.click();
    const message = page.getByText("Timezone saved. Reminders now follow America/New_York time.");
    await expect(message).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(message).toBeHidden({ timeout: 6_000 });
    await page.reload();
    await expect(select).toHaveValue("America/New_York");
    await expect(select.locator("option").first()).toHaveText("America/New York");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-in, the guard's redirect and the register form still work as plain forms", async ({ page, request }) => {
    const { email } = await createAccount(request, "Nora Script");
    await page.goto("/settings");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fsettings");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password. Please check your credentials.");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  test("registration without consent gets the spec's sentence from the server", async ({ page }) => {
    await page.goto("/auth/register");
    await page.getByLabel("Name").fill("Nico");
    await page.getByLabel("Email").fill(uniqueEmail("nojs"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toHaveText("You must agree to the Terms of Service and Privacy Policy to register.");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("checkbox", { name: /I agree to the/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    // Reminder Channels sends a new account on to the wizard, with the notice (ADR 062).
    await expect(page).toHaveURL(/\/onboarding\?registered=1$/);
  });

  test("the magic link page signs in with the Continue button", async ({ page, request }) => {
    const email = uniqueEmail("nojs-magic");
    await request.post("/v1/users", { data: { name: "Mo", email, password: PASSWORD, timezone: "UTC", consent: true } });
    const mail = await waitForEmail(request, email, "Verify your email");
    await page.goto(linkFrom(mail, "/auth/magic-link"));
    await expect(page.getByRole("heading", { level: 1, name: "Verifying Magic Link..." })).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    // Without JavaScript the question comes back from that POST (ADR 038, amended).
    await page.getByRole("button", { name: "Yes, I signed up" }).click();
    // Signed in and verified; Telegram is not linked yet, so the dashboard leads to the wizard.
    await expect(page).toHaveURL(/\/onboarding$/);
  });
});
