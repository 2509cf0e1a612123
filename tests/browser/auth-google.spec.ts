import { createHash, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { createAccount, PASSWORD, sessionCookies, uniqueEmail } from "./auth-helpers";
import { expect, test } from "./fixtures";

/**
 * Google sign-in against a fake Google that speaks the same protocol (authorization code + PKCE,
 * token endpoint answering an ID token), running in this test process on 127.0.0.1. The e2e server
 * must point at it: E2E_VARS='{"GOOGLE_CLIENT_ID":"e2e-client","GOOGLE_CLIENT_SECRET":"e2e-secret",
 * "GOOGLE_AUTH_BASE":"http://127.0.0.1:<FAKE_GOOGLE_PORT>","GOOGLE_TOKEN_URL":"http://127.0.0.1:<FAKE_GOOGLE_PORT>/token"}'.
 * FAKE_GOOGLE_PORT defaults to E2E_PORT + 10000; scripts/serve-e2e.mjs sets those vars by default.
 */
const FAKE_PORT = Number(process.env.FAKE_GOOGLE_PORT ?? Number(process.env.E2E_PORT ?? 8799) + 10000);
const FAKE_BASE = `http://127.0.0.1:${FAKE_PORT}`;
const CLIENT_ID = "e2e-client";

interface Identity {
  sub: string;
  email: string;
  name: string;
}

/** A tiny Google: an account chooser page, then the token endpoint checks code, client and PKCE. */
function startFakeGoogle(getIdentity: () => Identity) {
  const grants = new Map<string, { identity: Identity; challenge: string; redirectUri: string }>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", FAKE_BASE);
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
      const identity = getIdentity();
      const params = url.searchParams;
      const back = (extra: Record<string, string>) => {
        const target = new URL(params.get("redirect_uri")!);
        for (const [k, v] of Object.entries({ ...extra, state: params.get("state") ?? "" })) target.searchParams.set(k, v);
        return target.toString();
      };
      const code = randomUUID();
      grants.set(code, { identity, challenge: params.get("code_challenge") ?? "", redirectUri: params.get("redirect_uri") ?? "" });
      const ok = params.get("client_id") === CLIENT_ID && params.get("code_challenge_method") === "S256" && params.get("response_type") === "code";
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(`<!doctype html><html lang="en"><link rel="icon" href="data:,"><title>Fake Google</title><h1>Choose an account</h1>
        ${ok ? `<a href="${back({ code })}">Continue as ${identity.name}</a>` : "<p>Bad request</p>"}
        <a href="${back({ error: "access_denied" })}">Cancel</a></html>`);
      return;
    }
    if (req.method === "POST" && url.pathname === "/token") {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        const grant = grants.get(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        const challenge = createHash("sha256").update(verifier).digest("base64url");
        const basic = req.headers.authorization?.startsWith("Basic ")
          ? Buffer.from(req.headers.authorization.slice(6), "base64").toString().split(":")[0]
          : form.get("client_id");
        if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get("redirect_uri") || basic !== CLIENT_ID) {
          res.writeHead(400, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ error: "invalid_grant" }));
          return;
        }
        grants.delete(form.get("code")!);
        const now = Math.floor(Date.now() / 1000);
        const claims = { iss: "https://accounts.google.com", aud: CLIENT_ID, sub: grant.identity.sub, email: grant.identity.email, email_verified: true, name: grant.identity.name, iat: now, exp: now + 3600 };
        const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ access_token: "fake-access", token_type: "Bearer", expires_in: 3600, id_token: `${part({ alg: "RS256", typ: "JWT" })}.${part(claims)}.c2ln` }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise<Server>((resolve, reject) => {
    server.once("error", reject);
    server.listen(FAKE_PORT, "127.0.0.1", () => resolve(server));
  });
}

test.describe("Google sign-in", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ timezoneId: "Asia/Tokyo" });
  let fake: Server | null = null;
  let identity: Identity = { sub: "g-0", email: "nobody@example.com", name: "Nobody" };

  test.beforeAll(async ({ request }) => {
    const start = await request.get("/v1/auth/google", { maxRedirects: 0 });
    const location = start.headers()["location"] ?? "";
    // scripts/serve-e2e.mjs points the server at the fake by default; anything else is a broken setup.
    expect(location, `The e2e server must send Google sign-in to the fake at ${FAKE_BASE}`).toContain(FAKE_BASE);
    fake = await startFakeGoogle(() => identity);
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => (fake ? fake.close(() => resolve()) : resolve()));
  });

  test("a new Google user is signed in and lands on the redirect target", async ({ page, context }) => {
    identity = { sub: `g-${randomUUID()}`, email: uniqueEmail("google"), name: "Gail Google" };
    await page.goto("/settings");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fsettings");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByRole("link", { name: "Continue as Gail Google" }).click();
    await expect(page).toHaveURL(/\/settings$/);
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
    identity = { sub: `g-${randomUUID()}`, email, name: "Linda From Google" };
    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await page.getByRole("link", { name: "Continue as Linda From Google" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("L");
  });

  test("cancelling at Google shows Sign-in Failed with a way back", async ({ page }) => {
    identity = { sub: `g-${randomUUID()}`, email: uniqueEmail("cancel"), name: "Cal Cancel" };
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
