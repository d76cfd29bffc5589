import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { signLink } from "~/platform/storage/signed-links.server";
import { deriveKey } from "~/utils/derived-key.server";
import { sampleJpeg, samplePdf } from "../fixtures/documents";
import { registrationValues, verifyThroughPage } from "./account-helpers";
import { uniqueEmail } from "./password-reset-helpers";
import { expect } from "./fixtures";

// A caregiver application made through the application's own forms (no UI),
// for tests about what happens after it is submitted.

async function post(request: APIRequestContext, step: string, options: Parameters<APIRequestContext["post"]>[1]) {
  const response = await request.post(`/register/caregiver/${step}`, { maxRedirects: 0, ...options });
  expect(response.status(), `${step}: ${await response.text().catch(() => "")}`).toBeLessThan(400);
  return response;
}

/** Creates a new applicant's account (the first step) in `request`'s browser context. */
export async function startCaregiverApplication(
  request: APIRequestContext,
  { firstName = "Grace", lastName = "Okoye" } = {},
) {
  const values = registrationValues({ firstName, lastName, email: uniqueEmail("caregiver") });
  await post(request, "personal-info", { form: values });
  return values;
}

/** Fills in every step of a new caregiver's application in `request`'s browser context, without submitting. */
export async function fillCaregiverApplication(
  request: APIRequestContext,
  { firstName = "Grace", lastName = "Okoye" } = {},
) {
  const values = await startCaregiverApplication(request, { firstName, lastName });
  await post(request, "background", {
    form: {
      backgroundCheckConsent: "on",
      informationConfirmation: "on",
      reference1Name: "Dana Hill",
      reference1Relationship: "Former employer",
      reference1Contact: "dana.hill@example.test",
      reference2Name: "Sam Ortiz",
      reference2Relationship: "Family I cared for",
      reference2Contact: "(312) 555-0199",
    },
  });
  await post(request, "availability", { multipart: { slots: "2-afternoon", travelRadiusMiles: "12" } });
  await post(request, "experience", {
    form: {
      yearsExperience: "3",
      services: "companionship",
      languages: "en",
      certifications: "CPR",
      bio: "Three years of companionship care for older adults.",
      bioLanguage: "en",
    },
  });
  await post(request, "documents", {
    multipart: {
      intent: "upload",
      kind: "government_id",
      file: { name: "state-id.pdf", mimeType: "application/pdf", buffer: samplePdf() },
    },
  });
  await post(request, "documents", {
    multipart: {
      intent: "upload",
      kind: "profile_photo",
      file: { name: "portrait.jpg", mimeType: "image/jpeg", buffer: await sampleJpeg() },
    },
  });
  await post(request, "documents", { form: { intent: "continue" } });
  return values;
}

/** Applies as a new caregiver in `request`'s browser context, verifies the email and submits. */
export async function submitCaregiverApplication(
  request: APIRequestContext,
  { firstName = "Grace", lastName = "Okoye" } = {},
) {
  const values = await fillCaregiverApplication(request, { firstName, lastName });
  await finishCaregiverApplication(request, values.email);
  return { ...values, name: `${firstName} ${lastName}` };
}

/** Verifies the email of an application filled in `request`'s browser context and submits it. */
export async function finishCaregiverApplication(request: APIRequestContext, email: string) {
  await verifyThroughPage(request, email);
  // Any fresh UUID does what the review page's hidden key does.
  const submitted = await post(request, "review", { form: { intent: "submit", idempotencyKey: randomUUID() } });
  expect(submitted.headers().location).toBe("/register/caregiver/confirmation?message=registration-success");
}

/**
 * A document link signed exactly as the server signs them, for `viewerId`,
 * but made `secondsAgo` in the past: with the default lifetime it has expired.
 */
export async function expiredDocumentLink(href: string, viewerId: string, secondsAgo = 3601) {
  const secrets = JSON.parse(await readFile(path.join(process.env.E2E_DATA_DIR!, "secrets.json"), "utf8")) as {
    authSecret: string;
  };
  const url = new URL(href, "http://tendly.invalid");
  const documentId = decodeURIComponent(url.pathname.split("/").pop()!);
  const params = signLink({
    key: deriveKey(secrets.authSecret, "tendly caregiver document links"),
    resource: `caregiver-document:${documentId}`,
    viewerId,
    now: new Date(Date.now() - secondsAgo * 1000),
  });
  return `${url.pathname}?${new URLSearchParams(params).toString()}`;
}
