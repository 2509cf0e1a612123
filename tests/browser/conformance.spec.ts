import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, BrowserContext, Locator, Page, Route } from "@playwright/test";
import { SPEC_TEXTS, type Screen } from "../conformance/spec-texts";
import { PART_SCREENS, WALK_PARTS, type WalkPart } from "../conformance/walk-parts";
import { codeFrom, createAccount, PASSWORD, uniqueEmail, waitForEmail } from "./auth-helpers";
import { contains, harvest, installSeenRecorder, layoutProblems, normalise } from "./conformance-harvest";
import { expect, test } from "./fixtures";
import { createTaskViaApi, local, pressNextStepsUntil, signUp, type TaskUser } from "./tasks-helpers";

/**
 * The conformance walk (issue 17): every screen, modal and state of both specs, reached as a person
 * would (bad input is typed for real; "offline" states make the page's own request fail at the
 * network, as in web-messages.spec.ts), at 360 and at 1280 px. Each state's texts from
 * tests/conformance/spec-texts.ts must be shown there; a text that is not must be quoted in
 * docs/spec-deviations.md. At 360 px every state is also checked for sideways scrolling, for content cut off at the screen's side, and for
 * controls under the floating button. The walk runs in parts (tests/conformance/walk-parts.ts), one test
 * each per width; each prints "spec texts at <width> px, <part>: N of M shown; K recorded as deviations".
 */

/**
 * A long address, as many work addresses are, with no hyphen for the browser to wrap at: the walk's 360 px
 * layout check then sees it wherever it is shown.
 */
