import { getCurrentUser } from "~/platform/auth/session.server";
import { currentApplicant } from "~/features/caregiver-onboarding/applicant.server";
import { openDocument } from "~/features/caregiver-onboarding/documents.server";
import type { Route } from "./+types/document";
import { documentResponse, linkParams } from "./document.server";

// A caregiver document through its signed link (docs/product-rules.md, "Caregiver application and vetting"): valid,
// unexpired, made for the person opening it, who must be the owner or an
// administrator. Everything else gets the same plain refusal.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const applicant = user ? null : await currentApplicant(request);
  const viewer = user ? { id: user.id, roles: user.roles } : applicant ? { id: applicant.userId, roles: [] } : null;
  const opened = await openDocument({ documentId: params.documentId, params: linkParams(request), viewer, request });
  return documentResponse(request, opened, user?.locale);
}
