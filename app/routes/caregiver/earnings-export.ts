import { redirect } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { listCaregiverEarnings } from "~/features/earnings/caregiver-earnings.server";
import { earningsFileName } from "~/features/earnings/earnings";
import { earningsCsv } from "~/features/earnings/earnings-csv.server";
import { EARNINGS_RANGE_ORDER_MESSAGE, EarningsRangeSchema } from "~/features/earnings/earnings.schema";
import type { Route } from "./+types/earnings-export";

// The caregiver's earnings as a CSV download (docs/product-rules.md, "Billing and pay"): their own
// rows only, optionally of a range of dates worked on. A resource route: the caregiver layout's
// guard covers it, and the loader checks again. A refused range goes back to the earnings page with
// the reason, where the form shows it.

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["caregiver"]);
  const search = new URL(request.url).searchParams;
  const range = EarningsRangeSchema.safeParse({ from: search.get("from") ?? "", to: search.get("to") ?? "" });
  if (!range.success) {
    const reason = range.error.issues[0]?.message === EARNINGS_RANGE_ORDER_MESSAGE ? "order" : "date";
    const back = new URLSearchParams({ exportError: reason });
    for (const key of ["from", "to"] as const) {
      const value = search.get(key);
      if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) back.set(key, value);
    }
    throw redirect(`/caregiver/earnings?${back.toString()}#earnings-export-heading`);
  }
  const { from, to } = range.data;
  const lines = await listCaregiverEarnings({ actor, from, to });
  return new Response(earningsCsv(lines), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${earningsFileName(from, to)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
