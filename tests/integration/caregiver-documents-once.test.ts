import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { caregiverApplicationDrafts, caregiverCertifications, caregiverDocuments } from "~/platform/db/schema";
import { completeDocuments } from "~/features/caregiver-onboarding/application.server";
import { deleteApplicationDocument, saveApplicationDocument } from "~/features/caregiver-onboarding/documents.server";
import { storageRoot } from "~/platform/storage/files.server";
import { samplePdf } from "../fixtures/documents";
import { useAuthTestSetup } from "./auth-env";
import { apply, file, jpeg } from "./caregiver-onboarding-helpers";

// One file chosen is one document stored (docs/product-rules.md, "Caregiver application and vetting"):
// the same bytes sent again for the same kind, one after the other or at the same time, give back the
// document already stored.

const setup = useAuthTestSetup();

async function stored(ownerId: string) {
  const rows = await setup.db
    .select({ id: caregiverDocuments.id, kind: caregiverDocuments.kind, name: caregiverDocuments.originalName })
    .from(caregiverDocuments)
    .where(eq(caregiverDocuments.caregiverId, ownerId));
  const folder = path.join(storageRoot(), "caregiver_documents", `user_${ownerId}`);
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) =>
    entry.isFile(),
  );
  return { rows, files: files.length };
}

const otherPdf = () => Buffer.concat([samplePdf(), Buffer.from("%another certificate\n")]);

describe("the same file sent twice", () => {
  test("one after the other, under another name too, is one document and one file", async () => {
    const applicant = await apply();
    const save = (name: string, bytes = samplePdf()) =>
      saveApplicationDocument({ ownerId: applicant.userId, kind: "certification", file: file(bytes, name) });
    const first = await save("cpr-card.pdf");
    expect(await save("cpr-card.pdf")).toEqual(first);
    expect(await save("cpr-card (1).pdf")).toEqual(first);
    expect(await stored(applicant.userId)).toEqual({
      rows: [{ id: first.documentId, kind: "certification", name: "cpr-card.pdf" }],
      files: 1,
    });
    const [draft] = await setup.db
      .select({ fileIds: caregiverApplicationDrafts.fileIds })
      .from(caregiverApplicationDrafts)
      .where(eq(caregiverApplicationDrafts.userId, applicant.userId));
    expect(draft?.fileIds).toEqual([first.documentId]);

    // Other bytes are another document.
    const second = await save("hha-card.pdf", otherPdf());
    expect(second.documentId).not.toBe(first.documentId);
    expect((await stored(applicant.userId)).rows).toHaveLength(2);

    // Removed, the same file can be sent again and is stored anew.
    await deleteApplicationDocument({ ownerId: applicant.userId, documentId: first.documentId });
    const again = await save("cpr-card.pdf");
    expect(again.documentId).not.toBe(first.documentId);
    expect(await stored(applicant.userId)).toMatchObject({ files: 2 });
  });

  test("at the same time (a double click), is one document; its file stays", async () => {
    const applicant = await apply();
    const save = () =>
      saveApplicationDocument({ ownerId: applicant.userId, kind: "certification", file: file(samplePdf(), "cpr.pdf") });
    const results = await Promise.all([save(), save(), save()]);
    expect(new Set(results.map((result) => result.documentId)).size).toBe(1);
    expect(await stored(applicant.userId)).toMatchObject({ files: 1 });
    expect((await stored(applicant.userId)).rows).toHaveLength(1);
  });

  test("the same ID or photo again keeps the one stored; the same bytes as another kind are that kind's own", async () => {
    const applicant = await apply();
    const photo = await jpeg();
    const save = (kind: "government_id" | "profile_photo", bytes: Uint8Array | Buffer, type = "application/pdf") =>
      saveApplicationDocument({ ownerId: applicant.userId, kind, file: file(bytes, `${kind}.bin`, type) });
    const id = await save("government_id", samplePdf());
    expect(await save("government_id", samplePdf())).toEqual(id);
    const portrait = await save("profile_photo", photo, "image/jpeg");
    expect(await save("profile_photo", photo, "image/jpeg")).toEqual(portrait);
    expect((await stored(applicant.userId)).rows).toHaveLength(2);
    await expect(completeDocuments(applicant)).resolves.toEqual({ ok: true });

    // A certificate that is the very file of the ID is a certificate of its own.
    const certificate = await saveApplicationDocument({
      ownerId: applicant.userId,
      kind: "certification",
      file: file(samplePdf(), "id-as-certificate.pdf"),
    });
    expect(certificate.documentId).not.toBe(id.documentId);
    expect((await stored(applicant.userId)).rows).toHaveLength(3);
  });

  test("sent again for a named certification, links that certification to the one document", async () => {
    const applicant = await apply();
    await setup.db.insert(caregiverCertifications).values([
      { caregiverId: applicant.userId, name: "CPR" },
      { caregiverId: applicant.userId, name: "First Aid" },
    ]);
    const save = (certificationName: string) =>
      saveApplicationDocument({
        ownerId: applicant.userId,
        kind: "certification",
        file: file(samplePdf(), "cpr-and-first-aid.pdf"),
        certificationName,
      });
    const first = await save("CPR");
    expect(await save("First Aid")).toEqual(first);
    const [document] = await setup.db
      .select({ storagePath: caregiverDocuments.storagePath })
      .from(caregiverDocuments)
      .where(eq(caregiverDocuments.id, first.documentId));
    const links = await setup.db
      .select({ name: caregiverCertifications.name, documentUrl: caregiverCertifications.documentUrl })
      .from(caregiverCertifications)
      .where(and(eq(caregiverCertifications.caregiverId, applicant.userId)));
    expect(links.toSorted((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "CPR", documentUrl: document!.storagePath },
      { name: "First Aid", documentUrl: document!.storagePath },
    ]);
  });
});
