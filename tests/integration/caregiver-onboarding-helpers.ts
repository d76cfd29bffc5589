import sharp from "sharp";
import { expect } from "vitest";
import type { Applicant } from "~/features/caregiver-onboarding/applicant.server";
import {
  completeDocuments,
  saveAvailability,
  saveBackground,
  saveExperience,
  startApplication,
} from "~/features/caregiver-onboarding/application.server";
import { ExperienceStepSchema } from "~/features/caregivers/work-profile-fields";
import { samplePdf } from "../fixtures/documents";
import {
  documentLink,
  openDocument,
  saveApplicationDocument,
  type DocumentViewer,
} from "~/features/caregiver-onboarding/documents.server";
import { RegistrationSchema } from "~/features/accounts/accounts.schema";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { appRequest } from "./accounts-helpers";

// Shared by the caregiver application tests: a new applicant, files as a
// browser sends them, and a document opened the way /media/documents does.

let counter = 0;

/** Registers a new caregiver applicant (step 1 of the application). */
export async function apply(firstName = "Maria", lastName = "Garcia"): Promise<Applicant> {
  counter += 1;
  const email = `applicant-${Date.now().toString(36)}-${counter}@example.test`;
  const registration = RegistrationSchema.parse({ ...SAMPLE_REGISTRATION, firstName, lastName, email });
  const outcome = await startApplication({ registration, request: appRequest("/register/caregiver/personal-info") });
  expect(outcome.status).toBe("registered");
  if (outcome.status !== "registered") throw new Error("not registered");
  return { userId: outcome.userId, email, emailVerified: false, signedIn: false };
}

export const file = (bytes: Uint8Array | Buffer, name: string, type = "application/pdf") =>
  new File([new Uint8Array(bytes)], name, { type });

export const jpeg = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 100, b: 50 } } })
    .jpeg()
    .toBuffer();

/** Opens a document through a fresh signed link made for `viewer`. */
export function openDocumentAs(documentId: string, viewer: DocumentViewer) {
  const query = new URL(documentLink(documentId, viewer.id), "http://x").searchParams;
  return openDocument({
    documentId,
    params: { viewer: query.get("viewer")!, expires: query.get("expires")!, signature: query.get("signature")! },
    viewer,
    request: appRequest("/media/documents/x"),
  });
}

/** Every step of the application done (background, availability, experience, both documents): ready to submit. */
export async function completeAllSteps(applicant: Applicant) {
  await saveBackground(applicant, {
    backgroundCheckConsent: true,
    informationConfirmation: true,
    references: [
      { name: "Dana Hill", relationship: "Former employer", contact: "dana@example.test" },
      { name: "Sam Ortiz", relationship: "Client family", contact: "3125550199" },
    ],
  });
  await saveAvailability(applicant, { slots: ["0-morning", "6-evening"], travelRadiusMiles: 25 });
  await saveExperience(
    applicant,
    ExperienceStepSchema.parse({
      yearsExperience: "5",
      services: ["personal-care"],
      skills: ["dementia"],
      languages: ["en", "es"],
      certifications: "CNA\nCPR",
      bio: "Five years of personal care for older adults.",
      bioLanguage: "en",
    }),
  );
  expect(
    (
      await saveApplicationDocument({
        ownerId: applicant.userId,
        kind: "government_id",
        file: file(samplePdf(), "id.pdf"),
      })
    ).ok,
  ).toBe(true);
  expect(
    (
      await saveApplicationDocument({
        ownerId: applicant.userId,
        kind: "profile_photo",
        file: file(await jpeg(), "me.jpg", "image/jpeg"),
      })
    ).ok,
  ).toBe(true);
  expect(await completeDocuments(applicant)).toEqual({ ok: true });
}
