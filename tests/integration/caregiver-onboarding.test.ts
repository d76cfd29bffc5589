import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import {
  auditEvents,
  caregiverApplicationDrafts,
  caregiverAvailability,
  caregiverCertifications,
  caregiverDocuments,
  caregiverProfiles,
  userProfiles,
  userRoles,
} from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { applicantCookieFor } from "~/platform/auth/application-cookie.server";
import { currentApplicant } from "~/features/caregiver-onboarding/applicant.server";
import { ExperienceStepSchema } from "~/features/caregivers/work-profile-fields";
import { stepNumber } from "~/features/caregiver-onboarding/application";
import {
  loadApplication,
  restartApplication,
  saveBackground,
  saveExperience,
  submitApplication,
  unfinishedApplicationStep,
} from "~/features/caregiver-onboarding/application.server";
import { DOCUMENT_ERRORS, storageKeyOf } from "~/features/caregiver-onboarding/document-paths";
import {
  deleteApplicationDocument,
  documentLink,
  openDocument,
  saveApplicationDocument,
} from "~/features/caregiver-onboarding/documents.server";
import { readStoredFile, saveFile, storageRoot } from "~/platform/storage/files.server";
import { samplePdf } from "../fixtures/documents";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { applyDecision, setBackgroundCheck } from "~/features/caregiver-vetting/vetting.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { appRequest } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { apply, completeAllSteps, file } from "./caregiver-onboarding-helpers";
import { deliveredOutbox } from "./emails";

const setup = useAuthTestSetup();

/** Names of the files (not folders) anywhere under `folder` in private storage. */
const filesUnder = async (folder: string) =>
  (await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

const cookieHeader = (setCookie: string) => setCookie.split(";")[0]!;

describe("starting an application", () => {
  test("creates a caregiver account, a pending profile with a slug, and the draft at step 2", async () => {
    const applicant = await apply();
    const [profile] = await setup.db
      .select()
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.userId, applicant.userId));
    expect(profile).toMatchObject({
      caregiverStatus: "pending",
      firstName: "Maria",
      city: "Chicago",
      zipCode: "60611",
    });
    expect(profile!.slug).toMatch(/^maria-g(-\d+)?$/);
    const roles = await setup.db.select().from(userRoles).where(eq(userRoles.userId, applicant.userId));
    expect(roles.map((row) => row.role)).toEqual(["caregiver"]);
    const [draft] = await setup.db
      .select()
      .from(caregiverApplicationDrafts)
      .where(eq(caregiverApplicationDrafts.userId, applicant.userId));
    expect(draft).toMatchObject({ currentStep: stepNumber("background"), submittedAt: null });
    expect(draft!.data).toEqual({ "personal-info": { streetAddress: SAMPLE_REGISTRATION.streetAddress } });
    // The verification email went out, as for clients.
    expect((await deliveredOutbox()).some((entry) => entry.to === applicant.email)).toBe(true);
  });

  test("gives two people with the same name different slugs", async () => {
    const first = await apply("Ximena", "Quintero");
    const second = await apply("Ximena", "Quintero");
    const slugs = await setup.db
      .select({ userId: caregiverProfiles.userId, slug: caregiverProfiles.slug })
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.firstName, "Ximena"));
    const slugOf = (userId: string) => slugs.find((row) => row.userId === userId)?.slug;
    expect(slugOf(first.userId)).toBe("ximena-q");
    expect(slugOf(second.userId)).toBe("ximena-q-2");
  }, 20_000);
});

