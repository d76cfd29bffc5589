import { and, count, eq, ne, sql } from "drizzle-orm";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { db, type Tx } from "~/platform/db/client.server";
import {
  caregiverApplicationDrafts,
  caregiverCertifications,
  caregiverDocuments,
  type DocumentKind,
  type Role,
} from "~/platform/db/schema";
import { deleteFile, readStoredFile, saveFile } from "~/platform/storage/files.server";
import type { OpenedFile } from "~/platform/storage/signed-links.server";
import { checkQuota, checkUpload, privateLinks, type LinkOpening } from "~/platform/storage/uploads.server";
import { AppError } from "~/utils/app-error";
import { saveCaregiverAvatar } from "~/features/caregivers/public.server";
import {
  DOCUMENT_ERRORS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_QUOTA,
  documentPath,
  documentPathCandidates,
  storageKeyOf,
} from "./document-paths";

// Private caregiver documents (docs/product-rules.md, "Caregiver application and vetting"): up to
// 10 MB, the type judged by content, stored under DATA_DIR, opened only
// through signed links that expire and name their viewer, who must be the
// owner or an administrator. Every administrator view is audited.

// Profile photos are resized for display, which HEIC (a patented codec) is not.
const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** Kinds the application keeps one of: a new upload replaces the previous one. */
const SINGLE_KINDS = new Set<DocumentKind>(["government_id", "profile_photo"]);

/** A stored document; a refused one throws an AppError with one of DOCUMENT_ERRORS. */
export type UploadResult = { ok: true; documentId: string };

/**
 * The applicant's document of this kind with exactly these bytes, if there is one. A file is
 * stored under the hash of its content, so the same file sent again (the Upload button after
 * choosing, a double click, a retry) finds the document it already made.
 */
