import { and, desc, eq } from "drizzle-orm";
import { auditEvents, caregiverCredentials, userProfiles } from "~/platform/db/schema";
import { addDays, CREDENTIAL_TIME_ZONE } from "~/features/credentials/credential-rules";
import { localDateIn } from "~/utils/datetime";
import { samplePdf } from "../fixtures/documents";
import { createOrderForAdmin } from "./care-order-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test, unique } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Credentials that expire (docs/product-rules.md, "Credentials that expire"): a caregiver whose CPR card has
// expired is told so before Accept, is refused the offer with the reason and the way to renew, renews with a new
// date and accepts (at 390 px); the same refusal in Spanish; an admin sees the count and its list, and verifies.

test.describe.configure({ timeout: TIMEOUTS.journey });

const CARD = { name: "cpr-card-renewed.pdf", mimeType: "application/pdf", buffer: samplePdf() };
const today = () => localDateIn(CREDENTIAL_TIME_ZONE);

test.describe("at 390 px", () => {
  test.use(MOBILE);

  test("an expired CPR card stops an offer with the reason; renewing lifts it at once and the offer is accepted", async ({
    page,
  }) => {
    const db = e2eDatabase();
    const order = await createOrderForAdmin({ lastName: unique("Cpr"), offer: true });
    const { caregiver } = order;
    await db
      .insert(caregiverCredentials)
      .values({ caregiverId: caregiver.id, kind: "cpr", expiresOn: addDays(today(), -3) });
    await signIn(page, caregiver.email);

    // Before Accept, the order names the expired card with the way to renew.
    await gotoHydrated(page, `/caregiver/orders/${order.orderId}`);
    const main = page.getByRole("main");
    const gate = main.getByRole("alert").filter({ hasText: "A required credential has expired" });
    await expect(gate.getByText(/CPR \/ first aid card: expired on/)).toBeVisible();
    await expect(gate.getByRole("link", { name: "Renew on Credentials" })).toHaveAttribute(
      "href",
      "/caregiver/credentials",
    );

    // Accept anyway: refused (409) with the reason, and the way to renew under it.
    const answer = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes(`/caregiver/orders/`),
    );
    await main.getByRole("button", { name: "Accept this job" }).click();
    expect((await answer).status()).toBe(409);
    await expect(main.getByText(/Your CPR \/ first aid card has expired\./)).toBeVisible();
    await main.getByRole("link", { name: "Renew on Credentials" }).last().click();

    // Renew: the card with its new date.
    await expect(page).toHaveURL(/\/caregiver\/credentials$/);
    await expect(page.getByRole("heading", { level: 1, name: "Credentials" })).toBeVisible();
    await expect(main.locator('[data-credential="cpr"]')).toContainText("Expired on");
    // A date already past is refused, nothing lost.
    await main.getByLabel("Credential", { exact: true }).selectOption("cpr");
    await main.getByLabel("Expiry date").fill(addDays(today(), -1));
    await main.getByLabel(/^Document/).setInputFiles(CARD);
    await main.getByRole("button", { name: "Save credential" }).click();
    await expect(main.getByText("This date has already passed.", { exact: false }).first()).toBeVisible();
    await main.getByLabel("Credential", { exact: true }).selectOption("cpr");
    await main.getByLabel("Expiry date").fill(addDays(today(), 365));
    await main.getByLabel(/^Document/).setInputFiles(CARD);
    await main.getByRole("button", { name: "Save credential" }).click();
    await expect(main.getByText(/saved, valid until/)).toBeVisible();
    await expect(main.locator('[data-credential="cpr"]')).toContainText("Valid until");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The gate is lifted at once: the offer is accepted.
    await gotoHydrated(page, `/caregiver/orders/${order.orderId}`);
    await expect(main.getByText("A required credential has expired")).toHaveCount(0);
    await main.getByRole("button", { name: "Accept this job" }).click();
    await expect(main.getByText("You accepted this job.", { exact: false })).toBeVisible();

    const [saved] = await db
      .select({ metadata: auditEvents.metadata })
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, caregiver.id), eq(auditEvents.eventType, "caregiver_credential_saved")))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(saved?.metadata).toMatchObject({ kind: "cpr", expiresOn: addDays(today(), 365) });
  });
});

