import { getCurrentUser } from "~/platform/auth/session.server";
import { currentApplicant } from "~/features/caregiver-onboarding/applicant.server";
import { openDocument } from "~/features/caregiver-onboarding/documents.server";
import { messageText } from "~/i18n/i18n.server";
import { localeOfRequest } from "~/i18n/locale";
import type { Route } from "./+types/document";

// A caregiver document through its signed link (docs/product-rules.md, "Caregiver application and vetting"): valid,
// unexpired, made for the person opening it, who must be the owner or an
// administrator. Everything else gets the same plain refusal.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const applicant = user ? null : await currentApplicant(request);
  const viewer = user ? { id: user.id, roles: user.roles } : applicant ? { id: applicant.userId, roles: [] } : null;
  const query = new URL(request.url).searchParams;
  const opened = await openDocument({
    documentId: params.documentId,
    params: {
      viewer: query.get("viewer") ?? undefined,
      expires: query.get("expires") ?? undefined,
      signature: query.get("signature") ?? undefined,
    },
    viewer,
    request,
  });
  const headers = new Headers({ "Cache-Control": "private, no-store", Vary: "Cookie" });
  if (opened.status === "refused") {
    const message = messageText(localeOfRequest(request, user?.locale), {
      key:
        opened.reason === "expired"
          ? "common:documentLink.expired"
          : opened.reason === "not-found"
            ? "common:documentLink.notFound"
            : "common:documentLink.denied",
    });
    const status = opened.reason === "not-found" ? 404 : opened.reason === "expired" ? 410 : 403;
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(message, { status, headers });
  }
  headers.set("Content-Type", opened.contentType);
  headers.set("Content-Length", String(opened.bytes.byteLength));
  headers.set("Content-Disposition", `inline; filename*=UTF-8''${encodeURIComponent(opened.fileName)}`);
  return new Response(new Uint8Array(opened.bytes), { status: 200, headers });
}
