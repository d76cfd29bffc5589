import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { requireRole } from "~/platform/auth/session.server";
import {
  FormNotice,
  SubmitButton,
  TextAreaField,
  TextField,
  linkClass,
  primaryButtonClass,
  secondaryButtonClass,
  sectionClass,
} from "~/components/form-controls";
import { FilterSelect, ListPager, SortLinks, listView, viewHref } from "~/components/list-kit";
import { searchParamsObject } from "~/utils/list-params";
import { editVisitTimes } from "~/features/evv/edit-visit-times.server";
import { EVV_EXCEPTION_KINDS, metersToMiles, type EvvExceptionKind } from "~/features/evv/evv-rules";
import { EditVisitTimesSchema, ExceptionsQuerySchema } from "~/features/evv/evv.schema";
import { listVisitExceptions } from "~/features/evv/exceptions.server";
import { formatNumber } from "~/i18n/format";
import { getServerT, labelsFor } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { refusalData } from "~/i18n/refusal-response";
import { formatInZone, formatTimeOfDay, formatVisitDateTime, localDateIn, zoneAbbreviation } from "~/utils/datetime";
import { parseForm } from "~/utils/form-data.server";
import { useSchemaForm } from "~/components/use-schema-form";
import type { Route } from "./+types/visits";
import { VisitAttentionQueue } from "~/components/admin/visit-attention";
import { loadAttentionQueue } from "./visits.server";

// Electronic visit verification (docs/product-rules.md, "Visits"): the
// exceptions queue, the correction of a visit's times with a reason, and the
// export of a date range as CSV (routes/admin/visits-export.ts).

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "evv");
  return [{ title: t("meta.title") }, { name: "description", content: t("meta.description") }];
};

/** The export form's answer when the resource route sent it back (visits-export.ts). */
const EXPORT_ERRORS = {
  order: "messages.rangeOrder",
  "too-long": "messages.rangeTooLong",
  date: "messages.date",
} as const;

/** A ZIP code's radius in kilometres, one decimal at most ("2", "1.4"). */
const kilometres = (meters: number, locale: Parameters<typeof formatNumber>[1]) =>
  formatNumber(Math.round(meters / 100) / 10, locale);

