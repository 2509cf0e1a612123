import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Opens Report a Bug from the account menu and checks the name is filled in; returns the dialog. */
export async function openWidget(page: Page, name: string) {
  await page.getByRole("button", { name: new RegExp(`account menu`, "i") }).click();
  await page.getByRole("button", { name: "Report a Bug" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Report a Bug" })).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveValue(name);
  return dialog;
}
