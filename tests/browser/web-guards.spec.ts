import { createServer } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { createAccount, PASSWORD, signIn, uniqueEmail } from "./auth-helpers";
import { expect, expectConsoleErrors, screenshotBoth, test } from "./fixtures";

/**
 * The pages' guards and headers: the Nudge Buddies route, bad input answered 400 (never 500), a
 * cross-site post refused with 403 before Remix runs, the security headers (CSP with a nonce on
 * every inline script, HSTS), and the account menu without JavaScript.
 */

test.describe("Nudge Buddies page", () => {
  test("logged out: the guard sends visitors to login and back after", async ({ page, request }) => {
    await page.goto("/emergency-contacts");
    await expect(page).toHaveURL("/auth/login?redirect=%2Femergency-contacts");
    const { email } = await createAccount(request, "Bea Buddy");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/emergency-contacts$/);
    await expect(page.getByRole("heading", { level: 1, name: "Nudge Buddies" })).toBeVisible();
  });

  test("signed in: the menu's Nudge Buddies opens a calm page with the spec's empty state", async ({ page, request }) => {
    const { email } = await createAccount(request, "Bea Buddy");
    await signIn(page, email);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("link", { name: "Nudge Buddies" }).click();
    await expect(page).toHaveURL(/\/emergency-contacts$/);
    await expect(page.getByRole("heading", { level: 1, name: "Nudge Buddies" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No nudge buddies configured" })).toBeVisible();
    await expect(page.getByText("You can add up to two nudge buddies (Contact #1 and Contact #2)", { exact: false })).toBeVisible();
    await expect(page.getByText("to enable emergency escalation when reminders are missed", { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Nudge Buddy" })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await screenshotBoth(page, "emergency-contacts", "/emergency-contacts");
  });
});

test.describe("bad input and cross-site posts on pages", () => {
  test("a JSON body, a text body or no body to a page action is a 400 with a sentence, never a 500", async ({ request }) => {
    const { email } = await createAccount(request, "Jason Body");
    const json = await request.post("/auth/login", { data: { email, password: PASSWORD } });
    expect(json.status()).toBe(400);
    expect(await json.text()).toContain("We couldn&#x27;t read that form. Please reload the page and try again.");
    // Nothing happened: no session was started.
    expect(json.headers()["set-cookie"] ?? "").not.toContain("refreshToken=");

    const text = await request.post("/auth/login", { data: `email=${email}`, headers: { "Content-Type": "text/plain" } });
    expect(text.status()).toBe(400);
    for (const path of ["/auth/register", "/auth/forgot-password", "/auth/reset-password", "/auth/magic-link", "/auth/verify-email"]) {
      const empty = await request.post(path);
      expect(empty.status(), path).toBe(400);
    }
    // Single fetch (.data) answers too, as data rather than a page.
    const data = await request.post("/auth/login.data", { data: { email } });
    expect(data.status()).toBe(400);
  });

  test("a post from another site is refused with 403 before any action runs", async ({ request, baseURL }) => {
    const { email } = await createAccount(request, "Cross Site");
    const form = { email, password: PASSWORD };
    const page = await request.post("/auth/login", { form, headers: { Origin: "https://evil.example" } });
    expect(page.status()).toBe(403);
    expect(page.headers()["content-type"]).toContain("text/html");
    expect(await page.text()).toContain("This request came from another site and was blocked.");
    expect(page.headers()["set-cookie"] ?? "").not.toContain("refreshToken=");

    const data = await request.post("/auth/login.data", { form, headers: { Origin: "https://evil.example" } });
    expect(data.status()).toBe(403);
    expect(await data.json()).toMatchObject({ code: "CSRF_REJECTED" });

    const nullOrigin = await request.post("/auth/logout", { headers: { Origin: "null" } });
    expect(nullOrigin.status()).toBe(403);
    // Our own origin goes through to the action (which signs in and redirects).
    const own = await request.post("/auth/login", { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(own.status()).toBe(302);
    expect(own.headers()["location"]).toBe("/dashboard");
  });

  test("a cross-site form in a browser is blocked and explains itself", async ({ page, baseURL, consoleErrors }) => {
    // Another site (127.0.0.1 is a different site from localhost) posts a form to our login.
    const other = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(`<!doctype html><html lang="en"><link rel="icon" href="data:,"><title>Elsewhere</title>
        <form method="post" action="${baseURL}/auth/login"><input name="email" value="victim@example.com"><button>Win a prize</button></form></html>`);
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", () => resolve()));
    const address = other.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.getByRole("button", { name: "Win a prize" }).click();
      await expect(page.getByRole("heading", { name: "Request blocked" })).toBeVisible();
      await expect(page.getByText("Nothing was changed.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
      // Chromium reports the 403 document itself; nothing else may fail.
      expectConsoleErrors(consoleErrors, [/status of 403/]);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});

test.describe("security headers", () => {
  test("every page has a CSP whose nonce is on every inline script, HSTS and no inline styles", async ({ page, request }) => {
    for (const path of ["/", "/auth/login", "/auth/register", "/dashboard", "/emergency-contacts", "/no-such-page"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      if (response.status() >= 300 && response.status() < 400) continue; // guarded pages redirect first
      const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce, `${path}: ${csp}`).toBeTruthy();
      for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'", "img-src 'self' data:", "frame-src 'self'", "media-src 'self'"]) {
        expect(csp, path).toContain(directive);
      }
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      expect(headers["strict-transport-security"]).toMatch(/max-age=\d{8,}; includeSubDomains/);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      // The home page ships no script to a signed-out visitor (issue 8); every other page has its own.
      if (path === "/") expect(scripts, path).toEqual([]);
      else expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      expect(html, path).not.toMatch(/\sstyle="/);
    }
    // Two responses never share a nonce.
    const a = (await request.get("/")).headers()["content-security-policy"];
    const b = (await request.get("/")).headers()["content-security-policy"];
    expect(a).not.toBe(b);
    // And the pages really run under it: the sign-in page hydrates (its script sets the marker).
    await page.goto("/auth/login");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  });
});

test.describe("the account menu without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the avatar is a link to the menu page, whose items are plain links and forms", async ({ page, request }) => {
    const email = uniqueEmail("nojs-menu");
    const created = await request.post("/v1/users", { data: { name: "Alexandria Smith", email, password: PASSWORD, timezone: "UTC", consent: true } });
    const { accessToken } = (await created.json()) as { accessToken: string };
    // Onboarding skipped on the server: the menu offers Get Started.
    const skip = await request.post("/v1/users/me/onboarding/skip", { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(skip.status()).toBe(200);

    await page.goto("/auth/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    // No show/hide toggle without JavaScript: it could do nothing.
    await expect(page.getByRole("button", { name: /^Show/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const avatar = page.getByRole("link", { name: "Account menu for Alexandria Smith" });
    await expect(avatar).toHaveAttribute("href", "/menu");
    await avatar.click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole("heading", { level: 1, name: "Account menu" })).toBeVisible();
    await expect(page.getByText("ALEXANDR…")).toBeVisible();
    const nav = page.getByRole("main").getByRole("navigation", { name: "Account" });
    await expect(nav.getByRole("link", { name: "Nudge Buddies" })).toHaveAttribute("href", "/emergency-contacts");
    await expect(nav.getByRole("link", { name: "Reminder Channels" })).toHaveAttribute("href", "/integrations");
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await screenshotBoth(page, "menu-page-nojs", "/menu");

    // Get Started: the server forgets the skip, then the wizard.
    await nav.getByRole("button", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    const status = await request.get("/v1/users/me/onboarding", { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(((await status.json()) as { skipped: boolean }).skipped).toBe(false);
    await page.goto("/menu");
    await expect(page.getByRole("main").getByRole("button", { name: "Get Started" })).toHaveCount(0);

    await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  });
});
