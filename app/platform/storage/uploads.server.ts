import { createHash } from "node:crypto";
import type { MessageKey } from "~/i18n/message-keys";
import { getAuth } from "~/platform/auth/auth.server";
import { AppError } from "~/utils/app-error";
import { deriveKey } from "~/utils/derived-key.server";
import { sniffContentType, type SniffedType } from "./content-type";
import { checkLink, signLink, type SignedLinkParams } from "./signed-links.server";

// The rules every private upload follows (docs/product-rules.md, "Upload and application limits"): a file is
// there and not empty, within its size, of a type judged by its content (never by its name or the type the
// browser claims), and within what its owner may keep. The caregiver application's documents and the families'
// care documents both go through here; each feature words its refusals with its own message keys.

/** Private documents: PDF and the photo formats phones make. */
export const DOCUMENT_TYPES: ReadonlySet<SniffedType["mime"]> = new Set([
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
]);

export type UploadRefusals = { missing: MessageKey; empty: MessageKey; tooLarge: MessageKey; wrongType: MessageKey };

/** A checked upload: its bytes, its type by content and the hash of its content. */
export type CheckedUpload = { bytes: Uint8Array; type: SniffedType; contentHash: string; name: string };

/** Reads and checks one uploaded file; a refusal throws an AppError with the feature's key. */
export async function checkUpload(
  file: File | null,
  {
    maxBytes,
    types = DOCUMENT_TYPES,
    refusals,
  }: { maxBytes: number; types?: ReadonlySet<string>; refusals: UploadRefusals },
): Promise<CheckedUpload> {
  if (!file || (file.size === 0 && !file.name)) throw new AppError("invalid", refusals.missing);
  if (file.size === 0) throw new AppError("invalid", refusals.empty);
  if (file.size > maxBytes) throw new AppError("too_large", refusals.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffContentType(bytes);
  if (!type || !types.has(type.mime)) throw new AppError("invalid", refusals.wrongType);
  const contentHash = createHash("sha256").update(bytes).digest("hex");
  return { bytes, type, contentHash, name: file.name.slice(0, 255) };
}

export type UploadQuota = { readonly maxFiles: number; readonly maxTotalBytes: number };

/** Refuses (too_large) one more file of `byteSize` bytes beside what the owner keeps, past the quota. */
export function checkQuota(
  kept: { files: number; bytes: number },
  byteSize: number,
  quota: UploadQuota,
  refusals: { tooManyFiles: MessageKey; quotaExceeded: MessageKey },
): void {
  if (kept.files + 1 > quota.maxFiles) throw new AppError("too_large", refusals.tooManyFiles);
  if (kept.bytes + byteSize > quota.maxTotalBytes) throw new AppError("too_large", refusals.quotaExceeded);
}

/** The signing key of one kind of private link, derived from the auth secret. */
export function linkKey(purpose: string): Buffer {
  const secret = getAuth().options.secret;
  if (!secret) throw new Error("The auth secret is not set.");
  return deriveKey(secret, purpose);
}

/** What a route passes to open a private file through its signed link. */
export type LinkOpening<Viewer extends { id: string }> = {
  documentId: string;
  params: Partial<SignedLinkParams>;
  viewer: Viewer | null;
  request: Request;
  now?: Date;
};

/**
 * The signed links of one kind of private file: `sign` makes `/media/...?viewer&expires&signature` for one
 * viewer, `check` says whether a link is valid, unexpired and made for the person opening it. A valid link
 * proves only that: whether that person may read the file is the feature's to decide, when it is opened.
 */
export function privateLinks(purpose: string, resourceOf: (id: string) => string) {
  return {
    sign(path: string, id: string, viewerId: string, now = new Date()): string {
      const params = signLink({ key: linkKey(purpose), resource: resourceOf(id), viewerId, now });
      return `${path}?${new URLSearchParams(params).toString()}`;
    },
    check(id: string, params: Partial<SignedLinkParams>, viewerId: string | null, now = new Date()) {
      const check = checkLink({ key: linkKey(purpose), resource: resourceOf(id), params, now });
      if (check !== "valid") return check;
      return viewerId && viewerId === params.viewer ? "valid" : ("not-yours" as const);
    },
  };
}
