import { format } from "date-fns";
import { Form, Link } from "react-router";
import { requireRole } from "~/auth/session.server";
import { primaryButtonClass, sectionClass, TextField } from "~/components/form-controls";
import { BACKGROUND_CHECK_LABELS, QUEUE_STATUSES, QueueQuerySchema } from "~/features/caregiver-vetting/vetting";
import { listCaregiverQueue } from "~/features/caregiver-vetting/vetting.server";
import type { Route } from "./+types/caregivers";

export const meta: Route.MetaFunction = () => [{ title: "Caregivers | Tendly" }];

const STATUS_LABELS = {
  pending: "Pending",
  approved: "Approved",
  suspended: "Suspended",
  rejected: "Rejected",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const url = new URL(request.url);
  const query = QueueQuerySchema.parse({
    status: url.searchParams.get("status") ?? undefined,
    q: url.searchParams.get("q") ?? "",
  });
  const rows = await listCaregiverQueue({ actor, status: query.status, search: query.q });
  return {
    ...query,
    rows: rows.map((row) => ({
      ...row,
      submitted: row.submittedAt ? format(row.submittedAt, "MMM d, yyyy") : "Before online applications",
    })),
  };
}

export default function AdminCaregivers({ loaderData }: Route.ComponentProps) {
  const { status, q, rows } = loaderData;
  const search = q ? `&q=${encodeURIComponent(q)}` : "";
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Caregivers</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Review applications and manage caregiver accounts.</p>
      </header>
      <nav aria-label="Caregiver status">
        <ul className="flex flex-wrap gap-2">
          {QUEUE_STATUSES.map((entry) => (
            <li key={entry}>
              <Link
                to={`?status=${entry}${search}`}
                aria-current={entry === status ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 font-medium ${
                  entry === status
                    ? "bg-teal-700 text-white"
                    : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
                }`}
              >
                {STATUS_LABELS[entry]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <search>
        <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="status" value={status} />
          <TextField
            label="Search by name, email, city or ZIP"
            name="q"
            type="search"
            defaultValue={q}
            className="flex-1"
          />
          <button type="submit" className={primaryButtonClass}>
            Search
          </button>
        </Form>
      </search>
      <section aria-labelledby="queue-heading" className={sectionClass}>
        <h2 id="queue-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {STATUS_LABELS[status]} caregivers ({rows.length})
        </h2>
        {rows.length === 0 ? (
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            {q ? `No ${status} caregivers match “${q}”.` : `No ${status} caregivers right now.`}
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <Link
                    to={`/admin/caregivers/${row.id}`}
                    className="font-semibold text-teal-800 underline-offset-2 hover:underline dark:text-teal-300"
                  >
                    {row.name}
                  </Link>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {row.email}
                    {row.city ? ` · ${row.city}, ${row.state}` : ""}
                  </p>
                </div>
                <div className="text-sm text-slate-700 sm:text-right dark:text-slate-300">
                  <p>Background check: {BACKGROUND_CHECK_LABELS[row.backgroundCheck]}</p>
                  <p>Applied: {row.submitted}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
