import { expect, test } from "./fixtures";
import { local, signUp } from "./tasks-helpers";

/**
 * A change of time zone on Settings (series/follow-zone.ts): a repeating reminder stays at its time of
 * day on the new clock; a one-off keeps its moment, so its card shows the new clock's time for it.
 */
test("after moving from New York to Paris, 'every day at 9' is still at 9:00 AM; a one-off keeps its moment", async ({ page }) => {
  const user = await signUp(page, { timezone: "America/New_York" });
  const day = local(user, { days: 2 }).startOf("day");
  const create = (title: string, at: typeof day, recurrence: unknown) =>
    page.request.post("/v1/tasks", {
      data: { title, dueDate: at.toUTC().toISO(), recurrence },
      headers: { Authorization: `Bearer ${user.token}` },
    });
  expect((await create("Take pills", day.set({ hour: 9 }), { freq: "daily" })).status()).toBe(201);
  expect((await create("Dentist", day.set({ hour: 15 }), null)).status()).toBe(201);
  const card = (title: string) => page.locator("article.task-card").filter({ hasText: title });

  await page.goto("/dashboard");
  await expect(card("Take pills")).toContainText("9:00 AM");
  await expect(card("Dentist")).toContainText("3:00 PM");

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Timezone" });
  await expect(section).toContainText("When you change it, repeating reminders stay at the same time of day (9:00 stays 9:00), and one-off reminders keep their moment.");
  await page.getByRole("combobox", { name: "Timezone" }).selectOption("Europe/Paris");
  await section.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Timezone saved. Reminders now follow Europe/Paris time.")).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: "test-results/screenshots/settings-zone-change-phone.png" });

  await page.goto("/dashboard");
  await expect(card("Take pills")).toContainText("9:00 AM");
  // 15:00 in New York is 21:00 in Paris.
  await expect(card("Dentist")).toContainText("9:00 PM");
});
