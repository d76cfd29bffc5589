import { mkdirSync, readFileSync } from "node:fs";
import { auditEvents, supportTickets } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, test, unique } from "./fixtures";

// Admin lists that scale (docs/product-rules.md, "Admin lists" and "Audit log"): a list pages, sorts and searches
// on the server, the URL holds the view so a link opens it again; the audit log viewer filters by action and
// person and downloads the same filter as CSV. Screenshots at 1280 and 390 px.

const SHOTS = "/tmp/shots-admin-lists";
mkdirSync(SHOTS, { recursive: true });

test("an admin pages, sorts and searches the support inbox; the same URL opens the same view", async ({
  page,
  browser,
}) => {
  const marker = unique("Pager");
  await e2eDatabase()
    .insert(supportTickets)
    .values(
      Array.from({ length: 30 }, (_, index) => ({
        name: `${marker} ${String(index).padStart(2, "0")}`,
        email: `pager${index}@example.test`,
        topic: "general",
        message: `Question ${index} about ${marker}`,
        createdAt: new Date(Date.now() - index * 60_000),
      })),
    );
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/support");
  await page.getByLabel("Search messages").fill(marker);
  await page.getByLabel("Search messages").press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  const pages = page.getByRole("navigation", { name: "Pages of support messages" }).first();
  await expect(pages).toContainText("Showing 1–20 of 30");
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(marker) }).first()).toContainText(`${marker} 00`);

  // Page 2 by keyboard.
  await pages.getByRole("link", { name: "Next" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/page=2/);
  await expect(pages).toContainText("Showing 21–30 of 30");
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(marker) }).first()).toContainText(`${marker} 20`);

  // Sorting goes back to page 1.
  await page.getByRole("navigation", { name: "Sort support messages" }).getByRole("link", { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page).not.toHaveURL(/page=2/);
  await page.getByRole("navigation", { name: "Sort support messages" }).getByRole("link", { name: /^Name/ }).click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(marker) }).first()).toContainText(`${marker} 29`);
  await page.screenshot({ path: `${SHOTS}/support-1280.png`, fullPage: true });

  // The same URL in a new page shows the same view.
  const again = await browser.newPage({ storageState: await page.context().storageState() });
  await gotoHydrated(again, page.url());
  await expect(again.getByRole("navigation", { name: "Pages of support messages" }).first()).toContainText(
    "Showing 1–20 of 30",
  );
  await expect(again.getByRole("heading", { level: 3, name: new RegExp(marker) }).first()).toContainText(
    `${marker} 29`,
  );
  await expect(again.getByLabel("Search messages")).toHaveValue(marker);
  await again.close();
});

test("an admin filters the audit log by action and person and downloads the same filter", async ({ page }) => {
  const lastName = unique("Audited");
  const db = e2eDatabase();
  const person = await createUser(db, { roles: ["admin"], firstName: "Aurora", lastName });
  await db.insert(auditEvents).values([
    ...Array.from({ length: 3 }, (_, index) => ({
      userId: person.id,
      eventType: "pricing_updated",
      category: "admin",
      metadata: { change: index },
      createdAt: new Date(Date.now() - index * 60_000),
    })),
    { userId: person.id, eventType: "promo_code_created", category: "admin", metadata: { code: "SPRING" } },
  ]);
  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Person").fill(`Aurora ${lastName}`);
  await page.getByLabel("Action").selectOption({ label: "Prices changed" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/type=pricing_updated/);
  await expect(page.getByRole("navigation", { name: "Pages of events" }).first()).toContainText("Showing 1–3 of 3");
  await expect(page.getByRole("heading", { level: 3, name: "Prices changed" })).toHaveCount(3);
  await expect(page.getByRole("link", { name: `Aurora ${lastName} (${person.email})` }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/audit-1280.png`, fullPage: true });

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tendly-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).every((line) => line.includes("pricing_updated") && line.includes(`Aurora ${lastName}`))).toBe(
    true,
  );
  // A second list with its pager, for the record.
  await gotoHydrated(page, "/admin/users?perPage=5&sort=email&dir=asc");
  await expect(page.getByRole("columnheader", { name: /Email/ })).toHaveAttribute("aria-sort", "ascending");
  await page.screenshot({ path: `${SHOTS}/users-1280.png`, fullPage: true });
  // From a person to their events.
  await gotoHydrated(page, `/admin/users?q=${encodeURIComponent(person.email)}`);
  await page.getByRole("link", { name: `Audit log of ${person.email}` }).click();
  await expect(page).toHaveURL(new RegExp(`user=${person.id}`));
  await expect(page.getByRole("navigation", { name: "Pages of events" }).first()).toContainText("Showing 1–4 of 4");
});

test("the audit log and the lists work at 390 px", async ({ browser }) => {
  const context = await browser.newContext(MOBILE);
  const page = await context.newPage();
  await loginAs(page, "admin");
  for (const [path, name] of [
    ["/admin/audit", "audit"],
    ["/admin/support?perPage=5", "support"],
    ["/admin/users?perPage=5", "users"],
  ] as const) {
    await gotoHydrated(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  }
  await gotoHydrated(page, "/admin/users?perPage=5");
  await expect(page.getByRole("navigation", { name: "Pages of users" }).first()).toContainText(/Showing 1–5 of/);
  await expect(page.getByLabel("Role")).toHaveValue("");
  await expect(page.getByRole("navigation", { name: "Sort users" })).toBeVisible();
  await context.close();
});
