import type { Browser, Page } from "@playwright/test";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { samplePdf } from "../fixtures/documents";
import { expectAccessible } from "./accessibility";
import { confirmedOrderForAdmin } from "./care-order-helpers";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { expect, MOBILE, signIn, test, unique } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Care documents end to end (docs/product-rules.md, "Care documents"): a family uploads a care plan (its
// progress shown), shares it with the caregiver of its confirmed order; the caregiver opens it from the order's
// page; the family sees the read in its log; once the order ends the caregiver can no longer open it, not even
// by the link it was given.

test.describe.configure({ timeout: TIMEOUTS.journey });

const SHOTS = "/tmp/shots-documents";
const DESKTOP = { viewport: { width: 1280, height: 900 } };

async function signedIn(browser: Browser, email: string, address: string, options: object) {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { "X-Forwarded-For": address } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

const main = (page: Page) => page.getByRole("main");

test("a family shares a care plan with its caregiver, who reads it until the order ends and not after", async ({
  browser,
}) => {
  const order = await confirmedOrderForAdmin(unique("Docs"));
  const family = await signedIn(browser, order.client.email, "10.252.1.1", DESKTOP);
  await gotoHydrated(family, "/dashboard/documents");
  await expect(main(family).getByRole("heading", { level: 1, name: "Care documents" })).toBeVisible();
  await expect(main(family).getByText("No documents yet.")).toBeVisible();
  await expect(main(family).getByText("No one else has opened your documents yet.")).toBeVisible();
  await expectAccessible(family);
  await family.screenshot({ path: `${SHOTS}/empty-1280.png`, fullPage: true });

  // A disguised file is refused by its content, and nothing is stored.
  const upload = main(family).getByRole("region", { name: "Add a document" });
  await upload.getByLabel("Title").fill("Fake plan");
  await upload.getByLabel("File").setInputFiles({
    name: "plan.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("MZ this is a program"),
  });
  await upload.getByRole("button", { name: "Upload the document" }).click();
  await expect(upload.getByText("This file is not a PDF or a photo")).toBeVisible();

  // The upload shows its progress: held at the network until it has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await family.route("**/dashboard/documents/upload", async (route) => {
    await held;
    await route.continue();
  });
  await upload.getByLabel("Title").fill("Ruth's care plan");
  await upload.getByLabel("Tasks for the caregiver (optional)").fill("Insulin before lunch\nShort walk after lunch");
  await upload
    .getByLabel("File")
    .setInputFiles({ name: "care-plan.pdf", mimeType: "application/pdf", buffer: samplePdf() });
  await upload.getByRole("button", { name: "Upload the document" }).click();
  await expect(upload.getByRole("status").filter({ hasText: /Uploading: \d+%|Checking the file/ })).toBeVisible();
  await expect(upload.getByRole("button", { name: "Uploading…" })).toBeDisabled();
  await family.screenshot({ path: `${SHOTS}/uploading-1280.png`, fullPage: true });
  release();
  await expect(upload.getByText("Document uploaded: Ruth's care plan.")).toBeVisible();
  await family.unroute("**/dashboard/documents/upload");

  const documents = main(family).getByRole("region", { name: "Your documents", exact: true });
  await expect(documents.getByRole("heading", { name: "Ruth's care plan" })).toBeVisible();
  await expect(documents.getByText("Short walk after lunch")).toBeVisible();
  await expect(documents.getByRole("heading", { name: "Fake plan" })).toHaveCount(0);

  // Shared with the order's caregiver.
  await documents.getByRole("button", { name: new RegExp(`^Share Ruth's care plan · .*${order.orderNumber}`) }).click();
  await expect(
    documents.getByRole("button", { name: new RegExp(`^Stop sharing Ruth's care plan · .*${order.orderNumber}`) }),
  ).toBeEnabled();
  await reloadHydrated(family);
  await expect(documents.getByText("Shared", { exact: true })).toBeVisible();
  await family.screenshot({ path: `${SHOTS}/documents-1280.png`, fullPage: true });

  // The caregiver, on a phone, opens it from the order's page.
  const caregiver = await signedIn(browser, order.caregiver.email, "10.252.1.2", MOBILE);
  await gotoHydrated(caregiver, `/caregiver/orders/${order.orderId}`);
  const shared = main(caregiver).getByRole("region", { name: "Documents from the family" });
  const link = shared.getByRole("link", { name: /Ruth's care plan/ });
  await expect(link).toBeVisible();
  await expect(shared.getByText("Insulin before lunch")).toBeVisible();
  await caregiver.screenshot({ path: `${SHOTS}/caregiver-order-390.png`, fullPage: true });
  const href = (await link.getAttribute("href"))!;
  const read = await caregiver.request.get(href);
  expect(read.status()).toBe(200);
  expect(read.headers()["content-type"]).toBe("application/pdf");

  // Another family, with the caregiver's link, is refused.
  const stranger = await signedIn(
    browser,
    (await confirmedOrderForAdmin(unique("Other"))).client.email,
    "10.252.1.3",
    DESKTOP,
  );
  expect((await stranger.request.get(href)).status()).toBe(403);
  await stranger.context().close();

  // The family sees the read.
  await reloadHydrated(family);
  const log = main(family).getByRole("region", { name: "Who read your documents" });
  await expect(log.getByText(new RegExp(`caregiver · order ${order.orderNumber}`))).toBeVisible();
  await expect(log.getByText("Ruth's care plan", { exact: true })).toBeVisible();
  await expect(documents.getByText(new RegExp(`caregiver · order ${order.orderNumber}`))).toBeVisible();
  await log.scrollIntoViewIfNeeded();
  await family.screenshot({ path: `${SHOTS}/read-log-1280.png`, fullPage: true });

  // The order ends: the caregiver's page no longer lists it, and the old link is refused.
  await cancelOrder({ actor: { ...order.client, roles: ["client"] }, orderId: order.orderId, reason: "Plans changed" });
  expect((await caregiver.request.get(href)).status()).toBe(403);
  await reloadHydrated(caregiver);
  await expect(main(caregiver).getByRole("region", { name: "Documents from the family" })).toHaveCount(0);
  // Nor can it be shared again with the ended order: the family's page no longer offers it.
  await reloadHydrated(family);
  await expect(documents.getByRole("button", { name: /^Share / })).toHaveCount(0);
  await caregiver.context().close();
  await family.context().close();
});

test("without JavaScript a family uploads, shares and deletes a document; the read log keeps the deleted one", async ({
  browser,
}) => {
  const order = await confirmedOrderForAdmin(unique("NoJs"));
  const family = await signedIn(browser, order.client.email, "10.252.2.1", { ...DESKTOP, javaScriptEnabled: false });
  await family.goto("/dashboard/documents");
  const upload = main(family).getByRole("region", { name: "Add a document" });
  await upload.getByLabel("Kind of document").selectOption("medication_list");
  await upload.getByLabel("Title").fill("Dad's medications");
  await upload.getByLabel("File").setInputFiles({ name: "meds.pdf", mimeType: "application/pdf", buffer: samplePdf() });
  await upload.getByRole("button", { name: "Upload the document" }).click();
  await expect(upload.getByText("Document uploaded: Dad's medications.")).toBeVisible();
  const documents = main(family).getByRole("region", { name: "Your documents", exact: true });
  await expect(documents.getByRole("heading", { name: "Dad's medications" })).toBeVisible();
  await expect(documents.getByText("Medication list", { exact: true })).toBeVisible();

  await documents.getByRole("button", { name: /^Share Dad's medications/ }).click();
  await expect(documents.getByRole("button", { name: /^Stop sharing Dad's medications/ })).toBeVisible();

  // The caregiver reads it once, then the family deletes it.
  const caregiver = await signedIn(browser, order.caregiver.email, "10.252.2.2", DESKTOP);
  await gotoHydrated(caregiver, `/caregiver/orders/${order.orderId}`);
  const href = (await main(caregiver)
    .getByRole("link", { name: /Dad's medications/ })
    .getAttribute("href"))!;
  expect((await caregiver.request.get(href)).status()).toBe(200);

  await family.goto("/dashboard/documents");
  await documents.locator("summary", { hasText: "Delete" }).click();
  await documents.getByRole("button", { name: "Delete for good" }).click();
  await expect(main(family).getByText("No documents yet.")).toBeVisible();
  const log = main(family).getByRole("region", { name: "Who read your documents" });
  await expect(log.getByText("Dad's medications (deleted)")).toBeVisible();
  // Its file is gone: the caregiver's link finds nothing.
  expect((await caregiver.request.get(href)).status()).toBe(404);
  await caregiver.context().close();
  await family.context().close();
});
