import { expect, test } from "./fixtures";

test("the dev outbox shows each message newest first, with clickable links and the email as it looks", async ({ page, request }) => {
  const stamp = Date.now();
  const older = `outbox-older-${stamp}@example.com`;
  const newer = `outbox-newer-${stamp}@example.com`;
  // Registering sends the verification email: a real message from a real flow.
  for (const email of [older, newer]) {
    const response = await request.post("/v1/users", {
      data: { name: "Outbox Reader", email, password: "Calm-Reader-42", timezone: "UTC", consent: true },
    });
    expect(response.status()).toBe(201);
  }

  const json = await (await request.get("/dev/outbox.json")).json();
  const recipients = (json as Array<{ to: string }>).map((m) => m.to);
  expect(recipients.indexOf(newer)).toBeGreaterThanOrEqual(0);
  expect(recipients.indexOf(newer)).toBeLessThan(recipients.indexOf(older));

  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Dev outbox" })).toBeVisible();
  const items = page.getByTestId("outbox-message");
  const newerItem = items.filter({ hasText: newer });
  const olderItem = items.filter({ hasText: older });
  await expect(newerItem).toHaveCount(1);
  const order = await items.evaluateAll((nodes, [a, b]) => {
    const texts = nodes.map((n) => n.textContent ?? "");
    return [texts.findIndex((t) => t.includes(a!)), texts.findIndex((t) => t.includes(b!))];
  }, [newer, older]);
  expect(order[0]).toBeLessThan(order[1]!);

  await expect(newerItem.getByRole("heading", { name: "Verify your email for Nudge" })).toBeVisible();
  const link = newerItem.locator(".outbox-item__text a").first();
  await expect(link).toHaveAttribute("href", /^http:\/\/localhost:\d+\/auth\//);

  await olderItem.getByText("Show the email as it looks").click();
  const frame = olderItem.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name: "Verify your email" })).toBeVisible();

  await link.click();
  await expect(page).toHaveURL(/\/auth\//);
});
