import { getCurrentUser } from "~/platform/auth/session.server";
import { openCareDocument } from "~/features/care-documents/care-documents.server";
import type { Route } from "./+types/care-document";
import { documentResponse, linkParams } from "./document.server";

// A family's care document through its signed link (docs/product-rules.md, "Care documents"): valid, unexpired,
// made for the person opening it, who must now be the family, an administrator or the caregiver of a confirmed
// or in-progress order it is shared with. The right is checked here, at every opening: a link made while an
// order was active stops working when the order ends.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const opened = await openCareDocument({
    documentId: params.documentId,
    params: linkParams(request),
    viewer: user ? { id: user.id, roles: user.roles } : null,
    request,
  });
  return documentResponse(request, opened, user?.locale);
}