const LONG_EMAIL = (who: string) => `${who}.walker.forthelayoutcheck.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

interface Walk {
  browser: Browser;
  width: number;
  seen: Map<Screen, string>;
  layout: string[];
  unreached: string[];
  pages: Page[];
  errors: string[];
}

const HEIGHTS: Record<number, number> = { 360: 780, 1280: 860 };

async function newPage(walk: Walk, context?: BrowserContext): Promise<Page> {
  const ctx = context ?? (await walk.browser.newContext({ viewport: { width: walk.width, height: HEIGHTS[walk.width]! }, baseURL: test.info().project.use.baseURL }));
  await ctx.addInitScript(installSeenRecorder);
  const page = await ctx.newPage();
  // A control that is not there fails its state in seconds, not at the test's timeout (10 s: a loaded
  // 2-core CI runner can take several seconds to answer a press and reload the page's data).
  page.setDefaultTimeout(10_000);
  page.setDefaultNavigationTimeout(20_000);
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Blocked script execution in 'about:srcdoc'")) walk.errors.push(message.text());
  });
  page.on("pageerror", (error) => walk.errors.push(String(error)));
  walk.pages.push(page);
  return page;
}

/** Reaches a state, then records what it shows (and, at 360 px, its layout problems). */
async function visit(walk: Walk, page: Page, screen: Screen, reach: () => Promise<void>) {
  try {
    await harvest(page).catch(() => ""); // drop what earlier states left in the recorder
    await reach();
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await page.waitForTimeout(150);
    const text = await harvest(page);
    walk.seen.set(screen, `${walk.seen.get(screen) ?? ""}\n${text}`);
    // Every state as a person saw it, to look at (test-results/screenshots/conformance/<width>/). With a
    // dialog open, the screen as it is: a full-page capture draws the dialog and the sticky header over
    // the middle of a scrolled page, which is not what anyone sees.
    const dialogOpen = await page.locator("dialog[open], [role=dialog], [aria-modal=true]").first().isVisible().catch(() => false);
    await page.screenshot({ path: `test-results/screenshots/conformance/${walk.width}/${screen}.png`, fullPage: !dialogOpen }).catch(() => undefined);
    if (walk.width === 360) walk.layout.push(...(await layoutProblems(page, screen)));
  } catch (error) {
    const line = `${screen}: ${String(error).split("\n")[0]}`;
    console.log(`  could not reach ${line}`);
    walk.unreached.push(line);
    // A state that failed half-way must not leave a request held or the network cut for the next
    // ones: one miss stays one miss (a held POST keeps its fetcher busy and every later press disabled).
    for (const release of heldRequests.get(page) ?? []) release();
    heldRequests.delete(page);
    await page.unrouteAll({ behavior: "ignoreErrors" }).catch(() => undefined);
  }
}

/**
 * Presses a button of a fetcher form once it is enabled again: after an answer the panel's buttons stay
 * disabled while the page's data reloads, which on a loaded 2-core CI runner can outlast the walk's
 * default wait for a click (it did once in CI, at ac6a850).
 */
async function pressWhenReady(button: Locator) {
  await expect(button).toBeEnabled({ timeout: 20_000 });
  await button.click();
}

/** The releases of the requests `hold` is holding, per page, so a failed state can let them go. */
const heldRequests = new WeakMap<Page, Set<() => void>>();

/** Adds what the page shows now (and showed since the last harvest) to a state, before the page is left. */
async function record(walk: Walk, page: Page, screen: Screen) {
  walk.seen.set(screen, `${walk.seen.get(screen) ?? ""}\n${await harvest(page)}`);
}

/** Makes the page's POSTs (or GETs) to `pattern` fail at the network until `undo` is called. */
async function offline(page: Page, pattern: string, method = "POST") {
  const handler = (route: Route) => (route.request().method() === method ? route.abort("failed") : route.continue());
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/** Holds the page's POSTs to `pattern` until released (a busy label stays up meanwhile). */
async function hold(page: Page, pattern: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const releases = heldRequests.get(page) ?? new Set<() => void>();
  heldRequests.set(page, releases.add(release));
  let arrived: () => void = () => undefined;
  const hasArrived = new Promise<void>((resolve) => (arrived = resolve));
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST") return route.continue();
    arrived();
    await held;
    await route.continue().catch(() => undefined);
  };
  await page.route(pattern, handler);
  return async () => {
    // A busy label can show before its request leaves the page (a fetcher's state changes first). Let go
    // only once this hold has the request: released and unrouted earlier, a slow request was caught by
    // the next state's hold instead and held until that state timed out (the calendar walk, once in CI).
    await Promise.race([hasArrived, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    release();
    releases.delete(release);
    await page.unroute(pattern, handler);
  };
}

async function publicScreens(walk: Walk, request: APIRequestContext) {
  const page = await newPage(walk);
  await visit(walk, page, "home", () => page.goto("/").then(() => undefined));
  await visit(walk, page, "header-out", async () => undefined);
  await visit(walk, page, "login", async () => {
    await page.goto("/auth/login");
  });
  await visit(walk, page, "login-empty", async () => {
    await page.getByRole("button", { name: "Sign In" }).click();
  });
  await visit(walk, page, "login-short", async () => {
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Sign In" }).click();
  });
  const { email } = await createAccount(request, "Cora Walk", LONG_EMAIL("cora"));
  await visit(walk, page, "login-wrong", async () => {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").waitFor();
  });
  await visit(walk, page, "login-offline", async () => {
    const undo = await offline(page, "**/auth/login.data*");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: /failed/i }).waitFor();
    await undo();
  });

  await visit(walk, page, "register", () => page.goto("/auth/register").then(() => undefined));
  const fillRegister = async (password: string, confirm = password, consent = true) => {
    await page.getByLabel("Name").fill("Walker");
    await page.getByLabel("Email").fill(uniqueEmail("walk"));
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(confirm);
    const box = page.getByRole("checkbox", { name: /I agree to the/ });
    if (consent) await box.check();
    else await box.uncheck();
  };
  // With JavaScript the button waits for the box; without it the server says why (real bad input either way).
  const noScript = await newPage(walk, await walk.browser.newContext({ viewport: { width: walk.width, height: HEIGHTS[walk.width]! }, baseURL: test.info().project.use.baseURL, javaScriptEnabled: false }));
  await visit(walk, noScript, "register-consent", async () => {
    await noScript.goto("/auth/register");
    await noScript.getByLabel("Name").fill("Walker");
    await noScript.getByLabel("Email").fill(uniqueEmail("walk"));
    await noScript.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await noScript.getByLabel("Confirm password").fill(PASSWORD);
    await noScript.getByRole("button", { name: "Create Account" }).click();
    await noScript.waitForLoadState();
  });
  await visit(walk, page, "register-short", async () => {
    await fillRegister("Ab1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText(/^Password must/).first().waitFor();
  });
  await visit(walk, page, "register-weak", async () => {
    await fillRegister("alllowercase1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText(/^Password must/).first().waitFor();
  });
  await visit(walk, page, "register-mismatch", async () => {
    await fillRegister(PASSWORD, `${PASSWORD}x`);
  });
  await visit(walk, page, "register-offline", async () => {
    const undo = await offline(page, "**/auth/register.data*");
    await fillRegister(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("alert").filter({ hasText: /failed/i }).waitFor();
    await undo();
  });
  await visit(walk, page, "terms", async () => {
    await page.getByRole("link", { name: "Terms of Service" }).first().click();
    await page.getByRole("dialog").waitFor();
  });
  await page.keyboard.press("Escape");
  await visit(walk, page, "privacy", async () => {
    await page.getByRole("link", { name: "Privacy Policy" }).first().click();
    await page.getByRole("dialog").waitFor();
  });
  await page.keyboard.press("Escape");
  await visit(walk, page, "google-failed", () => page.goto("/auth/google/callback?error=1").then(() => undefined));
  await visit(walk, page, "verify-no-session", () => page.goto("/auth/verify").then(() => undefined));
  await visit(walk, page, "link-page-missing", () => page.goto("/auth/verify-email").then(() => undefined));
  await visit(walk, page, "link-page-wrong", async () => {
    await page.goto(`/auth/verify-email?code=99999999&email=${encodeURIComponent(email)}`);
    const submit = page.getByRole("button", { name: /verify/i });
    if (await submit.count()) await submit.first().click();
  });
  await visit(walk, page, "magic-link", async () => {
    // The page starts its POST by itself: held, the waiting state stays up to be read.
    const release = await hold(page, "**/auth/magic-link*");
    await page.goto("/auth/magic-link?token=not-a-real-token-but-long-enough");
    await page.getByRole("heading", { name: /Verifying/ }).waitFor();
    walk.seen.set("magic-link", await harvest(page));
    await release();
  });
  await visit(walk, page, "forgot", () => page.goto("/auth/forgot-password").then(() => undefined));
  await visit(walk, page, "forgot-sent", async () => {
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    await page.getByRole("heading", { name: "Password Reset Email Sent!" }).waitFor();
  });
  const resetMail = await waitForEmail(request, email, "Reset");
  await visit(walk, page, "reset", () => page.goto(`/auth/reset-password?email=${encodeURIComponent(email)}`).then(() => undefined));
  const fillReset = async (code: string, password: string, confirm = password) => {
    await page.getByLabel("Reset Code").fill(code);
    await page.getByLabel("New Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm New Password").fill(confirm);
  };
  await visit(walk, page, "reset-mismatch", () => fillReset("12345678", "Brave-Heron-77", "Brave-Heron-7"));
  await visit(walk, page, "reset-wrong", async () => {
    await fillReset("12345678", "Brave-Heron-77");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByRole("alert").waitFor();
  });
  await visit(walk, page, "reset-busy", async () => {
    const release = await hold(page, "**/auth/reset-password.data*");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByRole("button", { name: "Resetting..." }).waitFor();
    await release();
  });
  await visit(walk, page, "reset-offline", async () => {
    const undo = await offline(page, "**/auth/reset-password.data*");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByRole("alert").filter({ hasText: /failed/i }).waitFor();
    await undo();
  });
  await visit(walk, page, "reset-done", async () => {
    await fillReset(codeFrom(resetMail), "Brave-Heron-77");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByRole("button", { name: "Continue to Sign In" }).or(page.getByRole("link", { name: "Continue to Sign In" })).waitFor();
  });
  await visit(walk, page, "unsubscribe-none", () => page.goto("/unsubscribe").then(() => undefined));
  await visit(walk, page, "unsubscribe-failed", async () => {
    await page.goto("/unsubscribe?token=not-a-token");
    const button = page.getByRole("button").filter({ hasText: /stop|unsubscribe/i });
    if (await button.count()) await button.first().click();
    await page.getByRole("heading", { name: "Unsubscribe Failed" }).waitFor();
  });
  await visit(walk, page, "unsubscribe-offline", async () => {
    await page.goto(`/unsubscribe?token=${"x".repeat(43)}`);
    const undo = await offline(page, "**/unsubscribe*");
    await page.getByRole("button", { name: "Yes, unsubscribe me" }).click();
    await page.getByRole("heading", { name: "Unsubscribe Failed" }).waitFor();
    await undo();
  });
  await visit(walk, page, "verify-contact-offline", async () => {
    await page.goto("/verify-contact?code=00000000&contact_id=nobody");
    const undo = await offline(page, "**/verify-contact*");
    await page.getByRole("button", { name: "Yes, I'll be a nudge buddy" }).click();
    await page.getByRole("heading", { name: "Verification Failed" }).waitFor();
    await undo();
  });
  await visit(walk, page, "verify-contact-none", () => page.goto("/verify-contact").then(() => undefined));
  await visit(walk, page, "verify-contact-failed", async () => {
    await page.goto("/verify-contact?code=00000000&contact_id=nobody");
    const button = page.getByRole("button").filter({ hasText: /nudge buddy/i });
    if (await button.count()) await button.first().click();
    await page.getByRole("heading", { name: "Verification Failed" }).waitFor();
  });
}

async function registration(walk: Walk) {
  const page = await newPage(walk);
  await visit(walk, page, "registered", async () => {
    await page.goto("/auth/register");
    await page.getByLabel("Name").fill("Olive Walk");
    await page.getByLabel("Email").fill(LONG_EMAIL("olive"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("checkbox", { name: /I agree to the/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/onboarding/);
  });
  await visit(walk, page, "onboarding-1", async () => undefined);
  await visit(walk, page, "onboarding-2", () => page.goto("/onboarding?step=2").then(() => undefined));
  await visit(walk, page, "onboarding-3", () => page.goto("/onboarding?step=3").then(() => undefined));
  await visit(walk, page, "onboarding-3-offline", async () => {
    const undo = await offline(page, "**/onboarding.data*");
    await page.getByLabel("Your reminder").fill("remind me to stretch in 2 hours");
    await page.getByRole("button", { name: "Create Reminder" }).click();
    await page.getByText("Failed to create reminder.").waitFor();
    await undo();
  });
  await visit(walk, page, "onboarding-4", () => page.goto("/onboarding?step=4").then(() => undefined));
  // Skipped (as the wizard's Skip does), the app's screens open; not verified, they say so.
  await page.goto("/onboarding?step=1");
  await page.getByRole("button", { name: "Skip" }).click();
  await page.waitForURL(/dashboard/);
  await visit(walk, page, "integrations-unverified", async () => {
    await page.goto("/integrations");
    // Pressed once hydrated, and the server's answer waited for: the walk's CI run at 153e001 harvested the page
    // before the answer was drawn once (the text was then "not shown"), and passed on its retry.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const toggle = page.locator("#telegram").getByRole("switch");
    await toggle.click({ force: true }).catch(() => undefined);
    await page.getByText("Email verification is required before linking Telegram account").first().waitFor();
  });
  await visit(walk, page, "dashboard-unverified", () => page.goto("/dashboard").then(() => undefined));
  await visit(walk, page, "task-creator-unverified", () => page.goto("/task-creator").then(() => undefined));
  await visit(walk, page, "verify-wrong-code", async () => {
    await page.goto("/auth/verify");
    await page.getByLabel(/code/i).first().fill("99999999");
    await page.getByRole("button", { name: "Verify", exact: true }).first().click();
    await page.getByRole("alert").first().waitFor();
  });
  await visit(walk, page, "verify-offline", async () => {
    const undo = await offline(page, "**/auth/verify.data*");
    await page.getByLabel(/code/i).first().fill("99999999");
    await page.getByRole("button", { name: "Verify", exact: true }).first().click();
    await page.getByText(/verification failed/i).first().waitFor();
    await page.getByRole("button", { name: /resend/i }).first().click();
    await page.getByText(/Failed to resend/).first().waitFor();
    await undo();
  });
}

async function signedIn(walk: Walk) {
  const page = await newPage(walk);
  const user = await signUp(page, { name: "Maya Walk", email: LONG_EMAIL("maya") });
  await visit(walk, page, "dashboard-empty", () => page.goto("/dashboard").then(() => undefined));
  await visit(walk, page, "header-in", async () => undefined);
  await visit(walk, page, "fab", async () => undefined);
  await visit(walk, page, "menu", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
  });
  await visit(walk, page, "feedback", async () => undefined);
  await page.keyboard.press("Escape");
  await visit(walk, page, "feedback-empty", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("button", { name: "Report a Bug" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/Description/).fill("   ");
    await dialog.getByRole("button", { name: "Send Bug Report" }).click();
    await dialog.getByText(/Please enter in the following required fields/).waitFor();
  });
  await visit(walk, page, "feedback-offline", async () => {
    const dialog = page.getByRole("dialog");
    const undo = await offline(page, "**/v1/feedback/tunnel*");
    await dialog.getByLabel(/Description/).fill("The page froze");
    await dialog.getByRole("button", { name: "Send Bug Report" }).click();
    await dialog.getByText(/Unable to send feedback/i).waitFor();
    await undo();
  });
  await visit(walk, page, "feedback-timeout", async () => {
    const dialog = page.getByRole("dialog");
    const release = await hold(page, "**/v1/feedback/tunnel*");
    await dialog.getByRole("button", { name: "Send Bug Report" }).click();
    await dialog.getByText(/Unable to determine/).waitFor({ timeout: 40_000 });
    await release();
  });
  await page.goto("/dashboard");

  await visit(walk, page, "task-creator", () => page.goto("/task-creator").then(() => undefined));
  await visit(walk, page, "task-creator-blank", async () => {
    await page.getByLabel("Task Title").fill("   ");
    await page.getByLabel("Due Date/Time").fill("");
    await page.getByRole("button", { name: "Create Task" }).click();
  });
  await visit(walk, page, "task-creator-offline", async () => {
    const undo = await offline(page, "**/task-creator.data*");
    await page.getByLabel("Task Title").fill("Water the plants");
    await page.getByLabel("Due Date/Time").fill(local(user, { days: 3 }).toFormat("yyyy-LL-dd'T'HH:mm"));
    await page.getByRole("button", { name: "Create Task" }).click();
    await page.getByRole("alert").filter({ hasText: /failed/i }).waitFor();
    await undo();
  });
  await visit(walk, page, "task-creator-busy", async () => {
    const release = await hold(page, "**/task-creator.data*");
    await page.getByRole("button", { name: "Create Task" }).click();
    await page.getByRole("button", { name: "Creating..." }).waitFor();
    await release();
  });
  await page.waitForURL(/dashboard/, { timeout: 8000 });
  await visit(walk, page, "task-creator-created", async () => {
    await page.goto("/task-creator");
    await page.getByLabel("Task Title").fill("Stretch");
    await page.getByLabel("Due Date/Time").fill(local(user, { days: 4 }).toFormat("yyyy-LL-dd'T'HH:mm"));
    await page.getByRole("button", { name: "Create Task" }).click();
    await page.getByText("Task created successfully!").waitFor();
    await page.waitForURL(/dashboard/, { timeout: 8000 });
  });

  await createTaskViaApi(page.request, user, "Pay the rent", local(user, { hours: -2 }));
  const done = await createTaskViaApi(page.request, user, "Book the dentist", local(user, { days: 5 }));
  const completed = await page.request.post(`/v1/tasks/${done.id}/done`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(completed.status(), await completed.text()).toBe(200);
  await visit(walk, page, "dashboard-tasks", () => page.goto("/dashboard").then(() => undefined));
  await visit(walk, page, "dashboard-delete", async () => {
    await page.getByRole("button", { name: /Delete "Water the plants"|Delete task/ }).first().click();
    await page.getByRole("dialog").waitFor();
  });
  await visit(walk, page, "dashboard-offline", async () => {
    const undo = await offline(page, "**/resources/tasks.data*");
    await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: /Failed/ }).waitFor();
    await undo();
  });
  await visit(walk, page, "reminders-active", async () => {
    await page.goto("/reminder-dialog");
  });

  await visit(walk, page, "settings", () => page.goto("/settings").then(() => undefined));
  await visit(walk, page, "settings-strategy-saved", async () => {
    const select = page.getByLabel("Select Default Strategy");
    const values = await select.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await select.selectOption(values[values.length - 1]!);
    await page.getByRole("button", { name: "Update Default Strategy" }).click();
    await page.getByText("Default escalation strategy updated successfully!").waitFor();
  });
  await visit(walk, page, "settings-strategy-offline", async () => {
    const undo = await offline(page, "**/resources/tasks.data*");
    const select = page.getByLabel("Select Default Strategy");
    const values = await select.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await select.selectOption(values[1]!);
    await page.getByRole("button", { name: "Update Default Strategy" }).click();
    await page.getByText(/Failed to update/).waitFor();
    await undo();
  });

  await visit(walk, page, "integrations", () => page.goto("/integrations").then(() => undefined));
  const calendar = page.locator("#calendar");
  await visit(walk, page, "calendar-off", async () => {
    await page.goto("/integrations");
    await calendar.locator("label.switch").click();
  });
  await visit(walk, page, "calendar-offline", async () => {
    const undo = await offline(page, "**/resources/calendar*");
    await calendar.getByRole("button", { name: "Enable Calendar Integration" }).click();
    await calendar.getByText(/Failed to enable/).waitFor();
    await undo();
  });
  await visit(walk, page, "calendar-busy", async () => {
    // Each press held until its busy label is up, then let go.
    for (const [press, busy, after] of [
      ["Enable Calendar Integration", "Enabling...", "Regenerate URL"],
      ["Regenerate URL", "Regenerating...", "Disable Integration"],
      ["Disable Integration", "Disabling...", "Enable Calendar Integration"],
    ] as const) {
      const release = await hold(page, "**/resources/calendar*");
      await pressWhenReady(calendar.getByRole("button", { name: press }));
      await calendar.getByRole("button", { name: busy }).waitFor();
      await release();
      await calendar.getByRole("button", { name: after }).waitFor();
    }
    await pressWhenReady(calendar.getByRole("button", { name: "Enable Calendar Integration" }));
    await calendar.getByRole("button", { name: "Regenerate URL" }).waitFor();
  });
  await visit(walk, page, "calendar-on", async () => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await calendar.getByRole("button", { name: "Copy" }).click();
    await calendar.getByRole("button", { name: "Copied!" }).waitFor();
    // 'Copied!' for 2 seconds, then Copy again.
    await calendar.getByRole("button", { name: "Copy" }).waitFor({ timeout: 4000 });
  });
  await visit(walk, page, "calendar-regenerated", async () => {
    await pressWhenReady(calendar.getByRole("button", { name: "Regenerate URL" }));
    await calendar.getByText(/regenerated/).waitFor();
  });
  await visit(walk, page, "calendar-offline", async () => {
    const undo = await offline(page, "**/resources/calendar*");
    await pressWhenReady(calendar.getByRole("button", { name: "Regenerate URL" }));
    await calendar.getByText(/Failed to regenerate/).waitFor();
    await pressWhenReady(calendar.getByRole("button", { name: "Disable Integration" }));
    await calendar.getByText(/Failed to disable/).waitFor();
    await undo();
  });

  const phone = page.locator("#phone");
  await visit(walk, page, "phone", async () => {
    await page.goto("/integrations");
    await phone.locator("label.switch").click();
  });
  await visit(walk, page, "phone-invalid", async () => {
    await phone.getByLabel("Phone number").fill("12345");
    await phone.getByRole("button", { name: "Add phone number" }).click();
    await phone.getByText(/^Phone number must/).waitFor();
  });
  await visit(walk, page, "phone-offline", async () => {
    const undo = await offline(page, "**/resources/phone*");
    await phone.getByLabel("Phone number").fill("521234567");
    await phone.getByRole("button", { name: "Add phone number" }).click();
    await phone.getByText(/Failed to add/).waitFor();
    await undo();
  });
  await visit(walk, page, "phone-wrong-code", async () => {
    await phone.getByLabel("Phone number").fill("521234567");
    await phone.getByRole("button", { name: "Add phone number" }).click();
    await phone.getByLabel("Code from the text message").fill("000000");
    await phone.getByRole("button", { name: "Verify" }).click();
    await phone.getByText(/^Invalid verification code/).waitFor();
  });
  await visit(walk, page, "phone-offline", async () => {
    const undo = await offline(page, "**/resources/phone*");
    await phone.getByLabel("Code from the text message").fill("000000");
    await phone.getByRole("button", { name: "Verify" }).click();
    await phone.getByText(/verification failed/).waitFor();
    for (const [name, failed] of [
      [/resend/i, /Failed to resend/],
      [/remove/i, /Failed to remove/],
    ] as const) {
      await phone.getByRole("button", { name }).first().click();
      await phone.getByText(failed).waitFor();
    }
    await undo();
  });

  const telegram = page.locator("#telegram");
  await visit(walk, page, "telegram-offline", async () => {
    await page.goto("/integrations");
    const undoPost = await offline(page, "**/integrations/telegram*");
    await telegram.locator("label.switch").click();
    await telegram.getByText(/Failed/).waitFor();
    await undoPost();
  });
  await visit(walk, page, "telegram", async () => {
    await page.goto("/integrations");
    await telegram.locator("label.switch").click();
    await telegram.getByRole("link", { name: "Open in Telegram" }).waitFor();
  });
  // Linked through the dev chat, then unlinking with the network cut.
  const start = new URL((await telegram.getByRole("link", { name: "Open in Telegram" }).getAttribute("href"))!).searchParams.get("start");
  const chat = await newPage(walk);
  await chat.goto(`/dev/telegram?chat=${400_000_000 + Math.floor(Math.random() * 10_000_000)}`);
  await chat.getByLabel("Message").fill(`/start ${start}`);
  await chat.getByRole("button", { name: "Send", exact: true }).click();
  await chat.locator(".dev-chat__bubble--bot").filter({ hasText: "is now linked" }).waitFor();
  await visit(walk, page, "telegram-offline", async () => {
    await page.goto("/integrations");
    await telegram.locator("label.switch").click();
    const undo = await offline(page, "**/integrations/telegram*");
    await telegram.getByRole("button", { name: "Yes, unlink" }).click();
    await telegram.getByText(/Failed/).waitFor();
    await undo();
  });

  await taskListOffline(walk, page, user);
}

/** The nudge buddies' screens, with a person of their own (no buddy yet). */
async function buddiesPart(walk: Walk) {
  const page = await newPage(walk);
  const user = await signUp(page, { name: "Bea Walk", email: LONG_EMAIL("bea") });
  await buddies(walk, page, user);
}

/** 'Failed to load tasks': the dashboard's next page cannot be fetched (22 tasks: two pages). */
async function taskListOffline(walk: Walk, page: Page, user: TaskUser) {
  for (let i = 0; i < 22; i++) await createTaskViaApi(page.request, user, `Load ${String(i + 1).padStart(2, "0")}`, local(user, { days: 6, minutes: i }));
  await visit(walk, page, "dashboard-offline", async () => {
    const undo = await offline(page, "**/resources/tasks*", "GET");
    await page.goto("/dashboard");
    await page.getByTestId("task-list-end").scrollIntoViewIfNeeded();
    await page.getByRole("alert").filter({ hasText: "Failed" }).waitFor();
    await undo();
  });
}

async function buddies(walk: Walk, page: Page, user: TaskUser) {
  await visit(walk, page, "buddies-empty", () => page.goto("/emergency-contacts").then(() => undefined));
  const addDialog = page.getByRole("dialog", { name: "Add Nudge Buddy" });
  const openAdd = async () => {
    await page.getByRole("button", { name: "Add Nudge Buddy" }).click();
    await addDialog.waitFor();
  };
  await visit(walk, page, "buddy-add", openAdd);
  await visit(walk, page, "buddy-add-telegram", () => addDialog.getByLabel("Contact Type").selectOption("telegram_contact").then(() => undefined));
  await visit(walk, page, "buddy-add-group", () => addDialog.getByLabel("Contact Type").selectOption("telegram_group").then(() => undefined));
  const cut = async (press: () => Promise<void>, screen: Screen = "buddy-offline") => {
    const undo = await offline(page, "**/emergency-contacts*");
    await press();
    await page.getByRole("alert").filter({ hasText: "Failed" }).first().waitFor();
    await undo();
    await record(walk, page, screen);
    await page.goto("/emergency-contacts");
  };
  await visit(walk, page, "buddy-offline", () =>
    cut(async () => {
      await addDialog.getByLabel("Name").fill("Family group");
      await addDialog.getByRole("button", { name: "Add Contact" }).click();
    }),
  );
  await visit(walk, page, "buddy-deeplink-group", async () => {
    await openAdd();
    await addDialog.getByLabel("Contact Type").selectOption("telegram_group");
    await addDialog.getByLabel("Name").fill("Family group");
    await addDialog.getByRole("button", { name: "Add Contact" }).click();
    const dialog = page.getByRole("dialog").last();
    await dialog.getByRole("button", { name: "Show QR for phone" }).click();
    await dialog.getByRole("button", { name: "Hide QR" }).waitFor();
  });
  await page.goto("/emergency-contacts");
  const card = (name: string) => page.locator(".buddy-card").filter({ hasText: name });
  const menu = async (name: string, item: string) => {
    await card(name).getByText("More").click();
    await card(name).getByRole("button", { name: item }).click();
  };
  await visit(walk, page, "buddy-deeplink-contact", async () => {
    await menu("Family group", "Delete");
    await page.getByRole("dialog", { name: "Delete Contact" }).getByRole("button", { name: "Delete" }).click();
    await openAdd();
    await addDialog.getByLabel("Name").fill("Kim");
    await addDialog.getByLabel("Contact Type").selectOption("telegram_contact");
    await addDialog.getByRole("button", { name: "Add Contact" }).click();
    await page.getByRole("dialog", { name: "Verify Kim in Telegram" }).waitFor();
  });
  await page.goto("/emergency-contacts");
  const samAddress = LONG_EMAIL("sam");
  await openAdd();
  await addDialog.getByLabel("Name").fill("Sam");
  await addDialog.getByLabel("Email Address").fill(samAddress);
  await addDialog.getByRole("button", { name: "Add Contact" }).click();
  await page.getByText("Contact #2").first().waitFor();
  await visit(walk, page, "buddies-two", () => page.goto("/emergency-contacts").then(() => undefined));
  await visit(walk, page, "buddy-menu", () => card("Sam").getByText("More").click());
  await visit(walk, page, "buddy-edit", async () => {
    await card("Sam").getByRole("button", { name: "Edit" }).click();
    await page.getByRole("dialog", { name: "Edit Nudge Buddy" }).waitFor();
  });
  await page.goto("/emergency-contacts");
  const verifyDialog = page.getByRole("dialog").filter({ hasText: "Enter the verification code sent to" });
  const openVerify = async () => {
    await menu("Sam", "Enter Code");
    await verifyDialog.waitFor();
  };
  await visit(walk, page, "buddy-verify", openVerify);
  await visit(walk, page, "buddy-verify-wrong", async () => {
    await verifyDialog.getByRole("textbox").fill("00000000");
    await verifyDialog.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("alert").first().waitFor();
  });
  await visit(walk, page, "buddy-verify-offline", async () => {
    await page.goto("/emergency-contacts");
    await openVerify();
    await cut(async () => {
      await verifyDialog.getByRole("textbox").fill("00000000");
      await verifyDialog.getByRole("button", { name: "Verify" }).click();
    }, "buddy-verify-offline");
  });
  // Each press of the page with the network cut says which press failed (spec 02 §8's fallbacks).
  await visit(walk, page, "buddy-offline", async () => {
    await cut(() => card("Sam").getByRole("button", { name: "Verify" }).click());
    await cut(() => card("Kim").getByRole("button", { name: "Get Link" }).click());
    await cut(async () => {
      await menu("Sam", "Edit");
      await page.getByRole("dialog", { name: "Edit Nudge Buddy" }).getByRole("button", { name: "Update Contact" }).click();
    });
    await cut(async () => {
      await menu("Kim", "Delete");
      await page.getByRole("dialog", { name: "Delete Contact" }).getByRole("button", { name: "Delete" }).click();
    });
  });
  await visit(walk, page, "buddy-delete", async () => {
    await menu("Sam", "Delete");
    await page.getByRole("dialog", { name: "Delete Contact" }).waitFor();
  });
  await page.keyboard.press("Escape");

  // The buddy's side, in a browser of their own: the verification link...
  const invitation = await waitForEmail(page.request, samAddress, "buddy");
  const buddyPage = await newPage(walk);
  await visit(walk, buddyPage, "verify-contact-done", async () => {
    const link = new URL(/https?:\/\/\S+\/verify-contact\S+/.exec(invitation.text)![0]);
    await buddyPage.goto(link.pathname + link.search);
    await buddyPage.getByRole("button", { name: "Yes, I'll be a nudge buddy" }).click();
    await buddyPage.getByRole("heading", { name: "Contact Verified!" }).waitFor();
  });
  await visit(walk, page, "buddies-verified", async () => {
    await page.goto("/emergency-contacts");
    await card("Sam").getByText("More").click();
  });
  await visit(walk, page, "buddy-offline", () => cut(() => card("Sam").getByRole("button", { name: "Opt Out" }).click()));
  // ...then a missed reminder's alert, and its unsubscribe link.
  const alert = await buddyAlert(page, user, samAddress);
  await visit(walk, buddyPage, "unsubscribe-done", async () => {
    const link = new URL(/https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(alert)![0]);
    await buddyPage.goto(link.pathname + link.search);
    await buddyPage.getByRole("button", { name: "Yes, unsubscribe me" }).click();
    await buddyPage.getByRole("heading", { name: "Successfully Unsubscribed" }).waitFor();
  });
}

/** A task on the urgent sequence, its steps sent now one by one from /dev/outbox until the buddy's alert arrives. */
async function buddyAlert(page: Page, user: TaskUser, address: string): Promise<string> {
  const title = `Water the ferns ${Date.now()}`;
  const created = await page.request.post("/v1/tasks", { data: { title, dueDate: new Date(Date.now() + 60_000).toISOString(), strategy: "urgent" }, headers: { Authorization: `Bearer ${user.token}` } });
  expect(created.status(), await created.text()).toBe(201);
  const alerts = async () => ((await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(address)}`)).json()) as Array<{ to: string; subject: string; text: string }>).filter((m) => m.to === address && m.subject.includes("may need a nudge"));
  await pressNextStepsUntil(page, user, title, async () => (await alerts()).length > 0);
  return (await alerts())[0]!.text;
}

