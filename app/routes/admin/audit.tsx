import { formatTimestamp, VIEWER_TIME_ZONE } from "~/utils/datetime";
import { Link, useNavigation } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import {
  FilterSelect,
  ListPager,
  ListSearch,
  SortLinks,
  listView,
  viewHref,
  type ListView,
} from "~/components/list-kit";
import { TextField, linkClass, secondaryButtonClass, sectionClass } from "~/components/form-controls";
import { AUDIT_CATEGORIES, AUDIT_SEVERITIES, MAX_AUDIT_EXPORT_ROWS } from "~/features/audit/audit-log";
import { AUDIT_EVENT_TYPES, AuditQuerySchema, listAuditEvents } from "~/features/audit/audit-log.server";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useFormat, useT } from "~/i18n/react";
import { listHref, searchParamsObject } from "~/utils/list-params";
import type { Route } from "./+types/audit";

// The audit log viewer (docs/product-rules.md, "Audit log"): the events of audit_events, newest first, filtered
// by person, action, kind, severity and dates, all in the URL; the same filter as a CSV (audit-export.ts).

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "audit");
  return [{ title: t("meta.title") }, { name: "description", content: t("meta.description") }];
};

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale } = getServerT(request, "audit", actor.locale);
  const query = AuditQuerySchema.parse(searchParamsObject(url.searchParams));
  const list = await listAuditEvents({ actor, query });
  const { page: _page, ...filters } = query;
  return {
    view: listView("/admin/audit", query, list),
    exportHref: listHref("/admin/audit/export.csv", filters),
    types: [...AUDIT_EVENT_TYPES],
    events: list.rows.map((row) => ({
      id: row.id,
      when: formatTimestamp(row.createdAt, VIEWER_TIME_ZONE, locale),
      type: row.eventType,
      severity: row.severity,
      category: row.category,
      userId: row.userId,
      name: row.actorName,
      email: row.actorEmail,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      details: row.details,
    })),
  };
}

type Event = Route.ComponentProps["loaderData"]["events"][number];

const severityClass: Record<string, string> = {
  info: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  low: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  medium: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  high: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  critical: "bg-red-700 text-white",
};

function EventEntry({ event, view }: { event: Event; view: ListView }) {
  const { t } = useT("audit");
  const typeLabel = t(`types.${event.type}`, { defaultValue: event.type });
  return (
    <li className="py-4">
      <article aria-labelledby={`event-${event.id}`} className="space-y-2">
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={`event-${event.id}`} className="font-semibold text-slate-900 dark:text-white">
            {typeLabel}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <time>{event.when}</time>
          </p>
        </header>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span
            className={`rounded-full px-2 py-0.5 font-medium ${severityClass[event.severity] ?? severityClass.info}`}
          >
            {t(`severities.${event.severity}`, { defaultValue: event.severity })}
          </span>
          <span className="text-slate-600 dark:text-slate-300">
            {t(`categories.${event.category}`, { defaultValue: event.category })}
          </span>
        </p>
        <p className="text-sm">
          <span className="font-medium">{t("list.person")}: </span>
          {event.userId === null ? (
            t("list.system")
          ) : event.email === null ? (
            t("list.unknownPerson")
          ) : (
            <Link to={viewHref(view, { user: event.userId, q: "", page: 1 })} className={linkClass}>
              {event.name} ({event.email})
            </Link>
          )}
        </p>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {event.details.map((detail) => (
            <div key={detail.key} className="contents">
              <dt className="font-medium text-slate-700 dark:text-slate-200">{detail.key}</dt>
              <dd className="break-words text-slate-800 dark:text-slate-100">{detail.value}</dd>
            </div>
          ))}
          {event.ipAddress && (
            <div className="contents">
              <dt className="font-medium text-slate-700 dark:text-slate-200">{t("list.ip")}</dt>
              <dd className="break-words">{event.ipAddress}</dd>
            </div>
          )}
          {event.userAgent && (
            <div className="contents">
              <dt className="font-medium text-slate-700 dark:text-slate-200">{t("list.userAgent")}</dt>
              <dd className="break-words text-slate-600 dark:text-slate-300">{event.userAgent}</dd>
            </div>
          )}
        </dl>
      </article>
    </li>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { view, events, types, exportHref } = loaderData;
  const { t } = useT("audit");
  const format = useFormat();
  const navigation = useNavigation();
  const isLoading = navigation.state === "loading" && navigation.location.pathname === view.pathname;
  const { params } = view;
  const filtered = Boolean(
    params.q || params.type || params.category || params.severity || params.from || params.to || params.user,
  );
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("intro")}</p>
      </header>
      <section aria-labelledby="audit-filters" className={sectionClass}>
        <h2 id="audit-filters" className="mb-4 text-xl font-semibold text-slate-900 dark:text-white">
          {t("filters.heading")}
        </h2>
        <ListSearch
          key={listHref(view.pathname, { ...params, page: 1 })}
          view={view}
          label={t("filters.person")}
          hint={t("filters.personHint")}
          fields={["type", "category", "severity", "from", "to", "user"]}
        >
          <FilterSelect
            label={t("filters.type")}
            name="type"
            value={params.type}
            anyLabel={t("filters.anyType")}
            values={types}
            labelOf={(type) => t(`types.${type}`)}
          />
          <FilterSelect
            label={t("filters.category")}
            name="category"
            value={params.category}
            anyLabel={t("filters.anyCategory")}
            values={AUDIT_CATEGORIES}
            labelOf={(category) => t(`categories.${category}`)}
          />
          <FilterSelect
            label={t("filters.severity")}
            name="severity"
            value={params.severity}
            anyLabel={t("filters.anySeverity")}
            values={AUDIT_SEVERITIES}
            labelOf={(severity) => t(`severities.${severity}`)}
          />
          <TextField label={t("filters.from")} name="from" type="date" defaultValue={params.from ?? ""} />
          <TextField label={t("filters.to")} name="to" type="date" defaultValue={params.to ?? ""} />
          {params.user && <input type="hidden" name="user" value={params.user} />}
        </ListSearch>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          {filtered && (
            <Link to={view.pathname} className={linkClass}>
              {t("filters.clear")}
            </Link>
          )}
          {params.user && <p className="text-sm text-slate-600 dark:text-slate-300">{t("filters.onePerson")}</p>}
        </div>
      </section>
      <section aria-labelledby="audit-events" className={sectionClass} aria-busy={isLoading}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <h2 id="audit-events" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t("list.heading")}
          </h2>
          <div className="flex flex-col gap-1 sm:items-end">
            <a href={exportHref} className={secondaryButtonClass} download>
              {t("export.button")}
            </a>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("export.hint", { max: format.number(MAX_AUDIT_EXPORT_ROWS) })}
            </p>
          </div>
        </div>
        <div className="mt-4">
          <SortLinks
            view={view}
            label={t("list.sortLabel")}
            columns={[
              { column: "when", label: t("list.when"), firstDir: "desc" },
              { column: "type", label: t("list.action") },
              { column: "severity", label: t("list.severityColumn"), firstDir: "desc" },
            ]}
          />
        </div>
        <ListPager view={view} label={t("list.pagesLabel")} />
        {events.length === 0 ? (
          <p className="mt-4 text-slate-700 dark:text-slate-300">{filtered ? t("list.noMatch") : t("list.none")}</p>
        ) : (
          <ol className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
            {events.map((event) => (
              <EventEntry key={event.id} event={event} view={view} />
            ))}
          </ol>
        )}
        <ListPager view={view} label={t("list.pagesLabel")} />
      </section>
    </div>
  );
}
