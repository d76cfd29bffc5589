import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "~/platform/auth/auth.server";
import { auditEvents, caregiverDocuments, userProfiles } from "~/platform/db/schema";
import { RegistrationSchema } from "~/features/accounts/accounts.schema";
import { APPLICATIONS_PER_ADDRESS, TOO_MANY_APPLICATIONS } from "~/features/caregiver-onboarding/application";
import { startApplication } from "~/features/caregiver-onboarding/application.server";
import { DOCUMENT_ERRORS, DOCUMENT_MAX_BYTES, DOCUMENT_QUOTA } from "~/features/caregiver-onboarding/document-paths";
import { saveApplicationDocument } from "~/features/caregiver-onboarding/documents.server";
import { AVATAR_MAX_BYTES } from "~/features/caregivers/avatar.server";
import { storageRoot } from "~/platform/storage/files.server";
import { UPLOAD_MAX_BYTES } from "~/utils/form-data.server";
import { paddedPdf } from "../fixtures/documents";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { appRequest } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { apply, file, jpeg } from "./caregiver-onboarding-helpers";

// The limits of docs/product-rules.md (Upload and application limits):
// documents per applicant, and applications started per client address a day.

const setup = useAuthTestSetup();

/** A PDF of `bytes` bytes (a real one, padded), as a browser uploads it. */
const pdfOf = (bytes: number, name: string) => file(paddedPdf(bytes, name), name);

async function storedDocuments(ownerId: string) {
  const rows = await setup.db.select().from(caregiverDocuments).where(eq(caregiverDocuments.caregiverId, ownerId));
  const folder = path.join(storageRoot(), "caregiver_documents", `user_${ownerId}`);
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) =>
    entry.isFile(),
  );
  return { rows: rows.length, bytes: rows.reduce((sum, row) => sum + row.byteSize, 0), files: files.length };
}

describe("the upload quota of an applicant", () => {
  test("the largest body a form may send holds the largest file and its form fields", () => {
    expect(UPLOAD_MAX_BYTES).toBeGreaterThanOrEqual(DOCUMENT_MAX_BYTES + 32 * 1024);
    expect(UPLOAD_MAX_BYTES).toBeGreaterThanOrEqual(AVATAR_MAX_BYTES + 32 * 1024);
  });

  test(`keeps at most ${DOCUMENT_QUOTA.maxFiles} files across every kind; a replacement still fits`, async () => {
    const applicant = await apply();
    const save = (kind: "government_id" | "certification" | "profile_photo", upload: File) =>
      saveApplicationDocument({ ownerId: applicant.userId, kind, file: upload });
    expect((await save("government_id", pdfOf(2_000, "id.pdf"))).ok).toBe(true);
    expect((await save("profile_photo", file(await jpeg(), "me.jpg", "image/jpeg"))).ok).toBe(true);
    for (let i = 0; i < DOCUMENT_QUOTA.maxFiles - 2; i += 1) {
      expect((await save("certification", pdfOf(2_000, `cert-${i}.pdf`))).ok, `certificate ${i}`).toBe(true);
    }
    await expect(save("certification", pdfOf(2_000, "one-too-many.pdf"))).rejects.toMatchObject({
      code: "too_large",
      message: DOCUMENT_ERRORS.tooManyFiles,
    });
    // The ID is kept once: a new one replaces the old and the count stays.
    expect((await save("government_id", pdfOf(3_000, "new-id.pdf"))).ok).toBe(true);
    const stored = await storedDocuments(applicant.userId);
    expect(stored.rows).toBe(DOCUMENT_QUOTA.maxFiles);
    // Every document's file, plus the profile photo's resized copies kept apart.
    expect(stored.files).toBeGreaterThanOrEqual(DOCUMENT_QUOTA.maxFiles);
  }, 60_000);

  test("keeps at most 25 MB in all; a refused file is not stored", async () => {
    expect(DOCUMENT_QUOTA.maxTotalBytes).toBe(25 * 1024 * 1024);
    const applicant = await apply();
    const save = (upload: File) =>
      saveApplicationDocument({ ownerId: applicant.userId, kind: "certification", file: upload });
    const nineMegabytes = 9 * 1024 * 1024;
    expect((await save(pdfOf(nineMegabytes, "a.pdf"))).ok).toBe(true);
    expect((await save(pdfOf(nineMegabytes, "b.pdf"))).ok).toBe(true);
    const before = await storedDocuments(applicant.userId);
    await expect(save(pdfOf(nineMegabytes, "c.pdf"))).rejects.toMatchObject({
      code: "too_large",
      message: DOCUMENT_ERRORS.quotaExceeded,
    });
    expect(await storedDocuments(applicant.userId)).toEqual(before);
    expect(before.bytes).toBe(2 * nineMegabytes);
    // What is left still fits.
    expect((await save(pdfOf(DOCUMENT_QUOTA.maxTotalBytes - 2 * nineMegabytes, "d.pdf"))).ok).toBe(true);
  }, 60_000);

  test("two uploads at once cannot both pass the quota", async () => {
    const applicant = await apply();
    const save = (name: string) =>
      saveApplicationDocument({
        ownerId: applicant.userId,
        kind: "certification",
        file: pdfOf(10 * 1024 * 1024, name),
      });
    expect((await save("a.pdf")).ok).toBe(true);
    const results = await Promise.allSettled([save("b.pdf"), save("c.pdf")]);
    expect(results.filter((result) => result.status === "fulfilled" && result.value.ok)).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({
      reason: { code: "too_large", message: DOCUMENT_ERRORS.quotaExceeded },
    });
    expect((await storedDocuments(applicant.userId)).rows).toBe(2);
  }, 60_000);
});