async function verifyDone(walk: Walk) {
  const page = await newPage(walk);
  const user = await signUp(page, { name: "Vera Walk", email: LONG_EMAIL("vera"), verified: false });
  const message = await waitForEmail(page.request, user.email, "Verify your email");
  await visit(walk, page, "verify-done", async () => {
    await page.goto("/auth/verify");
    await page.getByLabel(/code/i).first().fill(codeFrom(message));
    await page.getByRole("button", { name: "Verify", exact: true }).first().click();
    await page.getByText("Continue to Dashboard").waitFor();
  });
  await visit(walk, page, "reminders-empty", () => page.goto("/reminder-dialog").then(() => undefined));
  await visit(walk, page, "task-creator-signed-out", async () => {
    await page.goto("/task-creator");
    await page.context().clearCookies();
    await page.getByLabel("Task Title").fill("Call mum");
    await page.getByRole("button", { name: "Create Task" }).click();
    await page.getByRole("alert").waitFor();
    // The header catches up as the page's data reloads (web-messages.spec.ts): the state as it settles.
    await page.getByRole("banner").getByRole("link", { name: "Login" }).waitFor();
  });
  // The Google callback's busy text: the spec's older link with a session pair, confirmed, its POST held.
  const googler = await newPage(walk);
  const { email } = await createAccount(googler.request, "Gil Google");
  const login = (await (await googler.request.post("/v1/auth/login", { data: { email, password: PASSWORD } })).json()) as { accessToken: string; refreshToken: string };
  await googler.context().clearCookies();
  await visit(walk, googler, "google-callback", async () => {
    await googler.goto(`/auth/google/callback?accessToken=${encodeURIComponent(login.accessToken)}&refreshToken=${encodeURIComponent(login.refreshToken)}`);
    const release = await hold(googler, "**/auth/google/callback*");
    await googler.getByRole("button", { name: /^Continue as/ }).click();
    await googler.getByText("Completing Google Sign-in...").first().waitFor();
    walk.seen.set("google-callback", await harvest(googler));
    await release();
  });
}

