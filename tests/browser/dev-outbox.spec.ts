import { expect, test } from "./fixtures";

test("the dev outbox page lists messages newest first with clickable links", async ({ page, request }) => {
  const response = await request.get("/dev/outbox.json");
  expect(response.status()).toBe(200);
  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Dev outbox" })).toBeVisible();
  await expect(page.getByRole("link", { name: "/dev/outbox.json" })).toBeVisible();
});
