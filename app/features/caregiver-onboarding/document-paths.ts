import type { DocumentKind } from "~/db/schema";

// Where caregiver documents live in private storage (spec 7, Storage): the
// bucket caregiver_documents, paths user_{id}/{documents|certifications|
// profile_photos}/{file}. Files uploaded by older clients may sit elsewhere;
// the lookup tries the spec's fallbacks in order.

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

export const DOCUMENT_ERRORS = {
  missing: "Please choose a file to upload.",
  empty: "This file is empty. Please choose another file.",
  tooLarge: "Files must be 10 MB or smaller. Please choose a smaller file.",
  wrongType: "Please upload a PDF, JPEG, PNG, WebP or HEIC file. This file is not one of them.",
  wrongPhotoType: "Please upload your photo as a JPEG, PNG or WebP image.",
  unreadablePhoto: "We couldn't read that image. Please try another photo.",
} as const;

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  government_id: "Government-issued photo ID",
  certification: "Certification",
  profile_photo: "Profile photo",
};