test("in Spanish, an expired TB test refuses the offer with its name and the way to renew", async ({ page }) => {
  const db = e2eDatabase();
  const order = await createOrderForAdmin({ lastName: unique("Tb"), offer: true, caregiver: { firstName: "Lucía" } });
  const { caregiver } = order;
  await db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, caregiver.id));
  await db
    .insert(caregiverCredentials)
    .values({ caregiverId: caregiver.id, kind: "tb_test", expiresOn: addDays(today(), -1) });
  await signIn(page, caregiver.email);

  await gotoHydrated(page, `/caregiver/orders/${order.orderId}`);
  const main = page.getByRole("main");
  await expect(main.getByText("Una credencial obligatoria está vencida", { exact: false })).toBeVisible();
  await main.getByRole("button", { name: "Aceptar este trabajo" }).click();
  await expect(main.getByText(/Su examen de tuberculosis está vencido\./)).toBeVisible();
  await main.getByRole("link", { name: "Renovar en Credenciales" }).last().click();
  await expect(page.getByRole("heading", { level: 1, name: "Credenciales" })).toBeVisible();
  await expect(main.locator('[data-credential="tb_test"]')).toContainText("Venció el");
  await expect(main.getByLabel("Fecha de vencimiento")).toBeVisible();
});

test("an admin sees the count of credentials expiring, opens the same rows and marks one verified", async ({
  page,
}) => {
  const db = e2eDatabase();
  const order = await createOrderForAdmin({ lastName: unique("Soon"), caregiver: { firstName: "Marta" } });
  const name = `Marta ${order.caregiver.lastName}`;
  await db
    .insert(caregiverCredentials)
    .values({ caregiverId: order.caregiver.id, kind: "licence", expiresOn: addDays(today(), 12) });
  await loginAs(page, "admin");

  await gotoHydrated(page, "/admin");
  const count = page.locator('[data-attention="credentials"]');
  await expect(count).toContainText("Credentials expired or expiring in 30 days");
  const shown = Number(await count.getAttribute("data-count"));
  expect(shown).toBeGreaterThanOrEqual(1);
  await count.click();

  await expect(page).toHaveURL(/\/admin\/credentials$/);
  await expect(page.getByRole("heading", { level: 1, name: "Expiring credentials" })).toBeVisible();
  const rows = page.locator("[data-credential-rows] > li");
  await expect(rows).toHaveCount(shown);
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText("Licence (CNA, HHA)");
  await expect(row).toContainText("Expiring");
  await row.getByRole("button", { name: `Mark Licence (CNA, HHA) of ${name} verified` }).click();
  await expect(page.getByText("Credential marked verified.")).toBeVisible();
  await expect(rows.filter({ hasText: name })).toContainText("Verified");
  const [verified] = await db
    .select({ metadata: auditEvents.metadata })
    .from(auditEvents)
    .where(eq(auditEvents.eventType, "caregiver_credential_verified"))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  expect(verified?.metadata).toMatchObject({ caregiverId: order.caregiver.id, kind: "licence" });

  // The caregiver's own page shows each credential and their upcoming time off.
  await rows.filter({ hasText: name }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const section = page.getByRole("region", { name: "Credentials and time off" });
  await expect(section.getByRole("listitem").filter({ hasText: "Licence (CNA, HHA)" })).toContainText(
    "Expiring · Valid until",
  );
  await expect(section.getByRole("listitem").filter({ hasText: "Licence (CNA, HHA)" })).toContainText("Verified");
  await expect(section.getByRole("listitem").filter({ hasText: "CPR / first aid card" })).toContainText("None on file");
  await expect(section.getByText("No upcoming time off.")).toBeVisible();
  await section.screenshot({ path: "/tmp/shots-family/admin-caregiver-credentials-1280.png" });
});
