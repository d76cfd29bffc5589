import { readdir } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { applicantCookieFor } from "~/platform/auth/application-cookie.server";
import { caregiverDocuments } from "~/platform/db/schema";
import { restartApplication } from "~/features/caregiver-onboarding/application.server";
import { DOCUMENT_ERRORS, storageKeyOf } from "~/features/caregiver-onboarding/document-paths";
import { documentLink, saveApplicationDocument } from "~/features/caregiver-onboarding/documents.server";
import { readCaregiverAvatar } from "~/features/caregivers/avatar.server";
import { loader as documentLoader } from "~/routes/media/document";
import { saveFile } from "~/platform/storage/files.server";
import { samplePdf } from "../fixtures/documents";
import { appRequest } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { apply, file, jpeg, openDocumentAs } from "./caregiver-onboarding-helpers";
import { useS3Server } from "./s3-server";

// The caregiver documents flow with S3 storage configured: every file the
// application stores (documents, the resized avatar) is an object in the
// bucket of a real S3-compatible server, read back only through the app.

const PREFIX = "tendly-documents";
const s3 = useS3Server({ keyPrefix: PREFIX });
const setup = useAuthTestSetup({ env: () => s3.env });

/** The applicant's objects in the bucket: documents and avatars, without the key prefix. */
const objectsOf = async (userId: string) =>
  (await s3.keys())
    .map((key) => key.slice(PREFIX.length + 1))
    .filter((key) => key.startsWith(`caregiver_documents/user_${userId}/`) || key.startsWith(`avatars/${userId}/`));

