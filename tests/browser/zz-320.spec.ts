import { waitForEmail } from "./auth-helpers";
import { layoutProblems } from "./conformance-harvest";
import { expect, test } from "./fixtures";
import { createTaskViaApi, fireCron, local, signUp } from "./tasks-helpers";

/**
 * The longest values the API accepts, with no space to wrap at, on a 360 px phone: a 100-character
 * name, a long work address, a 200-character title that is mostly a pasted link, a buddy with a long
 * name and address. Every signed-in screen that shows them must keep them inside their boxes
 * (conformance-harvest's layout check), and so must the link pages of its first reminder. Session 33
 * found the buddy card, the snooze page and the link pages scrolling sideways: a grid's auto column
 * takes the width of its longest word.
 */
test.use({ viewport: { width: 320, height: 640 } });

const NAME = `Maximiliana-Konstantina ${"Wolfeschlegelsteinhausenbergerdorff".repeat(2)}`.slice(0, 100);
const TITLE = `Read https://example.com/a/very/long/link/that/keeps/going/without/any/spaces/at/all/for/quite/a/while/index.html and ${"Supercalifragilisticexpialidocious".repeat(2)}`.slice(0, 200);

test("the longest names, addresses and titles stay inside their boxes on a phone", async ({ page }) => {
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
  const pages = [...links, "/", "/auth/login", "/auth/register", "/auth/forgot-password", "/support", "/dashboard", `/tasks/${later.id}/edit`, `/tasks/${later.id}/snooze`, "/reminder-dialog", "/emergency-contacts", "/integrations", "/settings", "/menu", "/task-creator", "/onboarding"];
  for (const path of pages) {
    await page.goto(path);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle").catch(() => undefined);
    problems.push(...(await layoutProblems(page, path)));
    const name = path.replace(/\/[0-9a-f-]{36}|\/[A-Za-z0-9_-]{40,}/, "").replace(/\W+/g, "-");
    await page.screenshot({ path: `test-results/screenshots/w320${name}.png`, fullPage: true });
  }
  // The values are on the screens that should show them, so the check above looked at them.
  await page.goto("/emergency-contacts");
  await expect(page.getByRole("heading", { name: /Bartholomew-Alexandros/ })).toBeVisible();
  await page.goto(`/tasks/${later.id}/snooze`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Supercalifragilistic");
  expect(problems).toEqual([]);
});