describe("saving the steps", () => {
  test("fills the profile, availability rows (weekday 0 = Monday), certifications and the draft", async () => {
    const applicant = await apply();
    await completeAllSteps(applicant);
    const [profile] = await setup.db
      .select()
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.userId, applicant.userId));
    expect(profile).toMatchObject({
      yearsExperience: 5,
      services: ["personal-care"],
      skills: ["dementia"],
      languages: ["en", "es"],
      travelRadiusMiles: 25,
      bio: "Five years of personal care for older adults.",
      bioLanguage: "en",
    });
    expect(profile!.profilePhotoUrl).toMatch(/^\/media\/avatar\//);
    const windows = await setup.db
      .select({ weekday: caregiverAvailability.weekday, start: caregiverAvailability.startMinute })
      .from(caregiverAvailability)
      .where(eq(caregiverAvailability.caregiverId, applicant.userId))
      .orderBy(caregiverAvailability.weekday);
    expect(windows).toEqual([
      { weekday: 0, start: 420 },
      { weekday: 6, start: 1020 },
    ]);
    const certifications = await setup.db
      .select({ name: caregiverCertifications.name })
      .from(caregiverCertifications)
      .where(eq(caregiverCertifications.caregiverId, applicant.userId));
    expect(certifications.map((row) => row.name).sort()).toEqual(["CNA", "CPR"]);
    const view = await loadApplication(applicant);
    expect(view.currentStep).toBe(stepNumber("review"));
    const [draft] = await setup.db
      .select({ fileIds: caregiverApplicationDrafts.fileIds })
      .from(caregiverApplicationDrafts)
      .where(eq(caregiverApplicationDrafts.userId, applicant.userId));
    expect(draft!.fileIds.sort()).toEqual(view.documents.map((document) => document.id).sort());
  }, 20_000);
});

