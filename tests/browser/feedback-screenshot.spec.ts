import { CHROMIUM_PATH, CHROMIUM_QUIET_ARGS } from "../../scripts/chromium.mjs";
import { createAccount, signIn, uniqueEmail } from "./auth-helpers";
import { openWidget } from "./feedback-helpers";
import { expect, test } from "./fixtures";

// The widget's screenshot editor needs screen capture (getDisplayMedia, desktop and secure context
// only). Headless Chromium grants the capture of this tab without a picker with this flag.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_QUIET_ARGS, "--auto-accept-this-tab-capture"] } });

// Chromium reports our Permissions-Policy (camera=()) when a tab captures itself; the capture works.
const CAPTURE_POLICY_NOTE = "Permissions policy violation: camera is not allowed in this document.";

test("the screenshot editor: highlight and hide rectangles (at least 1 px each way), each removable; the report carries screenshot.png", async ({ page, request, consoleErrors }) => {
  const email = uniqueEmail("bug-editor");
  await createAccount(request, "Editor User", email);
  await signIn(page, email);
  const dialog = await openWidget(page, "Editor User");
  await dialog.getByRole("button", { name: "Add a screenshot" }).click();
  await expect(dialog.getByRole("button", { name: "Remove screenshot" })).toBeVisible();
  const surface = page.locator(".editor__canvas-container > div");
  const box = (await surface.boundingBox())!;
  const drag = async (from: [number, number], to: [number, number]) => {
    await page.mouse.move(box.x + from[0], box.y + from[1]);
    await page.mouse.down();
    await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 4 });
    await page.mouse.up();
  };
  const rects = page.locator(".editor__rect");

  // Highlight is the tool in hand when the editor opens (pressing it again would put it down).
  await expect(dialog.getByRole("button", { name: "Highlight" })).toHaveClass(/editor__tool--active/);
  await drag([40, 40], [200, 120]);
  await expect(rects).toHaveCount(1);
  // A click without a drag (0 px) and a line 0 px tall draw nothing.
  await drag([300, 60], [300, 60]);
  await drag([300, 200], [420, 200]);
  await expect(rects).toHaveCount(1);

  await dialog.getByRole("button", { name: "Hide" }).click();
  await drag([250, 250], [400, 330]);
  await expect(rects).toHaveCount(2);
  await page.screenshot({ path: "test-results/screenshots/bug-report-editor-desktop.png" });

  await rects.first().hover();
  await rects.first().getByRole("button", { name: "Remove" }).click();
  await expect(rects).toHaveCount(1);

  const message = `Editor report ${Date.now()}`;
  await dialog.getByLabel(/Description/).fill(message);
  const sent = page.waitForResponse((response) => response.url().endsWith("/v1/feedback/tunnel"));
  await dialog.getByRole("button", { name: "Send Bug Report" }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText("Thank you for your report!")).toBeVisible();

  await page.goto("/dev/bug-reports");
  const report = page.getByTestId("bug-report").filter({ hasText: message });
  const image = report.getByRole("img");
  await expect(image).toBeVisible();
  const png = await request.get((await image.getAttribute("src"))!);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect([...(await png.body()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

  const index = consoleErrors.indexOf(CAPTURE_POLICY_NOTE);
  if (index >= 0) consoleErrors.splice(index, 1);
});
