import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { createCaregiver } from "~/platform/db/seed/factories.server";
import { acceptBackupOffer, getBackupOffer } from "~/features/visits/backup-offers.server";
import { sweepVisits } from "~/features/visits/visit-alerts.server";
import { ALL_WEEK, bookedOneVisit, caregiverIn, startedAgo } from "./booked-visit-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// A visit nobody checked in to (docs/product-rules.md, "Visits"): it started
// 31 minutes ago, the sweep offers it to a free backup caregiver, who opens
// the emailed link on a phone and accepts; the family's order page then says
// who took it. Each test has its own family and caregivers, in a city where
// no demo caregiver works, so that its backups are the ones offered.

test.describe.configure({ timeout: TIMEOUTS.journey });

const main = (page: Page) => page.getByRole("main");

/** Screenshots for review when SHOTS_DIR is set (npm run test:e2e with SHOTS_DIR=/tmp/shots-alerts). */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, name), fullPage: true });
}

type OutboxEntry = { to: string; subject: string; text: string };

/** The newest email to `address` whose subject starts with `prefix`, waiting for the server's runner to send it. */
async function emailTo(address: string, prefix: string): Promise<OutboxEntry> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".json"));
        const entries = await Promise.all(
          files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), "utf8")) as OutboxEntry),
        );
        found = entries.find((entry) => entry.to === address && entry.subject.startsWith(prefix));
        return found !== undefined;
      },
      { message: `"${prefix}…" to ${address}`, timeout: TIMEOUTS.background },
    )
    .toBe(true);
  return found!;
}

/** A late visit in `zip` (a city per test, so that each test's backups are the ones offered). */
async function lateVisit(tag: string, zip: string) {
  const booked = await bookedOneVisit({
    zip,
    date: format(addDays(new Date(), 21), "yyyy-MM-dd"),
    startTime: "10:00",
    endTime: "12:00",
    family: `Late${tag}`,
    main: `Main${tag}`,
    address: { streetAddress: "1420 5th Ave", phoneNumber: "(206) 555-0177" },
  });
  const backup = await caregiverIn(zip, "Sam", `Backup${tag}`);
  // The visit, moved to have started 31 minutes ago.
  const visit = await startedAgo(booked.visit.id, 31, 2);
  return { client: booked.client, caregiver: booked.caregiver, backup, orderId: booked.orderId, visitId: visit.id };
}

test.describe("a backup caregiver covers a late visit", () => {
  test.use(MOBILE);

  test("offered by email at 30 minutes, accepted on a phone, and the family sees who took it", async ({
    page,
    browser,
  }) => {
    const { client, backup, orderId, visitId } = await lateVisit(String(Date.now()), "98101");
    // The sweep, as the job runs it every minute (the server's own run may come first: either way once).
    await sweepVisits();

    // The email links to the backup page.
    const email = await emailTo(backup.email, "A family near Seattle, WA 98101 needs a caregiver on");
    const link = email.text.match(/https?:\/\/\S+\/caregiver\/visits\/[0-9a-f-]+\/backup/)?.[0];
    expect(link, "backup link").toBeDefined();
    expect(new URL(link!).pathname).toBe(`/caregiver/visits/${visitId}/backup`);
    // The family and the admins were alerted at 15 minutes.
    await emailTo(client.email, "Jordan M. has not checked in yet");

    await signIn(page, backup.email);
    await gotoHydrated(page, new URL(link!).pathname);
    await expect(main(page).getByRole("heading", { level: 1, name: "Can you cover this visit?" })).toBeVisible();
    await expect(main(page).getByText("Near 98101, Seattle, WA")).toBeVisible();
    await expect(main(page).getByText(/for this visit$/)).toBeVisible();
    // No street address before taking it.
    await expect(main(page)).not.toContainText("1420 5th Ave");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, "backup-offer-390.png");
    await main(page).getByRole("button", { name: "Accept this visit" }).click();
    await expect(main(page).getByRole("heading", { level: 1, name: "You are covering this visit" })).toBeVisible();
    await expect(main(page).getByText("1420 5th Ave, Seattle, WA 98101")).toBeVisible();
    await shot(page, "backup-taken-390.png");

    // The family learns who is coming: by email and on the order page.
    await emailTo(client.email, `Sam B. is coming for your visit on`);
    const family = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.251.7.9" } });
    const familyPage = await family.newPage();
    await signIn(familyPage, client.email);
    await gotoHydrated(familyPage, `/dashboard/appointments/order/${orderId}`);
    await expect(main(familyPage).getByText("Sam B. took this visit as backup caregiver")).toBeVisible();
    await family.close();
  });

  test("a second caregiver opening the link after it was taken is told so", async ({ page }) => {
    // Both backups exist before the visit is late: the server's own sweep may offer it any minute.
    const second = await createCaregiver(e2eDatabase(), {
      firstName: "Lee",
      lastName: `Second${Date.now()}`,
      zipCode: "97201",
      services: ["personal-care"],
      languages: ["en"],
      availability: ALL_WEEK,
    });
    const { backup, visitId } = await lateVisit(`x${Date.now()}`, "97201");
    await sweepVisits();
    await signIn(page, second.email);
    await gotoHydrated(page, `/caregiver/visits/${visitId}/backup`);
    await expect(main(page).getByRole("button", { name: "Accept this visit" })).toBeVisible();
    // Meanwhile the first backup takes it (their own session, same visit).
    const actor = { id: backup.id, roles: ["caregiver" as const] };
    await acceptBackupOffer({ actor, offerId: (await getBackupOffer({ actor, visitId })).offerId });
    await main(page).getByRole("button", { name: "Accept this visit" }).click();
    await expect(main(page).getByRole("alert")).toHaveText("Another caregiver has already taken this visit.");
    await expect(main(page).getByRole("button", { name: "Accept this visit" })).toHaveCount(0);
  });
});

test("the backup page at desktop width", async ({ page }) => {
  const { backup, visitId } = await lateVisit(`d${Date.now()}`, "80202");
  await sweepVisits();
  await signIn(page, backup.email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, `/caregiver/visits/${visitId}/backup`);
  await expect(main(page).getByRole("heading", { level: 1, name: "Can you cover this visit?" })).toBeVisible();
  await shot(page, "backup-offer-1280.png");
  await gotoHydrated(page, `/caregiver/visits/${visitId}/backup?lang=es`);
  await expect(main(page).getByRole("heading", { level: 1, name: "¿Puede cubrir esta visita?" })).toBeVisible();
  await shot(page, "backup-offer-es-1280.png");
});
