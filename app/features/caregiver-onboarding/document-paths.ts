import type { DocumentKind } from "~/platform/db/schema";
import type { MessageKey } from "~/i18n/message-keys";

// The document kinds, for routes (which never import app/platform/db).
export { DOCUMENT_KINDS, type DocumentKind } from "~/platform/db/schema";

// Where caregiver documents live in private storage (docs/product-rules.md, "Caregiver application and vetting"): the
// bucket caregiver_documents, paths user_{id}/{documents|certifications|
// profile_photos}/{file}. Files uploaded by older clients may sit elsewhere;
// the lookup tries the fallbacks in order.

export const DOCUMENTS_BUCKET = "caregiver_documents";

const FOLDERS: Record<DocumentKind, string> = {
  government_id: "documents",
  certification: "certifications",
  profile_photo: "profile_photos",
};

/** The bucket-relative path of a new upload. */
export function documentPath(ownerId: string, kind: DocumentKind, fileName: string): string {
  return `user_${ownerId}/${FOLDERS[kind]}/${fileName}`;
}

/** The storage key (under the private uploads root) of a bucket-relative path. */
export function storageKeyOf(path: string): string {
  return `${DOCUMENTS_BUCKET}/${path}`;
}

/**
 * The paths to try for a stored document path, in order: as given; with the
 * bucket prefix removed; and, for paths of a pre-sign-up session
 * (user_session_..., guest/session_...), the file under the owner's
 * documents, certifications and profile photos folders.
 */
export function documentPathCandidates(path: string, ownerId: string): string[] {
  const candidates = [path];
  const prefix = `${DOCUMENTS_BUCKET}/`;
  if (path.startsWith(prefix)) candidates.push(path.slice(prefix.length));
  if (path.includes("user_session_") || path.includes("guest/session_")) {
    const file = path.split("/").pop() ?? "";
    if (file) {
      for (const folder of Object.values(FOLDERS)) candidates.push(`user_${ownerId}/${folder}/${file}`);
    }
  }
  return [...new Set(candidates)];
}

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What one applicant (one account) may keep across every document kind, so
 * that an account nobody verified cannot fill the storage
 * (docs/product-rules.md, Upload and application limits).
 */
export const DOCUMENT_QUOTA = { maxFiles: 10, maxTotalBytes: 25 * 1024 * 1024 } as const;

/** A refused upload's message keys (an unreadable photo is the avatar's: caregivers/avatar.server.ts). */
export const DOCUMENT_ERRORS = {
  missing: "onboarding:errors.document.missing",
  empty: "onboarding:errors.document.empty",
  tooLarge: "onboarding:errors.document.tooLarge",
  wrongType: "onboarding:errors.document.wrongType",
  wrongPhotoType: "onboarding:errors.document.wrongPhotoType",
  tooManyFiles: "onboarding:errors.document.tooManyFiles",
  quotaExceeded: "onboarding:errors.document.quotaExceeded",
} as const satisfies Record<string, MessageKey>;

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  government_id: "Government-issued photo ID",
  certification: "Certification",
  profile_photo: "Profile photo",
};
