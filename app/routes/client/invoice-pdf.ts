import { data } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { getFamilyInvoice } from "~/features/billing/family-billing.server";
import { invoicePdfFileName, renderInvoicePdf } from "~/features/billing/invoice-pdf.server";
import { localeOfRequest } from "~/i18n/locale";
import { isAppError } from "~/utils/app-error";
import type { Route } from "./+types/invoice-pdf";

// An invoice as a PDF download (/dashboard/billing/:invoiceNumber/pdf), in the reader's language.
// A resource route: the area's guard covers it and the loader checks again; another family's
// invoice, or one that does not exist, is a 404.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, ["client"]);
  let invoice;
  try {
    invoice = await getFamilyInvoice({ actor: user, invoiceNumber: params.invoiceNumber });
  } catch (error) {
    if (isAppError(error)) throw data(null, { status: error.status });
    throw error;
  }
  const pdf = await renderInvoicePdf({
    invoice,
    locale: localeOfRequest(request, user.locale),
    clientName: invoice.holderName,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoicePdfFileName(invoice.invoiceNumber)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
