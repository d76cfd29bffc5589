import { eq } from "drizzle-orm";
import type Sharp from "sharp";
import { loadOnUse } from "~/utils/load-on-use.server";

/** Loaded with the first image (utils/load-on-use.server.ts). */
const sharp = loadOnUse<typeof Sharp>("sharp");
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { caregiverProfiles } from "~/platform/db/schema";
import { sniffContentType } from "~/platform/storage/content-type";
import { deleteFile, randomFileId, readStoredFile, saveFile } from "~/platform/storage/files.server";
import type { MessageRef } from "~/i18n/message-keys";
import { AppError } from "~/utils/app-error";

// Caregiver avatars (docs/product-rules.md, "Accounts and sign-in"): a caregiver's profile update sends the avatar too.
// JPEG, PNG or WebP up to 10 MB, judged by content; stored privately
// as a 256 x 256 WebP (decoding and re-encoding also drops the photo's
// metadata, such as where it was taken) and served by /media/avatar/:userId.

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_SIZE = 256;
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp"]);
// A small file can still claim enormous dimensions (a "decompression bomb").
const MAX_INPUT_PIXELS = 50_000_000;

/** A file over AVATAR_MAX_BYTES; also the route's answer to a form too large to read. */
export const AVATAR_TOO_LARGE = { key: "account:profile.photo.errors.tooLarge" } as const satisfies MessageRef;

/** A saved avatar; a refused one throws an AppError with a key of account:profile.photo.errors. */
export type AvatarResult = { ok: true; avatarUrl: string };

/** The public path of an avatar version; `v` changes with every upload, so caches never show an old one. */
export function avatarUrl(userId: string, fileId: string): string {
  return `/media/avatar/${encodeURIComponent(userId)}?v=${fileId}`;
}

const avatarKey = (userId: string, fileId: string) => `avatars/${userId}/${fileId}.webp`;

/**
 * The address public pages show for an approved caregiver's photo: by the
 * profile's slug, so that no public page carries the caregiver's user id.
 */
export function publicAvatarUrl(slug: string, photoUrl: string | null): string | null {
  if (!photoUrl) return null;
  const fileId = new URL(photoUrl, "http://tendly.invalid").searchParams.get("v");
  return fileId && /^[\w-]+$/.test(fileId) ? `/media/caregivers/${encodeURIComponent(slug)}/photo?v=${fileId}` : null;
}

/** The file id of the current avatar, from the URL saved in caregiver_profiles. */
function currentFileId(photoUrl: string | null, userId: string): string | null {
  if (!photoUrl) return null;
  const url = new URL(photoUrl, "http://tendly.invalid");
  const fileId = url.searchParams.get("v");
  return url.pathname === `/media/avatar/${encodeURIComponent(userId)}` && fileId && /^[\w-]+$/.test(fileId)
    ? fileId
    : null;
}

/** Checks, resizes and stores a caregiver's new avatar; nothing is stored when it is refused. */
export async function saveCaregiverAvatar({
  userId,
  bytes,
}: {
  userId: string;
  bytes: Uint8Array;
}): Promise<AvatarResult> {
  if (bytes.byteLength === 0) throw new AppError("invalid", { key: "account:profile.photo.errors.empty" });
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new AppError("too_large", AVATAR_TOO_LARGE);
  const type = sniffContentType(bytes);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new AppError("invalid", { key: "account:profile.photo.errors.wrongType" });
  }

  let resized: Buffer;
  try {
    resized = await sharp()(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate() // apply the camera's orientation before the metadata goes
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError("invalid", { key: "account:profile.photo.errors.unreadable" });
  }

  const [profile] = await db
    .select({ photoUrl: caregiverProfiles.profilePhotoUrl })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, userId))
    .limit(1);
  if (!profile) throw new AppError("not_found", { key: "account:profile.photo.errors.profileNotFound" });

  const fileId = randomFileId();
  await saveFile(avatarKey(userId, fileId), resized);
  const url = avatarUrl(userId, fileId);
  try {
    await db.update(caregiverProfiles).set({ profilePhotoUrl: url }).where(eq(caregiverProfiles.userId, userId));
  } catch (error) {
    await deleteFile(avatarKey(userId, fileId));
    throw error;
  }
  const previous = currentFileId(profile.photoUrl, userId);
  if (previous) await deleteFile(avatarKey(userId, previous)).catch(() => undefined);
  return { ok: true, avatarUrl: url };
}

/** Removes a caregiver's avatar (the application started over): the profile falls back to the initial. */
export async function removeCaregiverAvatar(userId: string): Promise<void> {
  const [previous] = await db
    .select({ photoUrl: caregiverProfiles.profilePhotoUrl })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, userId))
    .limit(1);
  await db.update(caregiverProfiles).set({ profilePhotoUrl: null }).where(eq(caregiverProfiles.userId, userId));
  const fileId = currentFileId(previous?.photoUrl ?? null, userId);
  if (fileId) await deleteFile(avatarKey(userId, fileId)).catch(() => undefined);
}

export type StoredAvatar = { bytes: Buffer; contentType: "image/webp"; fileId: string };

/**
 * The current avatar of caregiver `userId` as `viewer` may see it: anyone once
 * the caregiver is approved (public profiles show it), otherwise only the
 * caregiver and administrators. Null when there is none or it is not theirs to see.
 */
export async function readCaregiverAvatar({
  userId,
  viewer,
}: {
  userId: string;
  viewer: Pick<CurrentUser, "id" | "roles"> | null;
}): Promise<StoredAvatar | null> {
  const [profile] = await db
    .select({ photoUrl: caregiverProfiles.profilePhotoUrl, status: caregiverProfiles.caregiverStatus })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, userId))
    .limit(1);
  if (!profile) return null;
  const mayView = profile.status === "approved" || viewer?.id === userId || !!viewer?.roles.includes("admin");
  if (!mayView) return null;
  const fileId = currentFileId(profile.photoUrl, userId);
  if (!fileId) return null;
  const bytes = await readStoredFile(avatarKey(userId, fileId));
  return bytes ? { bytes, contentType: "image/webp", fileId } : null;
}

/** The photo of the approved caregiver whose public profile is at `slug`, or null. */
export async function readPublicCaregiverAvatar(slug: string): Promise<StoredAvatar | null> {
  const [profile] = await db
    .select({ userId: caregiverProfiles.userId })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.slug, slug))
    .limit(1);
  return profile ? readCaregiverAvatar({ userId: profile.userId, viewer: null }) : null;
}
