import { messageText } from "~/i18n/i18n.server";
import { localeOfRequest } from "~/i18n/locale";

// The answer to a private document's signed link (docs/product-rules.md, "Caregiver application and vetting" and
// "Care documents"): the file, never cached and never shared between people, or one plain refusal.

export type OpenedFile =
  | { status: "ok"; bytes: Buffer; contentType: string; fileName: string }
  | { status: "refused"; reason: "valid" | "expired" | "invalid" | "not-yours" | "not-found" };

export function documentResponse(
  request: Request,
  opened: OpenedFile,
  userLocale: string | null | undefined,
): Response {
  const headers = new Headers({ "Cache-Control": "private, no-store", Vary: "Cookie" });
  if (opened.status === "refused") {
    const message = messageText(localeOfRequest(request, userLocale), {
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

/** A signed link's parameters from the request's query. */
export function linkParams(request: Request) {
  const query = new URL(request.url).searchParams;
  return {
    viewer: query.get("viewer") ?? undefined,
    expires: query.get("expires") ?? undefined,
    signature: query.get("signature") ?? undefined,
  };
}
