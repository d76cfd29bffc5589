import { getCurrentUser } from "~/platform/auth/session.server";
import { openVisitPhoto } from "~/features/visit-notes/photos.server";
import type { Route } from "./+types/visit-photo";

// A visit note's photo, from private storage (docs/product-rules.md, "Visit
// notes"): to the note's caregiver, the order's family and administrators;
// anyone else gets 404, as if there were none.
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getCurrentUser(request);
  const photo = await openVisitPhoto({
    photoId: params.photoId,
    viewer: viewer ? { id: viewer.id, roles: viewer.roles } : null,
    request,
  });
  // X-Content-Type-Options: nosniff comes with every response (server/security-headers.ts).
  const headers = new Headers({ Vary: "Cookie" });
  if (!photo) {
    headers.set("Cache-Control", "no-store");
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response("Not found", { status: 404, headers });
  }
  // A photo id never changes content; "private" because who may see it is per person.
  headers.set("Cache-Control", "private, max-age=3600");
  headers.set("Content-Type", photo.contentType);
  headers.set("Content-Length", String(photo.bytes.byteLength));
  headers.set("Content-Disposition", "inline");
  return new Response(new Uint8Array(photo.bytes), { status: 200, headers });
}