describe("caregiver documents in an S3-compatible bucket", () => {
  test("an ID and a photo are stored as objects and open for their owner through a signed link", async () => {
    const applicant = await apply();
    const id = await saveApplicationDocument({
      ownerId: applicant.userId,
      kind: "government_id",
      file: file(samplePdf(), "id.pdf"),
    });
    await saveApplicationDocument({
      ownerId: applicant.userId,
      kind: "profile_photo",
      file: file(await jpeg(), "me.jpg", "image/jpeg"),
    });

    const [row] = await setup.db.select().from(caregiverDocuments).where(eq(caregiverDocuments.id, id.documentId));
    const objects = await objectsOf(applicant.userId);
    expect(objects).toContain(storageKeyOf(row!.storagePath));
    expect(objects.filter((key) => key.includes("/profile_photos/"))).toHaveLength(1);
    expect(objects.filter((key) => key.startsWith("avatars/"))).toHaveLength(1);
    expect(objects).toHaveLength(3);
    expect(await s3.object(`${PREFIX}/${storageKeyOf(row!.storagePath)}`)).toEqual(samplePdf());
    // Nothing went to local disk.
    expect(await readdir(setup.env.DATA_DIR)).not.toContain("uploads");

    const opened = await openDocumentAs(id.documentId, { id: applicant.userId, roles: ["caregiver"] });
    expect(opened).toMatchObject({ status: "ok", contentType: "application/pdf", fileName: "id.pdf" });
    expect(opened.status === "ok" && opened.bytes).toEqual(samplePdf());

    // The same through the /media/documents route, as the applicant's browser asks for it.
    const cookie = (await applicantCookieFor(applicant.userId)).split(";")[0]!;
    const link = documentLink(id.documentId, applicant.userId);
    const response = await documentLoader({
      request: appRequest(link, { cookie }),
      params: { documentId: id.documentId },
    } as Parameters<typeof documentLoader>[0]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(samplePdf());
    const refused = await documentLoader({
      request: appRequest(link),
      params: { documentId: id.documentId },
    } as Parameters<typeof documentLoader>[0]);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("You do not have access to this document.");
    // In the language of the person's browser.
    const refusedInSpanish = await documentLoader({
      request: appRequest(link, { headers: { "accept-language": "es-US,es;q=0.9" } }),
      params: { documentId: id.documentId },
    } as Parameters<typeof documentLoader>[0]);
    expect(await refusedInSpanish.text()).toBe("Usted no tiene acceso a este documento.");

    // The resized avatar is read from the bucket too.
    const avatar = await readCaregiverAvatar({ userId: applicant.userId, viewer: { id: applicant.userId, roles: [] } });
    const avatarKey = objects.find((key) => key.startsWith("avatars/"))!;
    expect(avatar?.bytes).toEqual(await s3.object(`${PREFIX}/${avatarKey}`));
  });

  test("refused uploads store nothing in the bucket", async () => {
    const applicant = await apply();
    const save = (kind: "government_id" | "profile_photo", bytes: Uint8Array, name: string) =>
      saveApplicationDocument({ ownerId: applicant.userId, kind, file: file(bytes, name) });
    await expect(save("government_id", new Uint8Array([0x4d, 0x5a, 0x90, 0, 3]), "setup.pdf")).rejects.toMatchObject({
      code: "invalid",
      message: DOCUMENT_ERRORS.wrongType,
    });
    await expect(save("government_id", new Uint8Array(0), "empty.pdf")).rejects.toMatchObject({
      code: "invalid",
      message: DOCUMENT_ERRORS.empty,
    });
    // Starts like a JPEG, but is not a readable image: neither the photo nor an avatar is kept.
    const broken = (await jpeg()).subarray(0, 200);
    await expect(save("profile_photo", broken, "me.jpg")).rejects.toMatchObject({
      code: "invalid",
      message: "account:profile.photo.errors.unreadable",
    });
    expect(await objectsOf(applicant.userId)).toEqual([]);
    expect(
      await setup.db.select().from(caregiverDocuments).where(eq(caregiverDocuments.caregiverId, applicant.userId)),
    ).toEqual([]);
  });

  test("a file stored under another path is found through the fallback paths", async () => {
    const applicant = await apply();
    const moved = `user_${applicant.userId}/documents/old-id.pdf`;
    await saveFile(storageKeyOf(moved), samplePdf());
    expect(await objectsOf(applicant.userId)).toEqual([storageKeyOf(moved)]);
    const [row] = await setup.db
      .insert(caregiverDocuments)
      .values({
        caregiverId: applicant.userId,
        kind: "government_id",
        storagePath: "guest/session_abc/old-id.pdf",
        contentType: "application/pdf",
        byteSize: samplePdf().byteLength,
        originalName: "old-id.pdf",
      })
      .returning();
    const opened = await openDocumentAs(row!.id, { id: applicant.userId, roles: ["caregiver"] });
    expect(opened.status === "ok" && opened.bytes).toEqual(samplePdf());
    const [repaired] = await setup.db.select().from(caregiverDocuments).where(eq(caregiverDocuments.id, row!.id));
    expect(repaired!.storagePath).toBe(moved);

    // A document whose file is nowhere is "not found", not an error.
    const [lost] = await setup.db
      .insert(caregiverDocuments)
      .values({
        caregiverId: applicant.userId,
        kind: "certification",
        storagePath: `user_${applicant.userId}/certifications/lost.pdf`,
        contentType: "application/pdf",
        byteSize: 10,
        originalName: "lost.pdf",
      })
      .returning();
    expect(await openDocumentAs(lost!.id, { id: applicant.userId, roles: ["caregiver"] })).toEqual({
      status: "refused",
      reason: "not-found",
    });
  });

  test("a replaced ID and a restarted application leave no objects behind", async () => {
    const applicant = await apply();
    for (const name of ["first.pdf", "second.pdf"]) {
      // Two different files: the same one sent again would be the same document.
      const saved = await saveApplicationDocument({
        ownerId: applicant.userId,
        kind: "government_id",
        file: file(Buffer.concat([samplePdf(), Buffer.from(`%${name}\n`)]), name),
      });
      expect(saved.ok).toBe(true);
    }
    await saveApplicationDocument({
      ownerId: applicant.userId,
      kind: "profile_photo",
      file: file(await jpeg(), "me.jpg", "image/jpeg"),
    });
    expect((await objectsOf(applicant.userId)).filter((key) => key.includes("/documents/"))).toHaveLength(1);
    expect(await objectsOf(applicant.userId)).toHaveLength(3);

    await expect(restartApplication(applicant)).resolves.toBeUndefined();
    expect(await objectsOf(applicant.userId)).toEqual([]);
  });
});