describe("documents", () => {
  test("refuses a renamed program, an empty file and an 11 MB file, storing nothing", async () => {
    const applicant = await apply();
    const save = (bytes: Uint8Array, name: string) =>
      saveApplicationDocument({ ownerId: applicant.userId, kind: "government_id", file: file(bytes, name) });
    await expect(save(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3]), "setup.pdf")).rejects.toMatchObject({
      code: "invalid",
      message: DOCUMENT_ERRORS.wrongType,
    });
    await expect(save(new Uint8Array(0), "empty.pdf")).rejects.toMatchObject({
      code: "invalid",
      message: DOCUMENT_ERRORS.empty,
    });
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(samplePdf());
    await expect(save(big, "big.pdf")).rejects.toMatchObject({ code: "too_large", message: DOCUMENT_ERRORS.tooLarge });
    const rows = await setup.db
      .select()
      .from(caregiverDocuments)
      .where(eq(caregiverDocuments.caregiverId, applicant.userId));
    expect(rows).toEqual([]);
    const folder = path.join(storageRoot(), "caregiver_documents", `user_${applicant.userId}`);
    expect(await readdir(folder, { recursive: true }).catch(() => [])).toEqual([]);
  });

  test("opens for the owner and admins through an unexpired link made for them; admin views are audited", async () => {
    const applicant = await apply();
    const saved = await saveApplicationDocument({
      ownerId: applicant.userId,
      kind: "certification",
      file: file(samplePdf(), "cna.pdf"),
    });
    const admin = await createUser(setup.db, { roles: ["admin"] });
    const stranger = await createUser(setup.db, { roles: ["client"] });
    const request = appRequest("/media/documents/x");
    const open = (
      viewer: { id: string; roles: ("admin" | "client" | "caregiver")[] } | null,
      href: string,
      now?: Date,
    ) => {
      const query = new URL(href, "http://x").searchParams;
      return openDocument({
        documentId: saved.documentId,
        params: { viewer: query.get("viewer")!, expires: query.get("expires")!, signature: query.get("signature")! },
        viewer,
        request,
        now,
      });
    };

    const ownerLink = documentLink(saved.documentId, applicant.userId);
    expect(await open({ id: applicant.userId, roles: ["caregiver"] }, ownerLink)).toMatchObject({
      status: "ok",
      contentType: "application/pdf",
      fileName: "cna.pdf",
    });
    // A link is personal: someone else holding it gets nothing, even an admin.
    expect(await open({ id: stranger.id, roles: ["client"] }, ownerLink)).toEqual({
      status: "refused",
      reason: "not-yours",
    });
    expect(await open(null, ownerLink)).toEqual({ status: "refused", reason: "not-yours" });
    // A stranger's own link to someone else's document is refused too.
    expect(await open({ id: stranger.id, roles: ["client"] }, documentLink(saved.documentId, stranger.id))).toEqual({
      status: "refused",
      reason: "not-yours",
    });
    // Expired after 3600 s.
    expect(
      await open({ id: applicant.userId, roles: ["caregiver"] }, ownerLink, new Date(Date.now() + 3601_000)),
    ).toEqual({
      status: "refused",
      reason: "expired",
    });

    const adminLink = documentLink(saved.documentId, admin.id);
    expect((await open({ id: admin.id, roles: ["admin"] }, adminLink)).status).toBe("ok");
    const events = await setup.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, "admin_data_access"), eq(auditEvents.userId, admin.id)));
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata).toMatchObject({ documentId: saved.documentId, caregiverId: applicant.userId });
  });

  test("links a certificate to its certification, keeps the link when experience is saved again, drops it on removal", async () => {
    const applicant = await apply();
    await completeAllSteps(applicant);
    const saved = await saveApplicationDocument({
      ownerId: applicant.userId,
      kind: "certification",
      file: file(samplePdf(), "cna-certificate.pdf"),
      certificationName: "CNA",
    });
    const documentUrlOf = async (name: string) =>
      (
        await setup.db
          .select({ documentUrl: caregiverCertifications.documentUrl })
          .from(caregiverCertifications)
          .where(and(eq(caregiverCertifications.caregiverId, applicant.userId), eq(caregiverCertifications.name, name)))
      )[0]?.documentUrl;
    const [document] = await setup.db
      .select()
      .from(caregiverDocuments)
      .where(eq(caregiverDocuments.id, saved.documentId));
    expect(await documentUrlOf("CNA")).toBe(document!.storagePath);
    expect(await documentUrlOf("CPR")).toBeNull();

    await saveExperience(
      applicant,
      ExperienceStepSchema.parse({
        yearsExperience: "6",
        services: ["personal-care"],
        languages: ["en"],
        certifications: "CNA\nHHA",
        bio: "Six years of personal care for older adults.",
        bioLanguage: "en",
      }),
    );
    expect(await documentUrlOf("CNA")).toBe(document!.storagePath);
    expect(await documentUrlOf("HHA")).toBeNull();

    expect(await deleteApplicationDocument({ ownerId: applicant.userId, documentId: saved.documentId })).toBe(true);
    expect(await documentUrlOf("CNA")).toBeNull();
    expect(await readStoredFile(storageKeyOf(document!.storagePath))).toBeNull();
  }, 20_000);

  test("finds a file stored under a session path in the owner's folders and repairs the stored path", async () => {
    const applicant = await apply();
    const moved = `user_${applicant.userId}/certifications/old-cpr.pdf`;
    await saveFile(storageKeyOf(moved), samplePdf());
    const [row] = await setup.db
      .insert(caregiverDocuments)
      .values({
        caregiverId: applicant.userId,
        kind: "certification",
        storagePath: "user_session_123/old-cpr.pdf",
        contentType: "application/pdf",
        byteSize: 10,
        originalName: "old-cpr.pdf",
      })
      .returning();
    await setup.db
      .insert(caregiverCertifications)
      .values({ caregiverId: applicant.userId, name: "CPR", documentUrl: "user_session_123/old-cpr.pdf" });
    const query = new URL(documentLink(row!.id, applicant.userId), "http://x").searchParams;
    const opened = await openDocument({
      documentId: row!.id,
      params: { viewer: query.get("viewer")!, expires: query.get("expires")!, signature: query.get("signature")! },
      viewer: { id: applicant.userId, roles: ["caregiver"] },
      request: appRequest("/media/documents/x"),
    });
    expect(opened.status).toBe("ok");
    const [repaired] = await setup.db.select().from(caregiverDocuments).where(eq(caregiverDocuments.id, row!.id));
    expect(repaired!.storagePath).toBe(moved);
    const [certification] = await setup.db
      .select()
      .from(caregiverCertifications)
      .where(and(eq(caregiverCertifications.caregiverId, applicant.userId), eq(caregiverCertifications.name, "CPR")));
    expect(certification!.documentUrl).toBe(moved);
    expect(await readStoredFile(storageKeyOf(moved))).not.toBeNull();
  });
});