/** Layout only (no spec texts): the dev pages that play the other side of each channel. */
async function devPages(walk: Walk) {
  const page = await newPage(walk);
  for (const path of ["/dev/outbox", "/dev/telegram?chat=424242", "/dev/phone?number=%2B972521234567", "/dev/inbound-email"]) {
    await page.goto(path);
    if (walk.width === 360) walk.layout.push(...(await layoutProblems(page, path)));
  }
}

/** The deviations file, normalised, for "is this missing text recorded?". */
function deviations(): string {
  return normalise(readFileSync("docs/spec-deviations.md", "utf8"));
}

/** Each part of the walk (tests/conformance/walk-parts.ts) and how it is walked. */
const WALKS: Record<WalkPart, (walk: Walk, request: APIRequestContext) => Promise<void>> = {
  public: publicScreens,
  registration: (walk) => registration(walk),
  "signed-in": (walk) => signedIn(walk),
  buddies: (walk) => buddiesPart(walk),
  verify: (walk) => verifyDone(walk),
  dev: (walk) => devPages(walk),
};

test("every screen with spec texts belongs to exactly one part of the walk; texts no screen shows are recorded as deviations", () => {
  const owners = new Map<Screen, WalkPart[]>();
  for (const part of WALK_PARTS) for (const screen of PART_SCREENS[part]) owners.set(screen, [...(owners.get(screen) ?? []), part]);
  const screensWithTexts = [...new Set(SPEC_TEXTS.map((entry) => entry.screen))].filter((screen) => screen !== "unreachable");
  expect(screensWithTexts.filter((screen) => owners.get(screen)?.length !== 1), "screens in no part, or in several").toEqual([]);
  const recorded = deviations();
  const unreachable = SPEC_TEXTS.filter((entry) => entry.screen === "unreachable");
  expect(unreachable.filter((entry) => !contains(recorded, entry.text)).map((entry) => entry.text), "unreachable texts not in docs/spec-deviations.md").toEqual([]);
  console.log(`spec texts: ${SPEC_TEXTS.length}, of which ${unreachable.length} on no screen (recorded as deviations); the walk's parts judge the rest`);
});