/** Earlier applications from `address`, as the audit log records them. */
const registeredEarlier = (address: string, role: string, hoursAgo: number, times: number) =>
  setup.db.insert(auditEvents).values(
    Array.from({ length: times }, () => ({
      eventType: "account_registered",
      category: "account",
      ipAddress: address,
      metadata: { role },
      createdAt: new Date(Date.now() - hoursAgo * 60 * 60 * 1000),
    })),
  );

describe("caregiver applications per client address", () => {
  let counter = 0;
  const startFrom = (address: string) => {
    counter += 1;
    const registration = RegistrationSchema.parse({
      ...SAMPLE_REGISTRATION,
      email: `quota-${Date.now().toString(36)}-${counter}@example.test`,
    });
    const request = appRequest("/register/caregiver/personal-info", { headers: { [CLIENT_IP_HEADER]: address } });
    return startApplication({ registration, request }).then((outcome) => ({ outcome, email: registration.email }));
  };

  test(`refuses the ${APPLICATIONS_PER_ADDRESS.max + 1}th within a day with the limit's message, creating nothing`, async () => {
    const address = "10.201.0.1";
    await registeredEarlier(address, "caregiver", 3, APPLICATIONS_PER_ADDRESS.max);
    const { outcome, email } = await startFrom(address);
    expect(outcome).toMatchObject({ status: "rate-limited", message: TOO_MANY_APPLICATIONS });
    if (outcome.status !== "rate-limited") throw new Error("not limited");
    // Free again a day after the oldest of them.
    const expected = Date.now() + 21 * 60 * 60 * 1000;
    expect(Math.abs(outcome.retryAt.getTime() - expected)).toBeLessThan(60_000);
    expect(await setup.db.select().from(userProfiles).where(eq(userProfiles.email, email))).toEqual([]);
    // Another address is not affected.
    expect((await startFrom("10.201.0.2")).outcome.status).toBe("registered");
  });

  test("counts only caregiver applications of the last 24 hours", async () => {
    const address = "10.201.0.3";
    await registeredEarlier(address, "caregiver", 25, APPLICATIONS_PER_ADDRESS.max);
    await registeredEarlier(address, "client", 1, APPLICATIONS_PER_ADDRESS.max);
    expect((await startFrom(address)).outcome.status).toBe("registered");
  });
});
