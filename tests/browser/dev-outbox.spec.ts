import { expect, screenshotBoth, test } from "./fixtures";
import { createTaskViaApi, local, signUp } from "./tasks-helpers";

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

test("the dev outbox filters to one address: its messages only, a plain empty state, and back to everything", async ({ page, request }) => {
  const stamp = Date.now();
  const mine = `outbox-mine-${stamp}@example.com`;
  const other = `outbox-other-${stamp}@example.com`;
  for (const email of [mine, other]) {
    const response = await request.post("/v1/users", { data: { name: "Outbox Filter", email, password: "Calm-Reader-42", timezone: "UTC", consent: true } });
    expect(response.status()).toBe(201);
  }

  await page.goto("/dev/outbox");
  const filter = page.getByRole("search", { name: "Filter the outbox" });
  await filter.getByLabel("Only messages to").fill(mine);
  await filter.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(`/dev/outbox?to=${encodeURIComponent(mine)}`);
  const items = page.getByTestId("outbox-message");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(mine);
  await expect(page.getByText(`Messages to ${mine}, and the reminder chains of the person with that email.`)).toBeVisible();
  await expect(page.getByText(`No reminder of ${mine} is waiting for its next step.`, { exact: false })).toBeVisible();
  await expect(filter.getByLabel("Only messages to")).toHaveValue(mine);

  await page.goto(`/dev/outbox?to=${encodeURIComponent(`nobody-${stamp}@example.com`)}`);
  await expect(page.getByRole("heading", { name: `No message to nobody-${stamp}@example.com` })).toBeVisible();

  await page.getByRole("link", { name: "Show everything" }).click();
  await expect(page).toHaveURL(/\/dev\/outbox$/);
  await expect(page.getByTestId("outbox-message").filter({ hasText: other })).toHaveCount(1);
  await expect(page.getByTestId("outbox-message").filter({ hasText: mine })).toHaveCount(1);
});

test("a person's reminder chains on the filtered outbox: the 10 due soonest, and it says so", async ({ page }) => {
  const user = await signUp(page);
  for (let i = 0; i < 11; i++) await createTaskViaApi(page.request, user, `Chain ${String(i + 1).padStart(2, "0")}`, local(user, { days: 2, minutes: i }));
  await page.goto(`/dev/outbox?${new URLSearchParams({ to: user.email })}`);
  const rows = page.locator(".outbox-chains__item");
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText("Chain 01");
  await expect(rows.last()).toContainText("Chain 10");
  await expect(page.getByText("The 10 due soonest.", { exact: true })).toBeVisible();
  await screenshotBoth(page, "dev-outbox-filtered", `/dev/outbox?${new URLSearchParams({ to: user.email })}`);
});

test("a reminder not due yet is made due now from the outbox: its first step goes out, and Active Reminders lists it", async ({ page }) => {
  const user = await signUp(page);
  await createTaskViaApi(page.request, user, "Post the letter", local(user, { days: 1 }));
  await page.goto(`/dev/outbox?${new URLSearchParams({ to: user.email })}`);
  const row = page.locator(".outbox-chains__item").filter({ hasText: "Post the letter" });
  await expect(row.getByRole("button", { name: "Send the next step now: Post the letter" })).toHaveCount(0);
  await row.getByRole("button", { name: "Make it due now: Post the letter" }).click();
  await expect(page).toHaveURL(/\/dev\/outbox\?to=/);
  // The first step arrives saying it is due now (the time of the press), not tomorrow.
  await expect
    .poll(async () => {
      await page.reload();
      return page.locator(".outbox-item").filter({ hasText: '"Post the letter" was due at' }).count();
    }, { timeout: 20_000 })
    .toBeGreaterThan(0);
  await page.goto("/reminder-dialog");
  await expect(page.getByRole("list", { name: "Active reminders" })).toContainText("Post the letter");
  await page.goto("/dashboard");
  await expect(page.locator("article.task-card").filter({ hasText: "Post the letter" })).toContainText("Due Today");
});
