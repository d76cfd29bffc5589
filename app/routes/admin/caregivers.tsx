import { VIEWER_TIME_ZONE, formatDate } from "~/utils/datetime";
import { Link } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { sectionClass } from "~/components/form-controls";
import { ListPager, ListSearch, SortLinks, listView, viewHref } from "~/components/list-kit";
import { searchParamsObject } from "~/utils/list-params";
import { QUEUE_STATUSES, QueueQuerySchema } from "~/features/caregiver-vetting/vetting";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useLabels, useT } from "~/i18n/react";
import { listCaregiverQueue } from "~/features/caregiver-vetting/vetting.server";
import type { Route } from "./+types/caregivers";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "admin")("caregivers.metaTitle") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const query = QueueQuerySchema.parse(searchParamsObject(url.searchParams));
  const list = await listCaregiverQueue({ actor, query });
  const { locale, t } = getServerT(request, "admin", actor.locale);
  return {
    view: listView("/admin/caregivers", query, list),
    rows: list.rows.map((row) => ({
      ...row,
      submitted: row.submittedAt ? formatDate(row.submittedAt, VIEWER_TIME_ZONE, locale) : t("caregivers.beforeOnline"),
    })),
  };
}

export default function AdminCaregivers({ loaderData }: Route.ComponentProps) {
  const { view, rows } = loaderData;
  const { status, q } = view.params;
  const { t } = useT("admin");
  const trainingT = useT("training").t;
  const { t: tl } = useT("lists");
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
                to={viewHref(view, { status: entry, page: 1 })}
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
      <ListSearch key={viewHref(view, { page: 1 })} view={view} label={t("caregivers.searchLabel")} />
      <section aria-labelledby="queue-heading" className={sectionClass}>
        <h2 id="queue-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t(`caregivers.listHeading.${status}`, { total: view.total })}
        </h2>
        <div className="mt-3">
          <SortLinks
            view={view}
            label={tl("caregivers.sortLabel")}
            columns={[
              { column: "applied", label: tl("caregivers.sort.applied"), firstDir: "desc" },
              { column: "name", label: tl("caregivers.sort.name") },
              { column: "city", label: tl("caregivers.sort.city") },
            ]}
          />
        </div>
        <ListPager view={view} label={tl("caregivers.pagesLabel")} />
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
        <ListPager view={view} label={tl("caregivers.pagesLabel")} />
      </section>
    </div>
  );
}
