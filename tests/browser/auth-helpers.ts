import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Shared steps of the auth-*.spec.ts browser tests: a user reads their mail in the dev outbox. */

export const PASSWORD = "Calm-Otter-42";

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

interface OutboxMessage {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

/** Waits for the newest email to `to` whose subject contains `subject` (after `notBefore` ids). */
export async function waitForEmail(
  request: APIRequestContext,
  to: string,
  subject: string,
  options: { excludeIds?: string[] } = {},
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as OutboxMessage[];
        found = messages.find(
          (m) => m.channel === "email" && m.to === to && (m.subject ?? "").includes(subject) && !options.excludeIds?.includes(m.id),
        );
        return Boolean(found);
      },
      { timeout: 15_000, message: `an email "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

export function codeFrom(message: OutboxMessage): string {
  const match = message.text.match(/Your code: (\S+)/);
  if (!match?.[1]) throw new Error(`No code in: ${message.text}`);
  return match[1];
}

/** The first link in the email whose path is `path`, made relative to the test server. */
export function linkFrom(message: OutboxMessage, path: string): string {
  for (const match of message.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return `${url.pathname}${url.search}`;
  }
  throw new Error(`No ${path} link in: ${message.text}`);
}

/** Creates an account through the API (no browser session), for tests that then sign in. */
/**
 * Registers through the API. Onboarding is skipped (as the wizard's Skip does) unless `onboarding`
 * is "keep": an account that is not verified and has no Telegram would otherwise be sent to the
 * wizard from every app screen (spec 01's navigation guard), which is not what most tests are about.
 */
export async function createAccount(request: APIRequestContext, name: string, email = uniqueEmail("user"), timezone = "UTC", options: { onboarding?: "skip" | "keep" } = {}) {
  const response = await request.post("/v1/users", { data: { name, email, password: PASSWORD, timezone, consent: true } });
  expect(response.status(), await response.text()).toBe(201);
  if (options.onboarding !== "keep") await skipOnboardingFor(request, ((await response.json()) as { accessToken: string }).accessToken);
  return { name, email, password: PASSWORD };
}

/** POST /v1/users/me/onboarding/skip: what the wizard's Skip does, for one day. */
export async function skipOnboardingFor(request: APIRequestContext, accessToken: string) {
  const skipped = await request.post("/v1/users/me/onboarding/skip", { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(skipped.status(), await skipped.text()).toBe(200);
}

/** Signs in through the login screen and waits for the dashboard (or `expectPath`). */
export async function signIn(page: Page, email: string, password = PASSWORD, expectPath: RegExp = /\/dashboard$/) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(expectPath);
}

/** Registers through the register screen; ends on the onboarding wizard (Reminder Channels sends a new account there). */
export async function registerThroughUi(page: Page, name: string, email: string, password = PASSWORD) {
  await page.goto("/auth/register");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/onboarding\?registered=1$/);
}

export async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return {
    access: cookies.find((c) => c.name === "accessToken"),
    refresh: cookies.find((c) => c.name === "refreshToken"),
  };
}