async function sameDocument(executor: Tx | typeof db, ownerId: string, kind: DocumentKind, path: string) {
  const [row] = await executor
    .select({ id: caregiverDocuments.id })
    .from(caregiverDocuments)
    .where(
      and(
        eq(caregiverDocuments.caregiverId, ownerId),
        eq(caregiverDocuments.kind, kind),
        eq(caregiverDocuments.storagePath, path),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Links a certificate to the certification (named in the experience step) it proves. */
async function linkCertification(tx: Tx, ownerId: string, certificationName: string, path: string) {
  await tx
    .update(caregiverCertifications)
    .set({ documentUrl: path })
    .where(and(eq(caregiverCertifications.caregiverId, ownerId), eq(caregiverCertifications.name, certificationName)));
}

/**
 * Checks and stores one document of the applicant; nothing is stored when it
 * is refused. One file is one document: the same bytes sent again for the same
 * kind give back the document already stored (docs/product-rules.md, "Caregiver
 * application and vetting").
 */
export async function saveApplicationDocument({
  ownerId,
  kind,
  file,
  certificationName,
}: {
  ownerId: string;
  kind: DocumentKind;
  file: File | null;
  /** For a certificate: the certification (named in the experience step) it proves. */
  certificationName?: string;
}): Promise<UploadResult> {
  const { bytes, type, contentHash, name } = await checkUpload(file, {
    maxBytes: DOCUMENT_MAX_BYTES,
    refusals: DOCUMENT_ERRORS,
  });
  if (kind === "profile_photo" && !PHOTO_TYPES.has(type.mime)) {
    throw new AppError("invalid", DOCUMENT_ERRORS.wrongPhotoType);
  }
  const path = documentPath(ownerId, kind, `${contentHash}.${type.extension}`);
  const stored = await sameDocument(db, ownerId, kind, path);
  if (stored) {
    if (kind === "certification" && certificationName) {
      await db.transaction((tx) => linkCertification(tx, ownerId, certificationName, path));
    }
    return { ok: true, documentId: stored.id };
  }
  // Checked before anything is written, and again below under a lock.
  await checkDocumentQuota(db, ownerId, kind, bytes.byteLength);
  if (kind === "profile_photo") {
    // The resized copy shown on the profile (and its avatar) comes first: an unreadable photo stores nothing.
    await saveCaregiverAvatar({ userId: ownerId, bytes });
  }

  await saveFile(storageKeyOf(path), bytes);
  const originalName = (name || `${kind}.${type.extension}`).slice(0, 255);
  let replaced: { id: string; storagePath: string }[] = [];
  try {
    const documentId = await db.transaction(async (tx) => {
      // Uploads of one owner take turns here, so that two at once cannot both pass the quota
      // nor both store the same file.
      await tx
        .select({ userId: caregiverApplicationDrafts.userId })
        .from(caregiverApplicationDrafts)
        .where(eq(caregiverApplicationDrafts.userId, ownerId))
        .for("update");
      const twin = await sameDocument(tx, ownerId, kind, path);
      if (twin) {
        if (kind === "certification" && certificationName) {
          await linkCertification(tx, ownerId, certificationName, path);
        }
        return twin.id;
      }
      await checkDocumentQuota(tx, ownerId, kind, bytes.byteLength);
      if (SINGLE_KINDS.has(kind)) {
        replaced = await tx
          .delete(caregiverDocuments)
          .where(and(eq(caregiverDocuments.caregiverId, ownerId), eq(caregiverDocuments.kind, kind)))
          .returning({ id: caregiverDocuments.id, storagePath: caregiverDocuments.storagePath });
      }
      const [row] = await tx
        .insert(caregiverDocuments)
        .values({
          caregiverId: ownerId,
          kind,
          storagePath: path,
          contentType: type.mime,
          byteSize: bytes.byteLength,
          originalName,
        })
        .returning({ id: caregiverDocuments.id });
      if (kind === "certification" && certificationName) {
        await linkCertification(tx, ownerId, certificationName, path);
      }
      await syncDraftFileIds(tx, ownerId);
      return row!.id;
    });
    for (const document of replaced) await deleteFile(storageKeyOf(document.storagePath)).catch(() => undefined);
    return { ok: true, documentId };
  } catch (error) {
    // The same file sent at the same time may have made its document meanwhile: its file stays.
    if (!(await sameDocument(db, ownerId, kind, path))) await deleteFile(storageKeyOf(path));
    throw error;
  }
}

/**
 * Refuses (too_large) a new document of `byteSize` bytes that would pass the
 * owner's quota (DOCUMENT_QUOTA, over every kind). A kind kept once counts
 * without the document the upload replaces.
 */
async function checkDocumentQuota(
  tx: Tx | typeof db,
  ownerId: string,
  kind: DocumentKind,
  byteSize: number,
): Promise<void> {
  const [kept] = await tx
    .select({ files: count(), bytes: sql<string>`coalesce(sum(${caregiverDocuments.byteSize}), 0)` })
    .from(caregiverDocuments)
    .where(
      and(
        eq(caregiverDocuments.caregiverId, ownerId),
        SINGLE_KINDS.has(kind) ? ne(caregiverDocuments.kind, kind) : undefined,
      ),
    );
  checkQuota({ files: kept?.files ?? 0, bytes: Number(kept?.bytes ?? 0) }, byteSize, DOCUMENT_QUOTA, DOCUMENT_ERRORS);
}

/** The draft's list of uploaded files follows the owner's documents. */
async function syncDraftFileIds(tx: Tx | typeof db, ownerId: string) {
  await tx
    .update(caregiverApplicationDrafts)
    .set({
      fileIds: sql`array(select ${caregiverDocuments.id}::text from ${caregiverDocuments} where ${caregiverDocuments.caregiverId} = ${ownerId} order by ${caregiverDocuments.createdAt})`,
    })
    .where(eq(caregiverApplicationDrafts.userId, ownerId));
}

/** Removes one of the owner's documents (a certification uploaded by mistake). */
export async function deleteApplicationDocument({ ownerId, documentId }: { ownerId: string; documentId: string }) {
  const [removed] = await db
    .delete(caregiverDocuments)
    .where(and(eq(caregiverDocuments.id, documentId), eq(caregiverDocuments.caregiverId, ownerId)))
    .returning({ storagePath: caregiverDocuments.storagePath });
  if (removed) {
    await db
      .update(caregiverCertifications)
      .set({ documentUrl: null })
      .where(
        and(
          eq(caregiverCertifications.caregiverId, ownerId),
          eq(caregiverCertifications.documentUrl, removed.storagePath),
        ),
      );
    await syncDraftFileIds(db, ownerId);
    await deleteFile(storageKeyOf(removed.storagePath)).catch(() => undefined);
  }
  return removed !== undefined;
}

const links = privateLinks("tendly caregiver document links", (documentId) => `caregiver-document:${documentId}`);

/** A link to one document for one viewer, valid for an hour. */
export function documentLink(documentId: string, viewerId: string, now = new Date()): string {
  return links.sign(`/media/documents/${encodeURIComponent(documentId)}`, documentId, viewerId, now);
}

export type DocumentViewer = { id: string; roles: readonly Role[] };

export type OpenedDocument = OpenedFile;

/**
 * Opens a document through a signed link: the link must be valid and
 * unexpired, made for this viewer, and the viewer the owner or an
 * administrator. An administrator's view of someone else's document is
 * written to the audit log (admin_data_access).
 */
export async function openDocument({
  documentId,
  params,
  viewer,
  request,
  now = new Date(),
}: LinkOpening<DocumentViewer>): Promise<OpenedDocument> {
  const check = links.check(documentId, params, viewer?.id ?? null, now);
  if (check !== "valid" || !viewer) return { status: "refused", reason: check === "valid" ? "not-yours" : check };
  if (!/^[0-9a-f-]{36}$/i.test(documentId)) return { status: "refused", reason: "not-found" };
  const [document] = await db.select().from(caregiverDocuments).where(eq(caregiverDocuments.id, documentId)).limit(1);
  if (!document) return { status: "refused", reason: "not-found" };
  const isOwner = document.caregiverId === viewer.id;
  const isAdmin = viewer.roles.includes("admin");
  if (!isOwner && !isAdmin) return { status: "refused", reason: "not-yours" };

  const bytes = await readDocumentBytes(document);
  if (!bytes) return { status: "refused", reason: "not-found" };
  if (!isOwner) {
    await recordSecurityEvent({
      type: "admin_data_access",
      userId: viewer.id,
      category: "admin",
      request,
      metadata: { resource: "caregiver_document", documentId, caregiverId: document.caregiverId, kind: document.kind },
    });
  }
  return { status: "ok", bytes, contentType: document.contentType, fileName: document.originalName };
}

/** The file of a document, trying the fallback paths and repairing the stored path when one matches. */
async function readDocumentBytes(document: typeof caregiverDocuments.$inferSelect): Promise<Buffer | null> {
  for (const candidate of documentPathCandidates(document.storagePath, document.caregiverId)) {
    const bytes = await readStoredFile(storageKeyOf(candidate)).catch(() => null);
    if (!bytes) continue;
    if (candidate !== document.storagePath) {
      await db.transaction(async (tx) => {
        await tx
          .update(caregiverDocuments)
          .set({ storagePath: candidate })
          .where(eq(caregiverDocuments.id, document.id));
        // Update caregiver_certifications set document_url where caregiver_id and old document_url match.
        await tx
          .update(caregiverCertifications)
          .set({ documentUrl: candidate })
          .where(
            and(
              eq(caregiverCertifications.caregiverId, document.caregiverId),
              eq(caregiverCertifications.documentUrl, document.storagePath),
            ),
          );
      });
    }
    return bytes;
  }
  return null;
}
