import { requireRole } from "~/platform/auth/session.server";
import { MAX_AUDIT_EXPORT_ROWS } from "~/features/audit/audit-log";
import { AuditQuerySchema, exportAuditEvents } from "~/features/audit/audit-log.server";
import { getServerT } from "~/i18n/i18n.server";
import { csvDocument } from "~/utils/csv.server";
import { searchParamsObject } from "~/utils/list-params";
import type { Route } from "./+types/audit-export";

// The audit log as CSV (docs/product-rules.md, "Audit log"): the events of the viewer's filter, in its order, at
// most MAX_AUDIT_EXPORT_ROWS; a cut file says so in its last row. A resource route: the admin layout's guard
// covers it, and the loader checks again.

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { t } = getServerT(request, "audit", actor.locale);
  const query = AuditQuerySchema.parse(searchParamsObject(url.searchParams));
  const { rows, cut } = await exportAuditEvents({ actor, query });
  const columns = [
    "when",
    "action",
    "eventType",
    "severity",
    "category",
    "person",
    "email",
    "ip",
    "userAgent",
    "details",
  ];
  const records: (string | number | null)[][] = rows.map((row) => [
    row.createdAt.toISOString(),
    t(`types.${row.eventType}`, { defaultValue: row.eventType }),
    row.eventType,
    row.severity,
    row.category,
    row.actorName,
    row.actorEmail,
    row.ipAddress,
    row.userAgent,
    row.details.map((detail) => `${detail.key}: ${detail.value}`).join("; "),
  ]);
  if (cut) records.push([t("export.cut", { max: MAX_AUDIT_EXPORT_ROWS })]);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(
    csvDocument(
      columns.map((column) => t(`export.columns.${column}`)),
      records,
    ),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="tendly-audit-${day}.csv"`,
        "Cache-Control": "private, no-store",
      },
    },
  );
}