/** A datetime-local input's value on the clock of `timeZone`. */
const localInput = (date: Date, timeZone: string) => formatInZone(date, timeZone, "yyyy-MM-dd'T'HH:mm");

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "evv", actor.locale);
  const labels = labelsFor(locale);
  const search = url.searchParams;
  const query = ExceptionsQuerySchema.parse(searchParamsObject(search));
  const list = await listVisitExceptions({ actor, ...query });
  const attention = await loadAttentionQueue(actor, locale);
  const today = localDateIn("UTC");
  const exportError = search.get("exportError") as keyof typeof EXPORT_ERRORS | null;
  return {
    attention,
    kind: query.kind ?? "",
    view: listView("/admin/visits", query, { ...list, perPage: query.perPage }),
    tolerance: t("queue.tolerance", {
      meters: formatNumber(list.settings.locationToleranceMeters, locale),
      minutes: list.settings.lateSyncMinutes,
    }),
    exceptions: list.exceptions.map((visit) => {
      const zone = zoneAbbreviation(visit.startsAt, visit.timeZone);
      const at = (date: Date | null) =>
        date ? formatVisitDateTime(date, visit.timeZone, { withZone: true, locale }) : t("row.none");
      const figures: string[] = [];
      if (visit.kinds.includes("no_check_out")) figures.push(t("row.ended", { time: at(visit.endsAt) }));
      if (visit.shortReason !== null) {
        figures.push(
          t("row.short", {
            worked: formatNumber(visit.workedMinutes ?? 0, locale),
            booked: formatNumber(visit.bookedMinutes, locale),
            reason: visit.shortReason,
          }),
        );
      }
      if (visit.farthestMeters !== null) {
        const distance = {
          meters: formatNumber(Math.round(visit.farthestMeters), locale),
          miles: formatNumber(metersToMiles(visit.farthestMeters), locale),
        };
        figures.push(
          visit.farthestZipRadiusMeters === null
            ? t("row.farthest", distance)
            : t("row.farthestFromZip", { ...distance, radius: kilometres(visit.farthestZipRadiusMeters, locale) }),
        );
      }
      if (visit.unverified) {
        figures.push(
          t("row.unverified", {
            meters: formatNumber(Math.round(visit.unverified.meters), locale),
            radius: kilometres(visit.unverified.zipRadiusMeters, locale),
          }),
        );
      }
      if (visit.minutesLate !== null) figures.push(t("row.minutesLate", { minutes: visit.minutesLate }));
      if (visit.editReason) figures.push(t("row.reason", { reason: visit.editReason }));
      return {
        visitId: visit.visitId,
        orderId: visit.orderId,
        orderNumber: visit.orderNumber,
        // A visit reads in its own zone, where care happens: "Mon, Dec 7, 2026 at 9:00 AM–1:00 PM CST".
        when: `${formatVisitDateTime(visit.startsAt, visit.timeZone, { locale })}–${formatTimeOfDay(formatInZone(visit.endsAt, visit.timeZone, "HH:mm"), locale)} ${zone}`,
        zone: `${visit.timeZone} (${zone})`,
        status: labels.visitStatus(visit.status),
        client: visit.clientName,
        caregiver: visit.caregiverName,
        services: visit.services.map(labels.service).join(", "),
        checkIn: at(visit.checkedInAt),
        checkOut: at(visit.checkedOutAt),
        kinds: visit.kinds,
        figures,
        form: {
          checkedInAt: localInput(visit.checkedInAt ?? visit.startsAt, visit.timeZone),
          checkedOutAt: visit.checkedOutAt ? localInput(visit.checkedOutAt, visit.timeZone) : "",
        },
      };
    }),
    exportForm: {
      from: search.get("from") ?? localDateIn("UTC", new Date(Date.now() - 30 * 86_400_000)),
      to: search.get("to") ?? today,
      error: exportError && exportError in EXPORT_ERRORS ? t(EXPORT_ERRORS[exportError]) : null,
    },
  };
}

