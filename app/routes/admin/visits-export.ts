import { redirect } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { exportFileName, EXPORT_RANGE_ORDER_MESSAGE, EXPORT_RANGE_TOO_LONG_MESSAGE } from "~/features/evv/evv-rules";
import { ExportRangeSchema } from "~/features/evv/evv.schema";
import { exportVisits, visitsCsv } from "~/features/evv/export.server";
import { labelsFor } from "~/i18n/i18n.server";
import { localeOfRequest } from "~/i18n/locale";
import type { Route } from "./+types/visits-export";

// The EVV export (docs/product-rules.md, "Visits"): the visits of a date range
// as a CSV download. A resource route: the admin layout's guard covers it,
// and the loader checks again. A refused range goes back to /admin/visits
// with the reason, where the form shows it.

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const search = new URL(request.url).searchParams;
  const range = ExportRangeSchema.safeParse({ from: search.get("from") ?? "", to: search.get("to") ?? "" });
  if (!range.success) {
    const message = range.error.issues[0]?.message;
    const reason =
      message === EXPORT_RANGE_ORDER_MESSAGE
        ? "order"
        : message === EXPORT_RANGE_TOO_LONG_MESSAGE
          ? "too-long"
          : "date";
    const back = new URLSearchParams({ exportError: reason });
    for (const key of ["from", "to"] as const) {
      const value = search.get(key);
      if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) back.set(key, value);
    }
    throw redirect(`/admin/visits?${back.toString()}`);
  }
  const { from, to } = range.data;
  const rows = await exportVisits({ actor, from, to });
  const labels = labelsFor(localeOfRequest(request, actor.locale));
  return new Response(visitsCsv(rows, labels.service), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(from, to)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
