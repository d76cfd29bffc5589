import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { expect, loginAs, MOBILE, test } from "./fixtures";

// /admin/settings, "Care delivery": admins set the visit thresholds
// (care_settings); a backup offer before the late alert is refused, a good
// value is saved and stays. The values go back to the defaults at the end,
// for the other tests on this server.

const main = (page: Page) => page.getByRole("main");

/** The section's screenshot for review when SHOTS_DIR is set (the admin area scrolls inside its layout). */
async function shot(section: Locator, name: string) {
  if (process.env.SHOTS_DIR) await section.screenshot({ path: path.join(process.env.SHOTS_DIR, name) });
}

test("an admin changes the late-cancellation hours; a backup offer before the late alert is refused", async ({
  page,
}) => {
  await loginAs(page, "admin");
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/admin/settings");
  const section = main(page).getByRole("region", { name: "Care delivery" });
  const lateAlert = section.getByLabel("Late alert after the start (minutes)");
  const backup = section.getByLabel("Offer to backup caregivers after the start (minutes)");
  const lateCancel = section.getByLabel("A caregiver's cancellation is late within (hours)");
  await expect(lateAlert).toHaveValue("15");
  await expect(backup).toHaveValue("30");
  await expect(lateCancel).toHaveValue("24");

  await backup.fill("10");
  await section.getByRole("button", { name: "Save care settings" }).click();
  await expect(
    section.getByText("Offer to backup caregivers at the same time as the late alert or later, not before."),
  ).toBeVisible();
  await expect(backup).toHaveAttribute("aria-invalid", "true");
  await shot(section, "admin-care-settings-error-1280.png");
  await reloadHydrated(page);
  await expect(backup).toHaveValue("30");

  await lateCancel.fill("12");
  await section.getByRole("button", { name: "Save care settings" }).click();
  await expect(section.getByText("Care settings saved.")).toBeVisible();
  await reloadHydrated(page);
  await expect(lateCancel).toHaveValue("12");
  await expect(section.getByText(/^Last saved /)).toBeVisible();
  await shot(section, "admin-care-settings-1280.png");

  await lateCancel.fill("24");
  await section.getByRole("button", { name: "Save care settings" }).click();
  await expect(section.getByText("Care settings saved.")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use(MOBILE);

  test("the care settings form fits 390 px and reads in Spanish", async ({ page }) => {
    await loginAs(page, "admin");
    await gotoHydrated(page, "/admin/settings?lang=es");
    const section = main(page).getByRole("region", { name: "Atención a domicilio" });
    await expect(section.getByLabel("Aviso de retraso después del inicio (minutos)")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await section.getByLabel("Aviso de retraso después del inicio (minutos)").fill("0");
    await section.getByRole("button", { name: "Guardar los ajustes de atención" }).click();
    await expect(section.getByText("Escriba un número entero de minutos entre 1 y 240.")).toBeVisible();
    await shot(section, "admin-care-settings-es-390.png");
  });
});
