import { randomUUID } from "node:crypto";
import { createFakeGoogle } from "../fakes/google";
import { startFake, type RunningFake } from "../fakes/node";
import { createAccount, PASSWORD, sessionCookies, uniqueEmail } from "./auth-helpers";
import { expect, test } from "./fixtures";

/**
 * Google sign-in against the fake Google of tests/fakes/google.ts (authorization code + PKCE, a
 * consent page, a token endpoint answering a signed ID token), served by this test process on
 * 127.0.0.1:FAKE_GOOGLE_PORT (E2E_PORT + 10000 unless set). scripts/serve-e2e.mjs points the e2e
 * server at it: GOOGLE_CLIENT_ID=e2e-client, GOOGLE_CLIENT_SECRET=e2e-secret,
 * GOOGLE_AUTH_BASE=http://127.0.0.1:<FAKE_GOOGLE_PORT>, GOOGLE_TOKEN_URL=<that>/token.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
const FAKE_PORT = Number(process.env.FAKE_GOOGLE_PORT ?? E2E_PORT + 10000);
const FAKE_BASE = `http://127.0.0.1:${FAKE_PORT}`;
const google = createFakeGoogle({
  origin: FAKE_BASE,
  clientId: "e2e-client",
  clientSecret: "e2e-secret",
  redirectUri: `http://localhost:${E2E_PORT}/v1/auth/google/callback`,
});

test.describe("Google sign-in", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ timezoneId: "Asia/Tokyo" });
  let fake: RunningFake | null = null;

  test.beforeAll(async ({ request }) => {
    const start = await request.get("/v1/auth/google", { maxRedirects: 0 });
    const location = start.headers()["location"] ?? "";
    // scripts/serve-e2e.mjs points the server at the fake by default; anything else is a broken setup.
    expect(location, `The e2e server must send Google sign-in to the fake at ${FAKE_BASE}`).toContain(FAKE_BASE);
    fake = await startFake(google, FAKE_PORT);
  });

  test.afterAll(async () => {
    await fake?.close();
  });

  test("a new Google user is signed in and lands on the redirect target", async ({ page, context }) => {
    // Who the fake consent screen offers ("Continue as <name>").
    google.signInAs({ sub: `g-${randomUUID()}`, email: uniqueEmail("google"), name: "Gail Google" });
    await page.goto("/settings");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fsettings");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByRole("link", { name: "Continue as Gail Google" }).click();
    // A new account needs onboarding (Telegram is not linked), so the guard leads to the wizard first. Back
    // from Google the page must hydrate, re-check the session (same-site), and follow two redirects: on a
    // loaded CI machine that took 10.3 s (hydration alone 7 s, from a trace), past expect's 10 s.
    await expect(page).toHaveURL(/\/onboarding$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Welcome, Gail!" })).toBeVisible();
    await page.getByRole("button", { name: "Skip" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("G");
    // The browser's zone came along with the start of the flow.
    await expect(page.getByRole("combobox", { name: "Timezone" })).toHaveValue("Asia/Tokyo");
    expect((await sessionCookies(context)).refresh?.httpOnly).toBe(true);
    // Google accounts arrive verified: no banner.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Email Verification Required" })).toHaveCount(0);
  });

  test("an existing account with the same verified email is linked", async ({ page, request }) => {
    const { email } = await createAccount(request, "Linda Linked");
    // Who the fake consent screen offers ("Continue as <name>").
    google.signInAs({ sub: `g-${randomUUID()}`, email, name: "Linda From Google" });
    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await page.getByRole("link", { name: "Continue as Linda From Google" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("L");
  });

  test("cancelling at Google shows Sign-in Failed with a way back", async ({ page }) => {
    // Who the fake consent screen offers ("Continue as <name>").
    google.signInAs({ sub: `g-${randomUUID()}`, email: uniqueEmail("cancel"), name: "Cal Cancel" });
    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await page.getByRole("link", { name: "Cancel", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign-in Failed" })).toBeVisible();
    await expect(page.getByText("Failed to complete Google sign-in. Please try again.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Login" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test.describe("Google callback page", () => {
  test("?error and a visit without a session show Sign-in Failed", async ({ page }) => {
    for (const path of ["/auth/google/callback?error=1", "/auth/google/callback"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Sign-in Failed" })).toBeVisible();
      await expect(page.getByText("Failed to complete Google sign-in. Please try again.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/auth/login");
    }
  });

  test("the spec's accessToken/refreshToken query signs in only after 'Continue as <email>' (as fresh cookies, via a POST)", async ({ page, request, context }) => {
    const { email } = await createAccount(request, "Tom Tokens");
    const login = await request.post("/v1/auth/login", { data: { email, password: PASSWORD } });
    const { accessToken, refreshToken } = (await login.json()) as { accessToken: string; refreshToken: string };
    await page.goto(`/auth/google/callback?accessToken=${accessToken}&refreshToken=${refreshToken}&redirect=%2Fintegrations`);
    // Never silently: a link with someone's tokens must not sign the visitor in (tests/browser/web-session.spec.ts).
    await page.getByRole("button", { name: `Continue as ${email}` }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("T");
    // Rotated on the way in: the URL's copy is not the session.
    expect((await sessionCookies(context)).access?.value).toBeTruthy();
    expect((await sessionCookies(context)).refresh?.value).not.toBe(refreshToken);

    await context.clearCookies();
    await page.goto(`/auth/google/callback?accessToken=forged.token.value&refreshToken=x`);
    await expect(page.getByRole("heading", { level: 1, name: "Sign-in Failed" })).toBeVisible();
  });
});
