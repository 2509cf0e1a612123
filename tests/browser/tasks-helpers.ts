import type { APIRequestContext, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { codeFrom, PASSWORD, skipOnboardingFor, uniqueEmail, waitForEmail } from "./auth-helpers";
import { expect } from "./fixtures";

/**
 * Shared steps of the tasks-*.spec.ts browser tests. A user registers through POST /v1/users with
 * the page's own request context (so the session cookies land in the browser), reads the code in
 * the dev outbox and verifies it; tasks are made through POST /v1/tasks with the Bearer token.
 */

export interface TaskUser {
  id: string;
  email: string;
  name: string;
  token: string;
  timezone: string;
}

/** A new account through the API, verified unless told otherwise; onboarding skipped unless `onboarding: "keep"` (see createAccount). */
export async function signUp(page: Page, options: { verified?: boolean; timezone?: string; name?: string; email?: string; onboarding?: "skip" | "keep" } = {}): Promise<TaskUser> {
  const timezone = options.timezone ?? "America/New_York";
  const name = options.name ?? "Robin Tasks";
  const email = options.email ?? uniqueEmail("tasks");
  const response = await page.request.post("/v1/users", { data: { name, email, password: PASSWORD, timezone, consent: true } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { accessToken: string; user: { id: string } };
  const user = { id: body.user.id, email, name, token: body.accessToken, timezone };
  if (options.verified ?? true) {
    const message = await waitForEmail(page.request, email, "Verify your email");
    const verify = await page.request.post("/v1/auth/otp/verify", {
      data: { userId: user.id, otp: codeFrom(message) },
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(verify.status(), await verify.text()).toBe(200);
    expect(await verify.json()).toBe(true);
  }
  if (options.onboarding !== "keep") await skipOnboardingFor(page.request, user.token);
  return user;
}

export interface CreatedTask {
  id: string;
  title: string;
  dueDate: string;
  status: string;
}

export async function createTaskViaApi(request: APIRequestContext, user: TaskUser, title: string, due: DateTime | string): Promise<CreatedTask> {
  const dueDate = typeof due === "string" ? due : (due.toUTC().toISO() ?? "");
  const response = await request.post("/v1/tasks", { data: { title, dueDate }, headers: { Authorization: `Bearer ${user.token}` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedTask;
}

/** Now on the user's clock, shifted: local(user, { days: 1 }) is this time tomorrow in their zone. */
export function local(user: TaskUser, shift: Record<string, number> = {}): DateTime {
  return DateTime.now().setZone(user.timezone).plus(shift);
}

/**
 * "h:mm a" of every minute from `since` to now, shifted, as one pattern: an answer given at 2:57:59 says
 * "until 5:57 PM", and a check that reads the clock at 2:58:00 must take that as well as 5:58 PM. Take
 * `since` (local(user)) just before the action whose time the page shows.
 */
export function shiftedMinutes(user: TaskUser, since: DateTime, shift: Record<string, number>): string {
  const times = new Set<string>();
  for (let at = since.startOf("minute"); at <= local(user); at = at.plus({ minutes: 1 })) times.add(at.plus(shift).toFormat("h:mm a"));
  return `(?:${[...times].join("|")})`;
}

/** A datetime-local value ("2026-03-02T09:00") on the user's clock. */
export function inputValue(at: DateTime): string {
  return at.toFormat("yyyy-LL-dd'T'HH:mm");
}

/** Fires the one-minute cron once, as Cloudflare would (wrangler dev --test-scheduled). */
export async function fireCron(request: APIRequestContext) {
  const response = await request.get("/__scheduled?cron=*+*+*+*+*");
  expect(response.status()).toBeLessThan(400);
}

/** Waits until the engine has held the task's reminders (quiet hours or a break): the consumer runs after the cron's tick. */
export async function waitUntilHeld(request: APIRequestContext, user: TaskUser, title: string) {
  const auth = { Authorization: `Bearer ${user.token}` };
  await expect
    .poll(async () => {
      const list = (await (await request.get("/v1/tasks", { headers: auth })).json()) as { tasks: Array<{ title: string; quietHeldUntil?: string }> };
      return list.tasks.find((t) => t.title === title)?.quietHeldUntil ?? null;
    })
    .not.toBeNull();
}

/** The card of a task on the dashboard, by its title. */
export function card(page: Page, title: string) {
  return page.locator("article.task-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/**
 * Fast-forwards a task's reminder chain from /dev/outbox as a person would ("Make it due now" for a task
 * not due yet, then "Send next step now") until `arrived()` is true, or fails after `deadlineMs`. The page is filtered to the task's owner
 * (`?to=`): unfiltered it lists the ten soonest chains of everyone, and a suite's other tests leave
 * enough waiting chains to push this one off it (that happened once in CI, at ac6a850). A press makes
 * the next waiting step due and runs a tick; the step then goes out through the local queue, and only
 * once it is sent is the following step waiting, so the row is pressed only when it is there, and
 * the wait is bounded by time, not by a number of presses.
 */
export async function pressNextStepsUntil(page: Page, owner: { email: string }, title: string, arrived: () => Promise<boolean>, deadlineMs = 60_000) {
  const deadline = Date.now() + deadlineMs;
  const outbox = `/dev/outbox?${new URLSearchParams({ to: owner.email })}`;
  await page.goto(outbox);
  while (!(await arrived())) {
    if (Date.now() > deadline) throw new Error(`Fast-forwarding "${title}" for ${deadlineMs / 1000} s did not bring what was awaited`);
    const row = page.locator(".outbox-chains__item").filter({ hasText: title });
    if ((await row.count()) > 0) {
      const exactly = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      await row.getByRole("button", { name: new RegExp(`^(Make it due now|Send the next step now): ${exactly}$`) }).click();
      await page.waitForURL((url) => url.pathname === "/dev/outbox" && url.searchParams.get("to") === owner.email);
    } else {
      await page.waitForTimeout(500);
      await page.goto(outbox);
    }
  }
}
