import { getCurrentUser } from "~/platform/auth/session.server";
import { readCaregiverAvatar, type StoredAvatar } from "~/features/caregivers/avatar.server";
import type { Route } from "./+types/avatar";

// A caregiver's profile photo, from private storage. Anyone may see the photo
// of an approved caregiver (public profiles show it, by slug: caregiver-photo.ts);
// otherwise only the caregiver and administrators. Others get 404, as if there were none.
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getCurrentUser(request);
  return avatarResponse(request, await readCaregiverAvatar({ userId: params.userId, viewer }));
}

/** The photo, or 404; cached per version. */
export function avatarResponse(request: Request, avatar: StoredAvatar | null): Response {
  // X-Content-Type-Options: nosniff comes with every response (server/security-headers.ts).
  const headers = new Headers({ Vary: "Cookie" });
  if (!avatar) {
    headers.set("Cache-Control", "no-store");
    return new Response("Not found", { status: 404, headers });
  }
  // Each upload has its own ?v=, so a versioned URL never changes content;
  // "private" because who may see it can change (a caregiver suspended).
  const isCurrentVersion = new URL(request.url).searchParams.get("v") === avatar.fileId;
  headers.set("Cache-Control", isCurrentVersion ? "private, max-age=86400" : "private, no-cache");
  headers.set("ETag", `"${avatar.fileId}"`);
  if (request.headers.get("if-none-match") === `"${avatar.fileId}"`)
    return new Response(null, { status: 304, headers });
  headers.set("Content-Type", avatar.contentType);
  headers.set("Content-Length", String(avatar.bytes.byteLength));
  headers.set("Content-Disposition", "inline");
  return new Response(new Uint8Array(avatar.bytes), { status: 200, headers });
}