type ActionResult = {
  ok: boolean;
  visitId: string;
  message?: string;
  /** The form's errors and values, when its schema or a field's refusal turned it back. */
  result?: SubmissionResult<string[]>;
};

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "evv", actor.locale);
  const submission = await parseForm(request, EditVisitTimesSchema);
  const visitId = String(submission.payload.visitId ?? "");
  if (submission.payload.intent !== "edit-times") return data<ActionResult>({ ok: false, visitId }, { status: 400 });
  if (submission.status !== "success")
    return data<ActionResult>({ ok: false, visitId, result: submission.reply() }, { status: 400 });
  try {
    await editVisitTimes({ actor, ...submission.value, request });
    return data<ActionResult>({
      ok: true,
      visitId,
      message: t("edit.saved", { orderNumber: String(submission.payload.orderNumber ?? "") }),
    });
  } catch (error) {
    return refusalData<ActionResult>(error, locale, ({ text, field }) => ({
      ok: false,
      visitId,
      ...(field ? { result: submission.reply({ fieldErrors: { [field]: [text] } }) } : { message: text }),
    }));
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

const EDIT_FETCHER = "evv-edit-times";
type ExceptionView = LoaderData["exceptions"][number];

const KIND_STYLES: Record<EvvExceptionKind, string> = {
  no_check_out: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100",
  short_visit: "border-rose-300 bg-rose-50 text-rose-950 dark:border-rose-700 dark:bg-rose-950/50 dark:text-rose-50",
  far_location:
    "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-50",
  location_unverified:
    "border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-600 dark:bg-slate-900/60 dark:text-slate-50",
  times_edited: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-700 dark:bg-sky-950/50 dark:text-sky-50",
  late_sync:
    "border-violet-300 bg-violet-50 text-violet-950 dark:border-violet-700 dark:bg-violet-950/50 dark:text-violet-50",
};

export default function AdminVisits({ loaderData }: Route.ComponentProps) {
  const { attention, kind, exceptions, view, tolerance, exportForm } = loaderData;
  const { total } = view;
  const { t } = useT("evv");
  const { t: tl } = useT("lists");
  const navigation = useNavigation();
  const edit = useFetcher<ActionResult>({ key: EDIT_FETCHER });
  const saved = edit.state === "idle" && edit.data?.ok ? edit.data.message : null;
  const isLoading = navigation.state === "loading" && navigation.location.pathname === "/admin/visits";
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("intro")}</p>
      </header>
      <VisitAttentionQueue queue={attention} />
      <section aria-labelledby="exceptions-heading" className={sectionClass}>
        <h2 id="exceptions-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("queue.heading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{tolerance}</p>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" key={viewHref(view, { page: 1 })}>
          {view.params.sort !== "starts" && <input type="hidden" name="sort" value={view.params.sort} />}
          {view.params.dir !== "desc" && <input type="hidden" name="dir" value={view.params.dir} />}
          <FilterSelect
            label={t("queue.kindLabel")}
            name="kind"
            value={kind}
            anyLabel={t("queue.allKinds")}
            values={EVV_EXCEPTION_KINDS}
            labelOf={(each) => t(`kinds.${each}`)}
            className="min-w-56 flex-1 sm:flex-none"
          />
          <TextField
            label={tl("visits.search")}
            name="q"
            type="search"
            defaultValue={view.params.q}
            maxLength={100}
            className="min-w-56 flex-1"
          />
          <SubmitButton isPending={isLoading} pendingLabel={t("queue.show")} variant="secondary">
            {t("queue.show")}
          </SubmitButton>
          {(kind || view.params.q) && (
            <Link to="/admin/visits" className={secondaryButtonClass}>
              {t("queue.clear")}
            </Link>
          )}
        </Form>
        {saved && (
          <div className="mt-4">
            <FormNotice tone="success">{saved}</FormNotice>
          </div>
        )}
        <output className="mt-4 block text-sm text-slate-700 dark:text-slate-200">
          {total === 0 ? (kind ? t("queue.noneOfKind") : t("queue.none")) : t("queue.count", { count: total })}
        </output>
        <div className="mt-3">
          <SortLinks
            view={view}
            label={tl("visits.sortLabel")}
            columns={[
              { column: "starts", label: tl("visits.sort.starts"), firstDir: "desc" },
              { column: "order", label: tl("visits.sort.order") },
            ]}
          />
        </div>
        {exceptions.length > 0 && (
          <ul className="mt-4 space-y-4">
            {exceptions.map((visit) => (
              <ExceptionRow key={visit.visitId} visit={visit} />
            ))}
          </ul>
        )}
        <ListPager view={view} label={t("queue.pagesLabel")} />
      </section>
      <ExportSection form={exportForm} />
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">{term}</dt>
      <dd className="break-words text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

function ExceptionRow({ visit }: { visit: ExceptionView }) {
  const { t } = useT("evv");
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-visit={visit.visitId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 dark:text-white">{visit.when}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("row.order")}{" "}
            <Link to={`/admin/orders/${visit.orderId}`} className={linkClass}>
              {visit.orderNumber}
            </Link>
            {" · "}
            {visit.status}
          </p>
        </div>
        <ul className="flex basis-full flex-wrap gap-2 sm:basis-auto" aria-label={t("row.exceptions")}>
          {visit.kinds.map((each) => (
            <li key={each} className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${KIND_STYLES[each]}`}>
              {t(`kinds.${each}`)}
            </li>
          ))}
        </ul>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Fact term={t("row.client")} value={visit.client} />
        <Fact term={t("row.caregiver")} value={visit.caregiver} />
        <Fact term={t("row.service")} value={visit.services} />
        <Fact term={t("row.checkIn")} value={visit.checkIn} />
        <Fact term={t("row.checkOut")} value={visit.checkOut} />
      </dl>
      {visit.figures.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-800 dark:text-slate-100">
          {visit.figures.map((figure) => (
            <li key={figure}>{figure}</li>
          ))}
        </ul>
      )}
      <EditTimes visit={visit} />
    </li>
  );
}

function EditTimes({ visit }: { visit: ExceptionView }) {
  const { t } = useT("evv");
  // One fetcher for every row (EDIT_FETCHER): its answer outlives the row, which
  // may leave the list once corrected; each row shows only its own refusals.
  const fetcher = useFetcher<ActionResult>({ key: EDIT_FETCHER });
  const isMine = (fetcher.formData?.get("visitId") ?? fetcher.data?.visitId) === visit.visitId;
  const result = isMine && fetcher.state === "idle" ? fetcher.data : undefined;
  const isRefused = Boolean(result && !result.ok);
  // The form is rendered once its row is opened, and kept: a page of 25 rows sent 25 forms nobody had opened
  // (a third of the page's HTML). Opened before the page's scripts ran, it shows as soon as they have.
  const details = useRef<HTMLDetailsElement>(null);
  const [wasOpened, setWasOpened] = useState(false);
  useEffect(() => {
    if (details.current?.open) setWasOpened(true);
  }, []);
  return (
    <details
      ref={details}
      className="mt-3 group"
      open={isRefused || undefined}
      onToggle={(event) => {
        if (event.currentTarget.open) setWasOpened(true);
      }}
    >
      <summary className={`${secondaryButtonClass} cursor-pointer list-none`}>{t("edit.open")}</summary>
      {(wasOpened || isRefused) && (
        <EditTimesForm visit={visit} result={result} isPending={isMine && fetcher.state !== "idle"} />
      )}
    </details>
  );
}

function EditTimesForm({
  visit,
  result,
  isPending,
}: {
  visit: ExceptionView;
  result: ActionResult | undefined;
  isPending: boolean;
}) {
  const { t } = useT("evv");
  const fetcher = useFetcher<ActionResult>({ key: EDIT_FETCHER });
  // The same schema checks the times after the browser's own checks (noValidate off, as before).
  const [form, fields] = useSchemaForm(EditVisitTimesSchema, {
    id: `edit-times-${visit.visitId}`,
    lastResult: result?.result,
  });
  return (
    <fetcher.Form
      method="post"
      className="mt-3 space-y-3"
      aria-label={t("edit.heading", { orderNumber: visit.orderNumber })}
      {...getFormProps(form)}
      noValidate={false}
    >
      <input type="hidden" name="intent" value="edit-times" />
      <input type="hidden" name="visitId" value={visit.visitId} />
      <input type="hidden" name="orderNumber" value={visit.orderNumber} />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("edit.zoneHint", { zone: visit.zone })}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("edit.checkIn")}
          field={fields.checkedInAt}
          type="datetime-local"
          required
          defaultValue={visit.form.checkedInAt}
        />
        <TextField
          label={t("edit.checkOut")}
          field={fields.checkedOutAt}
          type="datetime-local"
          defaultValue={visit.form.checkedOutAt}
          hint={t("edit.checkOutHint")}
        />
      </div>
      <TextAreaField
        label={t("edit.reason")}
        field={fields.reason}
        required
        minLength={3}
        maxLength={500}
        rows={2}
        hint={t("edit.reasonHint")}
      />
      {result && !result.ok && result.message && <FormNotice tone="error">{result.message}</FormNotice>}
      <SubmitButton isPending={isPending} pendingLabel={t("edit.saving")}>
        {t("edit.save")}
      </SubmitButton>
    </fetcher.Form>
  );
}

function ExportSection({ form }: { form: LoaderData["exportForm"] }) {
  const { t } = useT("evv");
  return (
    <section aria-labelledby="export-heading" className={sectionClass}>
      <h2 id="export-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("export.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("export.intro")}</p>
      {/* A plain document request: the file downloads, and a refused range comes back here with its message. */}
      <Form method="get" action="/admin/visits/export.csv" reloadDocument className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
          <TextField label={t("export.from")} name="from" type="date" required defaultValue={form.from} />
          <TextField
            label={t("export.to")}
            name="to"
            type="date"
            required
            defaultValue={form.to}
            error={form.error ?? undefined}
          />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("export.hint")}</p>
        <button type="submit" className={primaryButtonClass}>
          {t("export.download")}
        </button>
      </Form>
    </section>
  );
}
