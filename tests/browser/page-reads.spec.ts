import { expect, test } from "./fixtures";
import { signUp } from "./tasks-helpers";

/**
 * Issue 8: a signed-in page reads the person once. The session's profile, the header's onboarding
 * state, the guard and the rows that show the person's own fields (Telegram, phone, calendar) all come
 * from that one read; the page's `Server-Timing` says how many D1 queries it ran.
 */
const queries = (serverTiming: string | undefined) => Number(/d1;dur=[\d.]+;desc="(\d+) queries"/.exec(serverTiming ?? "")?.[1] ?? NaN);
const roundTrips = (serverTiming: string | undefined) => Number(/d1-round-trips;desc="(\d+)"/.exec(serverTiming ?? "")?.[1] ?? NaN);

test.describe("what a signed-in page reads", () => {
  // Each page reads the person and its own data (tasks, buddies, quiet hours, devices) at the same
  // time: on Cloudflare every D1 wait one after another is a network round trip to the database.
  test("every signed-in page waits for D1 once", async ({ page }) => {
    await signUp(page);
    const pages: [path: string, queries: number][] = [
      ["/dashboard", 2],
      ["/dashboard?page=2", 2],
      ["/integrations", 2],
      // The quiet hours and the STOP mark come from the person's row; their devices and buddies who said
      // yes (what "For you right now" needs) are read alongside it.
      ["/settings", 3],
      ["/emergency-contacts", 2],
      ["/task-creator", 1],
      ["/reminder-dialog", 3],
      ["/resources/tasks?page=2&after=", 2],
      ["/onboarding?step=2", 3],
      ["/support", 1],
    ];
    for (const [path, expected] of pages) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      const timing = response.headers()["server-timing"];
      expect({ path, queries: queries(timing), roundTrips: roundTrips(timing) }).toEqual({ path, queries: expected, roundTrips: 1 });
    }
  });

  test("Reminder Channels: the person once and their devices, with every row as the person stands", async ({ page }) => {
    const user = await signUp(page);
    const response = await page.goto("/integrations");
    expect(queries(response?.headers()["server-timing"])).toBe(2);
    // The rows come from the one read: Telegram not linked, no verified phone, the feed off.
    await expect(page.getByText("A gentle ping in Telegram when a reminder is due", { exact: false })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Telegram reminders" }).or(page.getByRole("checkbox", { name: "Telegram reminders" }))).not.toBeChecked();
    await expect(page.locator("#calendar-url")).toHaveCount(0);

    // The feed on: the row's URL is the one the profile's token makes, after a fresh page load too.
    const on = await page.request.post(`/v1/users/${user.id}/ics-token`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(on.status(), await on.text()).toBe(200);
    const { url } = (await on.json()) as { url: string };
    const again = await page.goto("/integrations");
    expect(queries(again?.headers()["server-timing"])).toBe(2);
    await expect(page.locator("#calendar-url")).toHaveValue(url);
  });

  test("the wizard: the person once, their reminders and their buddies", async ({ page }) => {
    await signUp(page, { onboarding: "keep" });
    const response = await page.goto("/onboarding?step=2");
    expect(queries(response?.headers()["server-timing"])).toBe(3);
    await expect(page.getByText("A gentle ping in Telegram when a reminder is due", { exact: false })).toBeVisible();
  });
});
