import { gotoHydrated } from "./chrome-helpers";
import { expiredDocumentLink, submitCaregiverApplication } from "./caregiver-helpers";
import { latestEmail } from "./password-reset-helpers";
import { expect, loginAs, test } from "./fixtures";

// Issue 6: an administrator reviews a new caregiver application, opens its
// documents through personal, expiring links, sets the background check and
// approves; the caregiver then reaches the caregiver area.

test("an admin reviews a new application, views its documents through signed links and approves it", async ({
  page,
  browser,
}) => {
  test.slow();
  const caregiverContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.251.0.1" } });
  const applicant = await submitCaregiverApplication(caregiverContext.request, {
    firstName: "Grace",
    lastName: "Okoye",
  });

  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/caregivers");
  await expect(page.getByRole("heading", { level: 1, name: "Caregivers" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pending", exact: true })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Search by name, email, city or ZIP").fill(applicant.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "Pending caregivers (1)" })).toBeVisible();
  await page.getByRole("link", { name: "Grace Okoye" }).click();

  // Every answer.
  await expect(page.getByRole("heading", { level: 1, name: "Grace Okoye" })).toBeVisible();
  await expect(page.getByText("Status: Pending review")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByText(`${applicant.email} (verified)`)).toBeVisible();
  await expect(main.getByText("Wednesday: Afternoon (12 - 5 pm)")).toBeVisible();
  await expect(main.getByText("Former employer · dana.hill@example.test")).toBeVisible();
  await expect(main.getByText("Three years of companionship care for older adults.")).toBeVisible();

  // Documents: the admin's own link works; it refuses anyone else and stops working after expiry.
  const href = (await main.getByRole("link", { name: "state-id.pdf" }).getAttribute("href"))!;
  const viewed = await page.request.get(href);
  expect(viewed.status()).toBe(200);
  expect(viewed.headers()["content-type"]).toBe("application/pdf");
  const adminId = new URL(href, "http://x").searchParams.get("viewer")!;
  expect((await page.request.get(await expiredDocumentLink(href, adminId))).status()).toBe(410);
  // Ten seconds short of the hour: still open, whatever the request's own delay on a loaded machine.
  expect((await page.request.get(await expiredDocumentLink(href, adminId, 3590))).status()).toBe(200);
  expect((await caregiverContext.request.get(href)).status()).toBe(403);
  const clientContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.251.0.2" } });
  await loginAs({ request: clientContext.request }, "client");
  expect((await clientContext.request.get(href)).status()).toBe(403);
  // The review page itself is for administrators only.
  const detailPath = new URL(page.url()).pathname;
  const asClient = await clientContext.request.get(detailPath, { maxRedirects: 0 });
  expect(asClient.headers().location).toBe("/dashboard");
  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(href)).status()).toBe(403);
  expect((await anonymous.request.get(href.replace(/signature=[^&]+/, "signature=forged"))).status()).toBe(403);

  // Approval needs a clear background check.
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Approval needs a clear background check.", { exact: true })).toBeVisible();
  await page.getByLabel("Set the status").selectOption("clear");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Background check status saved.")).toBeVisible();
  await expect(page.getByText(/Status: Clear · set by .+ on /)).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Caregiver approved. We emailed them.")).toBeVisible();
  await expect(page.getByText("Status: Approved")).toBeVisible();
  await latestEmail(applicant.email, "Welcome to Tendly: your application is approved");

  // The caregiver now reaches the caregiver area.
  const caregiverPage = await caregiverContext.newPage();
  const response = await caregiverPage.goto("/caregiver");
  expect(response?.status()).toBe(200);
  await expect(caregiverPage.getByRole("heading", { name: "Your application is pending review" })).toHaveCount(0);
  await expect(caregiverPage.getByRole("navigation", { name: "Caregiver menu" })).toBeVisible();

  // Suspension and reinstatement, each with its email.
  await page.getByLabel(/^Reason/).fill("Missed two visits without notice");
  await page.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText("Caregiver suspended. We emailed them.")).toBeVisible();
  await latestEmail(applicant.email, "Your Tendly caregiver account is suspended");
  await caregiverPage.reload();
  await expect(caregiverPage.getByRole("heading", { level: 1, name: "Account Suspended" })).toBeVisible();
  await page.getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByText("Caregiver reinstated. We emailed them.")).toBeVisible();
  await latestEmail(applicant.email, "Your Tendly caregiver account is active again");

  await Promise.all([caregiverContext.close(), clientContext.close(), anonymous.close()]);
});

test("reference notes are kept per reference; a rejection needs a reason and is emailed", async ({ page, browser }) => {
  test.slow();
  const caregiverContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.251.0.3" } });
  const applicant = await submitCaregiverApplication(caregiverContext.request, { firstName: "Ravi", lastName: "Shah" });
  await loginAs(page, "admin");
  await gotoHydrated(page, `/admin/caregivers?q=${encodeURIComponent(applicant.email)}`);
  await page.getByRole("link", { name: "Ravi Shah" }).click();

  // Notes are kept per reference and survive a reload.
  const references = page.getByRole("region", { name: "References" });
  const notes = [
    ["Dana Hill", "Phoned twice, no answer."],
    ["Sam Ortiz", "Email bounced."],
  ] as const;
  for (const [name, text] of notes) {
    await references.getByLabel(`Notes on ${name}`).fill(text);
    await references
      .getByRole("listitem")
      .filter({ hasText: name })
      .getByRole("button", { name: "Save notes" })
      .click();
    await expect(page.getByText(`Notes on ${name} saved.`)).toBeVisible();
  }
  await page.reload();
  for (const [name, text] of notes) await expect(references.getByLabel(`Notes on ${name}`)).toHaveValue(text);
  await expect(references.getByLabel("Notes on Sam Ortiz")).toHaveAccessibleDescription(/^Saved by .+ on /);

  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Please give a reason; the caregiver receives it by email.")).toBeVisible();
  await page.getByLabel(/^Reason/).fill("We could not reach either reference.");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Application rejected. We emailed the caregiver.")).toBeVisible();
  const email = await latestEmail(applicant.email, "Your Tendly caregiver application");
  expect(email.text).toContain("Reason: We could not reach either reference.");
  await gotoHydrated(page, "/admin/caregivers?status=rejected");
  await expect(page.getByRole("link", { name: "Ravi Shah" })).toBeVisible();
  await caregiverContext.close();
});