for (const width of [360, 1280]) {
  for (const part of WALK_PARTS) {
    test(`conformance walk at ${width} px, ${part}: every spec text shown or recorded as a deviation`, async ({ browser, request }) => {
      test.setTimeout(300_000);
      const walk: Walk = { browser, width, seen: new Map(), layout: [], unreached: [], pages: [], errors: [] };
      await WALKS[part](walk, request);
      for (const p of walk.pages) await p.context().close();

      for (const screen of process.env.CONFORMANCE_DEBUG?.split(",") ?? []) if (walk.seen.has(screen as Screen)) console.log(`--- ${screen} ---\n${walk.seen.get(screen as Screen)}`);
      const recorded = deviations();
      const judged = SPEC_TEXTS.filter((entry) => PART_SCREENS[part].includes(entry.screen));
      const missing = judged.filter((entry) => !contains(walk.seen.get(entry.screen) ?? "", entry.text));
      const unrecorded = missing.filter((entry) => !contains(recorded, entry.text));
      console.log(`spec texts at ${width} px, ${part}: ${judged.length - missing.length} of ${judged.length} shown; ${missing.length - unrecorded.length} recorded as deviations`);
      for (const entry of missing) console.log(`  not shown (${entry.spec} ${entry.section}, ${entry.screen})${unrecorded.includes(entry) ? " UNRECORDED" : ""}: ${entry.text}`);

      for (const problem of walk.layout) console.log(`  layout at 360 px: ${problem}`);
      expect(walk.unreached, "states the walk could not reach").toEqual([]);
      expect(
        PART_SCREENS[part].filter((screen) => !walk.seen.has(screen)),
        "screens of this part (tests/conformance/walk-parts.ts) the walk did not visit",
      ).toEqual([]);
      expect(
        unrecorded.map((entry) => `${entry.spec} ${entry.section} [${entry.screen}]: ${entry.text}`),
        "spec texts neither shown nor recorded in docs/spec-deviations.md",
      ).toEqual([]);
      expect(walk.layout, "layout problems at 360 px").toEqual([]);
      const unexpected = walk.errors.filter((e) => !/Failed to load resource|net::ERR_FAILED|Sign-out failed|TypeError: Failed to fetch/.test(e));
      expect(unexpected, "console errors").toEqual([]);
    });
  }
}
