import type { Page } from "@playwright/test";
import { samplePdf } from "../fixtures/documents";
import { fillCaregiverApplication, finishCaregiverApplication } from "./caregiver-helpers";
import { gotoHydrated, reloadHydrated } from "./chrome-helpers";
import { expect, loginAs, MOBILE, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// One file chosen is one document stored (docs/product-rules.md, "Caregiver application and vetting"):
// choosing a file sends it, and pressing the visible Upload button afterwards, a double send or a
// retry of the same file never stores it a second time, for the applicant or the admin.

test.describe.configure({ timeout: TIMEOUTS.journey });

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const CERTIFICATE = { name: "cpr-card.pdf", mimeType: "application/pdf", buffer: samplePdf() };

const isUpload = (response: { request: () => { method: () => string }; url: () => string }) =>
  response.request().method() === "POST" && response.url().includes("/register/caregiver/documents");

/** Waits for an upload's answer, or gives up after `ms` when none is sent. */
/**
 * What the Upload button does once pressed: it opens the file chooser when the form was emptied after
 * the file was stored, or sends the file again. Either is waited for; the other never comes.
 */
const uploadPressed = (page: Page) =>
  Promise.race([page.waitForEvent("filechooser").catch(() => null), page.waitForResponse(isUpload).catch(() => null)]);

// A name of its own per width: the admin's search also finds names like the one searched for.
for (const [width, device, firstName] of [
  ["1280 px", DESKTOP, "Nadia"],
  ["390 px", MOBILE, "Oksana"],
] as const) {
  test.describe(`at ${width}`, () => {
    test.use(device);

    test("a certificate chosen, then sent again with Upload, twice at once and as a retry, is stored once; the admin sees it once", async ({
      page,
      browser,
    }) => {
      const applicant = await fillCaregiverApplication(page.request, { firstName, lastName: "Petrova" });
      await gotoHydrated(page, "/register/caregiver/documents");
      const section = page.getByRole("region", { name: "Certifications (optional)" });
      const certificateLinks = page.getByRole("link", { name: CERTIFICATE.name });

      // Choosing the file sends it.
      const sent = page.waitForResponse(isUpload);
      await section.getByLabel("Choose certification file").setInputFiles(CERTIFICATE);
      expect((await sent).status()).toBe(200);
      await expect(certificateLinks).toHaveCount(1);

      // The Upload button beside it, pressed afterwards as a person would: nothing is stored again.
      const upload = section.getByRole("button", { name: /^Upload/ });
      await expect(upload).toBeVisible();
      const pressed = uploadPressed(page);
      await upload.click();
      await pressed;
      await reloadHydrated(page);
      await expect(certificateLinks).toHaveCount(1);

      // The same file sent twice at once (a double click) and once more (a retry after a lost answer).
      const send = () =>
        page.request.post("/register/caregiver/documents", {
          multipart: { intent: "upload", kind: "certification", file: CERTIFICATE },
        });
      const answers = await Promise.all([send(), send()]);
      answers.push(await send());
      for (const answer of answers) expect(answer.status()).toBe(200);
      await reloadHydrated(page);
      await expect(certificateLinks).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );

      // Another file is another document.
      await section.getByLabel("Choose certification file").setInputFiles({
        ...CERTIFICATE,
        name: "hha-card.pdf",
        buffer: Buffer.concat([samplePdf(), Buffer.from("%hha\n")]),
      });
      await expect(page.getByRole("link", { name: "hha-card.pdf" })).toHaveCount(1);
      await expect(certificateLinks).toHaveCount(1);

      // The submitted application shows the admin one certificate.
      await finishCaregiverApplication(page.request, applicant.email);
      const adminContext = await browser.newContext({
        ...device,
        extraHTTPHeaders: { "X-Forwarded-For": `10.252.${width === "390 px" ? 2 : 1}.1` },
      });
      const admin = await adminContext.newPage();
      await loginAs(admin, "admin");
      await gotoHydrated(admin, "/admin/caregivers");
      await admin.getByLabel("Search by name, email, city or ZIP").fill(applicant.email);
      await admin.getByRole("button", { name: "Search" }).click();
      await admin.getByRole("link", { name: `${firstName} Petrova` }).click();
      await expect(admin.getByRole("heading", { level: 1, name: `${firstName} Petrova` })).toBeVisible();
      await expect(admin.getByRole("main").getByRole("link", { name: CERTIFICATE.name })).toHaveCount(1);
      await expect(admin.getByRole("main").getByRole("link", { name: "hha-card.pdf" })).toHaveCount(1);
      await adminContext.close();
    });
  });
}
