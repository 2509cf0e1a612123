import type { Page } from "@playwright/test";
import { waitForEmail } from "./auth-helpers";
import { layoutProblems } from "./conformance-harvest";
import { expect, test } from "./fixtures";
import { createTaskViaApi, fireCron, local, signUp } from "./tasks-helpers";

/**
 * The longest values the API accepts, with no space to wrap at: a 100-character name, a long work
 * address, a 200-character title that is mostly a pasted link, a buddy with a long name and address.
 * Every signed-in screen that shows them, the link pages of the first reminder and the public pages
 * must keep everything inside its box (conformance-harvest's layout check) on a 360 px phone and at
 * 320 px, WCAG's reflow width (1280 px zoomed to 400%). Session 33 found the buddy card, the snooze
 * page and the link pages scrolling sideways (a grid's auto column takes the width of its longest
 * word), and at 320 px the task forms, the Reminder Channels rows, the break's buttons and the home
 * page's button.
 */
const NAME = `Maximiliana-Konstantina ${"Wolfeschlegelsteinhausenbergerdorff".repeat(2)}`.slice(0, 100);
const TITLE = `Read https://example.com/a/very/long/link/that/keeps/going/without/any/spaces/at/all/for/quite/a/while/index.html and ${"Supercalifragilisticexpialidocious".repeat(2)}`.slice(0, 200);

for (const [width, height] of [
  [360, 780],
  [320, 640],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });
    test("the longest names, addresses and titles stay inside their boxes", async ({ page }) => {
      await longValuesStayInside(page, width);
    });
  });
}

async function longValuesStayInside(page: Page, width: number) {
  test.setTimeout(180_000);
  const user = await signUp(page, { name: NAME, email: `maximiliana.konstantina.wolfeschlegelstein${Date.now()}@example.com` });
  const later = await createTaskViaApi(page.request, user, TITLE, local(user, { days: 2 }));
  await createTaskViaApi(page.request, user, TITLE, local(user, { hours: -1 }));
  const buddy = await page.request.post("/v1/emergency-contacts", {
    data: { name: `Bartholomew-Alexandros ${"Papadopoulosandersonmacintosh".repeat(2)}`, type: "email", order: 1, contact: `bartholomew.alexandros.papadopoulos${Date.now()}@example.com` },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(buddy.status(), await buddy.text()).toBe(201);

  const problems: string[] = [];
  // The overdue one's first reminder: its links open the public pages that name the task.
  await fireCron(page.request);
  const reminder = await waitForEmail(page.request, user.email, "Reminder:");
  const links = [...new Set([...reminder.text.matchAll(/https?:\/\/\S+?(\/(?:r|move|delete)\/[^\s)]+)/g)].map((m) => m[1]!))];
  expect(links.length, reminder.text).toBeGreaterThanOrEqual(3);
  const pages = [...links, "/", "/auth/login", "/auth/register", "/support", "/dashboard", `/tasks/${later.id}/edit`, `/tasks/${later.id}/snooze`, "/reminder-dialog", "/emergency-contacts", "/integrations", "/settings", "/menu", "/task-creator", "/onboarding"];
  for (const path of pages) {
    await page.goto(path);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle").catch(() => undefined);
    problems.push(...(await layoutProblems(page, path)));
    const name = path.replace(/\/[0-9a-f-]{36}|\/[A-Za-z0-9_-]{40,}/, "").replace(/\W+/g, "-");
    await page.screenshot({ path: `test-results/screenshots/long-values/${width}${name}.png`, fullPage: true });
  }
  // The values are on the screens that should show them, so the check above looked at them.
  await page.goto("/emergency-contacts");
  await expect(page.getByRole("heading", { name: /Bartholomew-Alexandros/ })).toBeVisible();
  await page.goto(`/tasks/${later.id}/snooze`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Supercalifragilistic");
  expect(problems).toEqual([]);
}
