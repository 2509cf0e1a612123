import { rmSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { migrateLocal, startWrangler } from "../../scripts/lib.mjs";
import { startFake, type RunningFake } from "../fakes/node";
import { createFakePostHog, type FakePostHog } from "../fakes/posthog";
import { createAccount, PASSWORD, registerThroughUi, signIn, uniqueEmail } from "./auth-helpers";
import { expect, test } from "./fixtures";

// Product analytics against a fake PostHog (tests/fakes/posthog.ts) that speaks its capture and
// flags API to the real posthog-js. This file runs its own server with POSTHOG_KEY set (ports 18826
// and 18827, reserved for it), so the rest of the suite runs without analytics.
const FAKE_PORT = 18826;
const PORT = 18827;
const BASE = `http://localhost:${PORT}`;
const KEY = "phc_e2e_project_key";

let fake: RunningFake;
let posthog: FakePostHog;
let server: ChildProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Migrating a fresh local D1 and starting a second wrangler: past 180 s once in CI on a loaded machine.
  test.setTimeout(300_000);
  posthog = createFakePostHog({ origin: `http://127.0.0.1:${FAKE_PORT}`, apiKey: KEY });
  fake = await startFake(posthog, FAKE_PORT);
  const persistTo = `.wrangler/e2e-state-${PORT}`;
  rmSync(persistTo, { recursive: true, force: true });
  await migrateLocal(persistTo);
  const started = await startWrangler({
    port: PORT,
    persistTo,
    quiet: true,
    vars: { DEV_OUTBOX: "true", APP_URL: BASE, REGISTRATIONS_PER_IP_PER_HOUR: "100000", POSTHOG_KEY: KEY, POSTHOG_HOST: `http://127.0.0.1:${FAKE_PORT}` },
  });
  server = started.child;
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await fake?.close();
});

// posthog-js drops the events of a browser that looks automated ("HeadlessChrome", navigator.webdriver);
// the people this is for use an ordinary Chrome, which these two stand in for.
test.use({ baseURL: BASE, userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }));
});

const eventsOf = (distinctId: string) => posthog.events.filter((event) => event.properties.distinct_id === distinctId);

test("registration: identify with email, name and id, 'User Registered' once, page views on /onboarding and /integrations, flags fetched", async ({ page }) => {
  const email = uniqueEmail("analytics");
  const name = "Ana Lytics";
  await registerThroughUi(page, name, email);
  let userId = "";
  await expect.poll(() => (userId = (posthog.events.find((e) => e.event === "$identify" && e.$set?.email === email)?.properties.distinct_id as string) ?? ""), { timeout: 20_000 }).not.toBe("");
  const identify = eventsOf(userId).find((e) => e.event === "$identify")!;
  expect(identify.$set).toEqual({ email, name, id: userId });
  await expect.poll(() => eventsOf(userId).filter((e) => e.event === "User Registered").length, { timeout: 20_000 }).toBe(1);
  const registered = eventsOf(userId).find((e) => e.event === "User Registered")!;
  expect(registered.properties).toMatchObject({ userId, email, name, timezone: expect.any(String) });
  const views = () => eventsOf(userId).filter((e) => e.event === "$pageview").map((e) => new URL(e.properties.$current_url as string).pathname);
  // A new account lands on the onboarding wizard (Reminder Channels leads it there: ADR 062).
  await expect.poll(views, { timeout: 20_000 }).toContain("/onboarding");
  expect(posthog.flagRequests.length).toBeGreaterThan(0);

  // Every route change is a page view (entering /integrations too); coming back with ?registered=1 sends no second 'User Registered'.
  await page.getByRole("button", { name: "Skip" }).click();
  await expect.poll(views, { timeout: 20_000 }).toContain("/dashboard");
  await page.goto("/integrations?registered=1");
  await expect.poll(() => views().filter((path) => path === "/integrations").length, { timeout: 20_000 }).toBe(1);
  expect(eventsOf(userId).filter((e) => e.event === "User Registered")).toHaveLength(1);
  // Nothing typed is captured, and there is no recording.
  expect(posthog.events.map((e) => e.event)).not.toContain("$autocapture");
  expect(posthog.events.map((e) => e.event)).not.toContain("$snapshot");
});

test("turned off in Settings: nothing more is sent from this browser", async ({ page, request }) => {
  const email = uniqueEmail("analytics-off");
  await createAccount(request, "Quiet Person", email);
  await signIn(page, email, PASSWORD);
  let userId = "";
  await expect.poll(() => (userId = (posthog.events.find((e) => e.event === "$identify" && e.$set?.email === email)?.properties.distinct_id as string) ?? ""), { timeout: 20_000 }).not.toBe("");
  await page.goto("/settings");
  const toggle = page.getByRole("switch", { name: "Share usage analytics" });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(toggle).not.toBeChecked();
  await page.screenshot({ path: "test-results/screenshots/settings-analytics-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole("heading", { name: "Privacy" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/settings-analytics-phone.png" });
  await page.goto("/integrations");
  await page.goto("/dashboard?after-opt-out=1");
  await page.waitForTimeout(5000);
  const after = eventsOf(userId).filter((e) => ["/integrations", "/dashboard?after-opt-out=1"].some((path) => String(e.properties.$current_url).endsWith(path)));
  expect(after).toEqual([]);
  // The choice stays: a new page load in this browser sends nothing either.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test.describe("Do Not Track / Global Privacy Control", () => {
  test("a browser sending Global Privacy Control sends nothing and the switch says why", async ({ page, request }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    const email = uniqueEmail("analytics-gpc");
    await createAccount(request, "Private Person", email);
    const before = posthog.events.length;
    await signIn(page, email, PASSWORD);
    await page.goto("/integrations");
    await page.goto("/settings");
    await expect(page.getByText("Your browser asks sites not to track you, so Nudge sends no analytics.")).toBeVisible();
    await expect(page.getByRole("switch", { name: "Share usage analytics" })).toBeDisabled();
    await page.waitForTimeout(4000);
    expect(posthog.events.slice(before).filter((e) => e.$set?.email === email)).toEqual([]);
    expect(posthog.events.length).toBe(before);
  });
});
