import { eq } from "drizzle-orm";
import type Sharp from "sharp";
import { loadOnUse } from "~/utils/load-on-use.server";

/** Loaded with the first image (utils/load-on-use.server.ts). */
const sharp = loadOnUse<typeof Sharp>("sharp");
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { db } from "~/platform/db/client.server";
import { orders, visitNotePhotos, visitNotes, visits } from "~/platform/db/schema";
import { sniffContentType } from "~/platform/storage/content-type";
import { deleteFile, randomFileId, readStoredFile, saveFile } from "~/platform/storage/files.server";
import { AppError } from "~/utils/app-error";
import type { Role } from "~/utils/roles";
import { isUuid } from "~/features/visits/public";
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from "./visit-note-rules";

// Visit photos (docs/product-rules.md, "Visit notes and the care timeline"): checked like caregiver
// documents (size, type judged by content, never by name), then decoded and
// re-encoded, which applies the camera's orientation, bounds the size and drops
// the metadata (where the photo was taken: the family's home). Kept in private
// storage; only /media/visit-photos/:photoId serves them, to the note's
// caregiver, the order's family and administrators.

// A small file can still claim enormous dimensions (a "decompression bomb").
const MAX_INPUT_PIXELS = 50_000_000;
/** The longest side a stored photo keeps: plenty for a phone screen, a fraction of the upload. */
const MAX_SIDE = 1600;

export type PreparedPhoto = { bytes: Buffer; contentType: "image/jpeg" };

/** Checks and re-encodes one uploaded photo; refuses (AppError) anything but a readable JPEG, PNG or WebP. */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (file.size === 0) throw new AppError("invalid", { key: "notes:errors.photoEmpty" });
  if (file.size > PHOTO_MAX_BYTES) throw new AppError("too_large", { key: "notes:errors.photoTooLarge" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffContentType(bytes);
  if (!type || !(PHOTO_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError("invalid", { key: "notes:errors.photoWrongType" });
  }
  try {
    const encoded = await sharp()(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return { bytes: encoded, contentType: "image/jpeg" };
  } catch {
    throw new AppError("invalid", { key: "notes:errors.photoUnreadable" });
  }
}

/** The storage key of a new photo of a visit's note: random, never guessed. */
export function photoKey(visitId: string): string {
  return `visit-notes/${visitId}/${randomFileId()}.jpg`;
}

/** Stores prepared photos; returns their keys (remove them with discardPhotos if the save fails). */
export async function storePhotos(visitId: string, photos: PreparedPhoto[]) {
  const stored: { storageKey: string; contentType: string; sizeBytes: number }[] = [];
  try {
    for (const photo of photos) {
      const storageKey = photoKey(visitId);
      await saveFile(storageKey, photo.bytes);
      stored.push({ storageKey, contentType: photo.contentType, sizeBytes: photo.bytes.byteLength });
    }
  } catch (error) {
    await discardPhotos(stored.map((photo) => photo.storageKey));
    throw error;
  }
  return stored;
}

export async function discardPhotos(keys: string[]) {
  for (const key of keys) await deleteFile(key).catch(() => undefined);
}

/** Where a photo is served (the route checks who asks). */
export function visitPhotoUrl(photoId: string): string {
  return `/media/visit-photos/${photoId}`;
}

export type PhotoViewer = { id: string; roles: readonly Role[] };
export type OpenedPhoto = { bytes: Buffer; contentType: string; photoId: string };

/**
 * A visit photo for its viewer: the note's caregiver, the order's family or an
 * administrator; null (the route answers 404) for anyone else, an unknown id,
 * or a photo a correction removed (kept for administrators only). An
 * administrator's view is written to the audit log (admin_data_access).
 */
export async function openVisitPhoto({
  photoId,
  viewer,
  request,
}: {
  photoId: string;
  viewer: PhotoViewer | null;
  request?: Request;
}): Promise<OpenedPhoto | null> {
  if (!viewer || !isUuid(photoId)) return null;
  const [row] = await db
    .select({
      storageKey: visitNotePhotos.storageKey,
      contentType: visitNotePhotos.contentType,
      removedAt: visitNotePhotos.removedAt,
      caregiverId: visitNotes.caregiverId,
      clientId: orders.clientId,
      orderId: orders.id,
    })
    .from(visitNotePhotos)
    .innerJoin(visitNotes, eq(visitNotes.id, visitNotePhotos.noteId))
    .innerJoin(visits, eq(visits.id, visitNotes.visitId))
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .where(eq(visitNotePhotos.id, photoId));
  if (!row) return null;
  const isAdmin = viewer.roles.includes("admin");
  const isOwn =
    (viewer.roles.includes("caregiver") && row.caregiverId === viewer.id) ||
    (viewer.roles.includes("client") && row.clientId === viewer.id);
  if (!isAdmin && !isOwn) return null;
  if (row.removedAt && !isAdmin) return null;
  const bytes = await readStoredFile(row.storageKey).catch(() => null);
  if (!bytes) return null;
  if (!isOwn) {
    await recordSecurityEvent({
      type: "admin_data_access",
      userId: viewer.id,
      category: "admin",
      request,
      metadata: { resource: "visit_note_photo", photoId, orderId: row.orderId },
    });
  }
  return { bytes, contentType: row.contentType, photoId };
}