describe("starting over", () => {
  test("clears the answers, the step and the uploaded files; the account and personal information stay", async () => {
    const applicant = await apply();
    await completeAllSteps(applicant);
    const uploaded = await setup.db
      .select({ storagePath: caregiverDocuments.storagePath })
      .from(caregiverDocuments)
      .where(eq(caregiverDocuments.caregiverId, applicant.userId));
    expect(uploaded).toHaveLength(2);
    const [before] = await setup.db
      .select({ photo: caregiverProfiles.profilePhotoUrl })
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.userId, applicant.userId));
    expect(before!.photo).toMatch(/^\/media\/avatar\//);

    await expect(restartApplication(applicant)).resolves.toBeUndefined();

    const [draft] = await setup.db
      .select()
      .from(caregiverApplicationDrafts)
      .where(eq(caregiverApplicationDrafts.userId, applicant.userId));
    expect(draft).toMatchObject({
      currentStep: stepNumber("background"),
      fileIds: [],
      data: { "personal-info": { streetAddress: SAMPLE_REGISTRATION.streetAddress } },
      submittedAt: null,
    });
    const [profile] = await setup.db
      .select()
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.userId, applicant.userId));
    expect(profile).toMatchObject({
      firstName: "Maria",
      zipCode: "60611",
      caregiverStatus: "pending",
      yearsExperience: 0,
      services: [],
      skills: [],
      languages: [],
      bio: null,
      bioLanguage: null,
      travelRadiusMiles: 15,
      profilePhotoUrl: null,
    });
    expect(
      await setup.db
        .select()
        .from(caregiverAvailability)
        .where(eq(caregiverAvailability.caregiverId, applicant.userId)),
    ).toEqual([]);
    expect(
      await setup.db
        .select()
        .from(caregiverCertifications)
        .where(eq(caregiverCertifications.caregiverId, applicant.userId)),
    ).toEqual([]);
    expect(
      await setup.db.select().from(caregiverDocuments).where(eq(caregiverDocuments.caregiverId, applicant.userId)),
    ).toEqual([]);
    for (const document of uploaded) expect(await readStoredFile(storageKeyOf(document.storagePath))).toBeNull();
    expect(await filesUnder(path.join(storageRoot(), "caregiver_documents", `user_${applicant.userId}`))).toEqual([]);
    expect(await filesUnder(path.join(storageRoot(), "avatars", applicant.userId))).toEqual([]);
    // The account is still there and the application can be filled in again.
    expect(await setup.db.select().from(userProfiles).where(eq(userProfiles.id, applicant.userId))).toHaveLength(1);
    expect(await unfinishedApplicationStep(applicant.userId)).toBe(stepNumber("background"));
  });

  test("changes nothing once the application is submitted", async () => {
    const applicant = { ...(await apply()), emailVerified: true };
    await completeAllSteps(applicant);
    expect(await submitApplication(applicant, appRequest("/register/caregiver/review"))).toEqual({
      status: "submitted",
    });
    await expect(restartApplication(applicant)).rejects.toMatchObject({
      code: "conflict",
      ref: { key: "onboarding:errors.alreadySubmitted" },
    });
    expect(
      await setup.db.select().from(caregiverDocuments).where(eq(caregiverDocuments.caregiverId, applicant.userId)),
    ).toHaveLength(2);
    const [draft] = await setup.db
      .select({ data: caregiverApplicationDrafts.data })
      .from(caregiverApplicationDrafts)
      .where(eq(caregiverApplicationDrafts.userId, applicant.userId));
    expect(Object.keys(draft!.data)).toContain("experience");
  });
});

