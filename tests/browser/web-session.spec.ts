import type { APIRequestContext, APIResponse } from "@playwright/test";
import { createAccount, linkFrom, PASSWORD, sessionCookies, signIn, uniqueEmail, waitForEmail } from "./auth-helpers";
import { expect, screenshotBoth, test, VIEWPORTS } from "./fixtures";

/**
 * The web session under pressure: two requests refreshing the same expired session at once, the
 * spec's legacy Google query (never a silent sign-in), and a magic link opened while someone else
 * is signed in.
 */

async function loginTokens(request: APIRequestContext, email: string) {
  const response = await request.post("/v1/auth/login", { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { accessToken: string; refreshToken: string };
}

function setsRefreshCookie(response: APIResponse): boolean {
  return response.headersArray().some((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("refreshToken=") && !h.value.startsWith("refreshToken=;"));
}

test.describe("silent refresh from several requests at once", () => {
  test("two pages loading in parallel with an expired access token both stay signed in", async ({ page, context, request }) => {
    const { email } = await createAccount(request, "Paula Parallel");
    await signIn(page, email);
    const second = await context.newPage();

    for (let round = 0; round < 3; round++) {
      // The access token is gone (as after 15 minutes): both pages must refresh with the same refresh token.
      await context.clearCookies({ name: "accessToken" });
      await Promise.all([page.goto("/settings"), second.goto("/dashboard")]);
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await expect(second.getByRole("heading", { level: 1, name: "Reminders" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Account menu for Paula Parallel" })).toBeVisible();
      await expect(second.getByRole("button", { name: "Account menu for Paula Parallel" })).toBeVisible();
    }
    // The session family is intact: later loads still work.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    expect((await sessionCookies(context)).refresh?.value).toBeTruthy();
    await second.close();
  });

  test("the request that loses the race is signed in for its own answer and sets no cookies", async ({ playwright, baseURL, request }) => {
    const { email } = await createAccount(request, "Rory Race");
    const { refreshToken } = await loginTokens(request, email);
    const client = await playwright.request.newContext({ baseURL });
    const cookie = { Cookie: `refreshToken=${refreshToken}` };
    // Two loads at once, both with the same (only) refresh token.
    const [a, b] = await Promise.all([client.get("/settings", { headers: cookie, maxRedirects: 0 }), client.get("/dashboard", { headers: cookie, maxRedirects: 0 })]);
    for (const response of [a, b]) {
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain("Account menu for Rory Race");
    }
    // At most one of them rotated the token and sent new cookies.
    expect([a, b].filter(setsRefreshCookie).length).toBeLessThanOrEqual(1);

    // Deterministically: the old token again, seconds after its rotation, is the "raced" case.
    const late = await client.get("/settings", { headers: cookie, maxRedirects: 0 });
    expect(late.status()).toBe(200);
    expect(await late.text()).toContain("Account menu for Rory Race");
    expect(setsRefreshCookie(late)).toBe(false);
    expect(late.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie")).toEqual([]);
    await client.dispose();
  });
});

test.describe("Google callback with tokens in the URL (the spec's legacy form)", () => {
  test("asks 'Continue as <email>' and signs in only after the click, with fresh tokens", async ({ page, context, request }) => {
    const { email } = await createAccount(request, "Tom Tokens");
    const tokens = await loginTokens(request, email);
    const url = `/auth/google/callback?accessToken=${tokens.accessToken}&refreshToken=${tokens.refreshToken}&redirect=%2Fintegrations`;
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1, name: "Continue with Google" })).toBeVisible();
    const confirm = page.getByRole("button", { name: `Continue as ${email}` });
    await expect(confirm).toBeVisible();
    await expect(page.getByText("Not you?")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/auth/login");
    // Nothing signed in yet.
    expect((await sessionCookies(context)).refresh).toBeUndefined();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();

    // While the POST runs, the spec's waiting text shows.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/auth/google/callback*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await held;
      await route.continue();
    });
    await confirm.click();
    await expect(page.getByText("Completing Google Sign-in...")).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/auth-google-legacy-completing-desktop.png" });
    release();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole("button", { name: "Account menu for Tom Tokens" })).toBeVisible();
    await page.unroute("**/auth/google/callback*");

    // The pair in the URL was rotated on the way in: it is no longer good for anything.
    const cookies = await sessionCookies(context);
    expect(cookies.refresh?.value).toBeTruthy();
    expect(cookies.refresh?.value).not.toBe(tokens.refreshToken);
    await context.clearCookies();
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1, name: "Sign-in Failed" })).toBeVisible();
  });

  test("when someone else is signed in, it says so and still needs the click", async ({ page, request, context }) => {
    const { email: mine } = await createAccount(request, "Mia Mine");
    const { email: theirs } = await createAccount(request, "Theo Theirs");
    await signIn(page, mine);
    const before = (await sessionCookies(context)).refresh!.value;
    const tokens = await loginTokens(request, theirs);
    await page.goto(`/auth/google/callback?accessToken=${tokens.accessToken}&refreshToken=${tokens.refreshToken}`);
    await expect(page.getByText("Someone else is signed in here")).toBeVisible();
    await expect(page.getByText(`You are signed in as ${mine}.`, { exact: false })).toBeVisible();
    // Still the first account until the click.
    await expect(page.getByRole("button", { name: "Account menu for Mia Mine" })).toBeVisible();
    await screenshotBoth(page, "auth-google-legacy-confirm", `/auth/google/callback?accessToken=${tokens.accessToken}&refreshToken=${tokens.refreshToken}`);
    // A long address wraps inside the button: nothing scrolls sideways on a phone.
    await page.setViewportSize(VIEWPORTS.phone);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole("button", { name: `Continue as ${theirs}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Account menu for Theo Theirs" })).toBeVisible();
    // The first account's session ended on the server, not only in this browser.
    await context.clearCookies();
    await context.addCookies([{ name: "refreshToken", value: before, url: page.url() }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fdashboard");
  });

  test("tokens that are not ours, or half a pair, fail with the spec's sentence", async ({ page, request }) => {
    const { email } = await createAccount(request, "Fay Forged");
    const tokens = await loginTokens(request, email);
    for (const query of [
      "accessToken=forged.token.value&refreshToken=x",
      `accessToken=${tokens.accessToken}`,
      `accessToken=${tokens.accessToken}&refreshToken=not-the-right-one`,
      `accessToken=${tokens.accessToken.slice(0, -3)}abc&refreshToken=${tokens.refreshToken}`,
    ]) {
      await page.goto(`/auth/google/callback?${query}`);
      await expect(page.getByRole("heading", { level: 1, name: "Sign-in Failed" })).toBeVisible();
      await expect(page.getByText("Failed to complete Google sign-in. Please try again.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/auth/login");
    }
  });
});

test.describe("magic link while someone else is signed in", () => {
  test("waits for a click before switching accounts; without a session it still signs in by itself", async ({ page, request, context }) => {
    const { email: mine } = await createAccount(request, "Mark Mine");
    const theirs = uniqueEmail("magic-other");
    await request.post("/v1/users", { data: { name: "Lena Link", email: theirs, password: PASSWORD, timezone: "UTC", consent: true } });
    const mail = await waitForEmail(request, theirs, "Verify your email");
    const link = linkFrom(mail, "/auth/magic-link");

    await signIn(page, mine);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Verifying Magic Link..." })).toBeVisible();
    await expect(page.getByText("You are already signed in")).toBeVisible();
    await expect(page.getByText(`This browser is signed in as ${mine}.`, { exact: false })).toBeVisible();
    await page.waitForTimeout(500);
    // No automatic POST: still here, still the first account, and the link still unused.
    expect(new URL(page.url()).pathname).toBe("/auth/magic-link");
    await expect(page.getByRole("button", { name: "Account menu for Mark Mine" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Stay signed in as ${mine}` })).toHaveAttribute("href", "/dashboard");
    await page.screenshot({ path: "test-results/screenshots/auth-magic-link-other-user-desktop.png", fullPage: true });

    await page.getByRole("button", { name: "Continue as the link's account" }).click();
    // Lena's account is unverified with a password: she is asked first (ADR 038, amended).
    await page.getByRole("button", { name: "Yes, I signed up" }).click();
    // Lena's new account is in onboarding: the dashboard leads to the wizard (ADR 062).
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole("button", { name: "Account menu for Lena Link" })).toBeVisible();
    expect((await sessionCookies(context)).refresh?.value).toBeTruthy();
  });
});
