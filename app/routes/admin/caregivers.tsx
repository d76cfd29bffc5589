import { VIEWER_TIME_ZONE, formatDate } from "~/utils/datetime";
import { Form, Link } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { primaryButtonClass, sectionClass, TextField } from "~/components/form-controls";
import { QUEUE_STATUSES, QueueQuerySchema } from "~/features/caregiver-vetting/vetting";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useLabels, useT } from "~/i18n/react";
import { listCaregiverQueue } from "~/features/caregiver-vetting/vetting.server";
import type { Route } from "./+types/caregivers";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "admin")("caregivers.metaTitle") }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const url = new URL(request.url);
  const query = QueueQuerySchema.parse({
    status: url.searchParams.get("status") ?? undefined,
    q: url.searchParams.get("q") ?? "",
  });
  const rows = await listCaregiverQueue({ actor, status: query.status, search: query.q });
  const { locale, t } = getServerT(request, "admin", actor.locale);
  return {
    ...query,
    rows: rows.map((row) => ({
      ...row,
      submitted: row.submittedAt ? formatDate(row.submittedAt, VIEWER_TIME_ZONE, locale) : t("caregivers.beforeOnline"),
    })),
  };
}

export default function AdminCaregivers({ loaderData }: Route.ComponentProps) {
  const { status, q, rows } = loaderData;
  const search = q ? `&q=${encodeURIComponent(q)}` : "";
  const { t } = useT("admin");
  const trainingT = useT("training").t;
  const labels = useLabels();
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("caregivers.heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("caregivers.intro")}</p>
        <p className="mt-2">
          <Link
            to="/admin/training"
            className="font-semibold text-teal-800 underline-offset-2 hover:underline dark:text-teal-300"
          >
            {trainingT("admin.manageTraining")}
          </Link>
        </p>
      </header>
      <nav aria-label={t("caregivers.statusNav")}>
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
                {labels.queue(entry)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <search>
        <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="status" value={status} />
          <TextField label={t("caregivers.searchLabel")} name="q" type="search" defaultValue={q} className="flex-1" />
          <button type="submit" className={primaryButtonClass}>
            {t("common.search")}
          </button>
        </Form>
      </search>
      <section aria-labelledby="queue-heading" className={sectionClass}>
        <h2 id="queue-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t(`caregivers.listHeading.${status}`, { total: rows.length })}
        </h2>
        {rows.length === 0 ? (
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            {q ? t(`caregivers.noneMatching.${status}`, { query: q }) : t(`caregivers.none.${status}`)}
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
                  <p>{t("caregivers.backgroundCheck", { status: labels.backgroundCheck(row.backgroundCheck) })}</p>
                  <p>{t("caregivers.applied", { date: row.submitted })}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