describe("submitting", () => {
  test("needs a verified email and every step, then emails the caregiver and writes an audit event", async () => {
    const applicant = await apply();
    const request = appRequest("/register/caregiver/review");
    await saveBackground(applicant, {
      backgroundCheckConsent: true,
      informationConfirmation: true,
      references: [
        { name: "Dana Hill", relationship: "Former employer", contact: "dana@example.test" },
        { name: "Sam Ortiz", relationship: "Client family", contact: "3125550199" },
      ],
    });
    await expect(submitApplication(applicant, request)).rejects.toMatchObject({
      code: "forbidden",
      ref: { key: "onboarding:errors.unverified" },
    });
    const verified = { ...applicant, emailVerified: true };
    await expect(submitApplication(verified, request)).rejects.toMatchObject({
      code: "invalid",
      reason: "incomplete",
      ref: { key: "onboarding:errors.incomplete", values: { steps: "Availability, Experience, Documents" } },
    });
    await completeAllSteps(verified);
    expect(await unfinishedApplicationStep(applicant.userId)).toBe(stepNumber("review"));
    expect(await submitApplication(verified, request)).toEqual({ status: "submitted" });
    expect(await unfinishedApplicationStep(applicant.userId)).toBeNull();
    const [profile] = await setup.db
      .select({ status: caregiverProfiles.caregiverStatus })
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.userId, applicant.userId));
    expect(profile!.status).toBe("pending");
    const emails = (await deliveredOutbox()).filter((entry) => entry.to === applicant.email);
    expect(emails.map((entry) => entry.subject)).toContain("We received your Tendly caregiver application");
    const events = await setup.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.eventType, "caregiver_application_submitted"), eq(auditEvents.userId, applicant.userId)),
      );
    expect(events).toHaveLength(1);
    // Unused account data stays as it was.
    const [user] = await setup.db.select().from(userProfiles).where(eq(userProfiles.id, applicant.userId));
    expect(user!.email).toBe(applicant.email);
  }, 20_000);
});

describe("the application cookie", () => {
  test("lets the browser that created the account continue, only until the application is submitted", async () => {
    const applicant = await apply();
    const cookie = cookieHeader(await applicantCookieFor(applicant.userId));
    expect(await currentApplicant(appRequest("/register/caregiver/background", { cookie }))).toEqual({
      userId: applicant.userId,
      email: applicant.email,
      emailVerified: false,
      signedIn: false,
    });
    // Tampered with: nobody.
    const [name, value] = cookie.split("=");
    const forged = `${name}=${value!.slice(0, -2)}xx`;
    expect(await currentApplicant(appRequest("/register/caregiver/background", { cookie: forged }))).toBeNull();
    expect(await currentApplicant(appRequest("/register/caregiver/background"))).toBeNull();

    await setup.db
      .update(caregiverApplicationDrafts)
      .set({ submittedAt: new Date() })
      .where(eq(caregiverApplicationDrafts.userId, applicant.userId));
    expect(await currentApplicant(appRequest("/register/caregiver/background", { cookie }))).toBeNull();
  });

  test("names a caregiver application only: a client account's id gets nothing", async () => {
    const client = await createUser(setup.db, { roles: ["client"] });
    const cookie = cookieHeader(await applicantCookieFor(client.id));
    expect(await currentApplicant(appRequest("/register/caregiver/background", { cookie }))).toBeNull();
  });
});

/** Monday morning personal care a mile from the applicant's ZIP (60611), in Spanish. */
const nearbyRequest = () =>
  oneTimeRequest(upcomingMonday(2), "08:00", "11:00", { zipCode: "60610", preferredLanguage: "es" });

describe("after approval", () => {
  test("the caregiver is matched to a family's request near their ZIP, and not before", async () => {
    const applicant = { ...(await apply("Noor", "Haddad")), emailVerified: true };
    await completeAllSteps(applicant);
    expect(await submitApplication(applicant, appRequest("/register/caregiver/review"))).toEqual({
      status: "submitted",
    });
    const family = await clientActor(setup.db);
    const matchedIds = async () =>
      (await submitCareRequest({ actor: family, request: nearbyRequest() })).matches.map((match) => match.caregiverId);
    expect(await matchedIds()).not.toContain(applicant.userId);

    const admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin" as const] };
    const change = { actor: admin, caregiverId: applicant.userId, request: appRequest("/admin/caregivers/x") };
    expect((await setBackgroundCheck({ ...change, status: "clear" })).ok).toBe(true);
    expect((await applyDecision({ ...change, decision: "approve", reason: "" })).ok).toBe(true);

    const matches = (await submitCareRequest({ actor: family, request: nearbyRequest() })).matches;
    const match = matches.find((candidate) => candidate.caregiverId === applicant.userId);
    expect(match?.reasons).toContainEqual({ code: "speaks", language: "es" });
    expect(match?.distanceMiles).toBeLessThan(5);
  });
});
