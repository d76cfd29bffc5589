import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { FormNotice, linkClass, sectionClass, SelectField, SubmitButton, TextField } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { addTimeOff, listTimeOff, removeTimeOff, type TimeOffPage } from "~/features/visits/time-off.server";
import { getCareSettings } from "~/features/visits/care-settings.server";
import {
  AddTimeOffSchema,
  TIME_OFF_REASON_MAX,
  TimeOffActionSchema,
  daysOfForm,
  timeOffWhen,
} from "~/features/visits/public";
import { getServerT, validationText } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { localeOfRequest } from "~/i18n/locale";
import { refusalData } from "~/i18n/refusal-response";
import { formatVisitShort, zoneLongName } from "~/utils/datetime";
import { parseForm } from "~/utils/form-data.server";
import type { Route } from "./+types/availability";

// /caregiver/availability (docs/product-rules.md, "Time off"): the caregiver's time off, upcoming first and the past
// folded away; a new block of one day, days in a row or one weekday every week until a date; visits booked inside
// are listed first and handed over only once confirmed (features/visits/time-off.server.ts); an upcoming block can
// be removed.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "visits")("timeOff.metaTitle") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const [page, settings] = await Promise.all([listTimeOff(user), getCareSettings()]);
  // The zone named as it reads today, in the caregiver's language.
  const zoneName = zoneLongName(new Date(), page.timeZone, localeOfRequest(request, user.locale));
  return { page, zoneName, lateCancelHours: settings.lateCancelHours };
}

/** 0 = Monday … 6 = Sunday, as weekly availability. */
const WEEKDAY_INDEXES = [0, 1, 2, 3, 4, 5, 6] as const;

type Values = { kind: string; startDate: string; endDate: string; weekday: string; reason: string };

type ActionResult =
  | {
      status: "confirm";
      visits: { visitId: string; startsAt: Date; timeZone: string; isLate: boolean }[];
      values: Values;
    }
  | { status: "done"; message: string }
  | { status: "refused"; intent: string; message?: string; result?: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "visits", user.locale);
  const submission = await parseForm(request, TimeOffActionSchema);
  const intent = String(submission.payload.intent ?? "");
  if (submission.status !== "success") {
    const [field, messages] = Object.entries(submission.error ?? {})[0] ?? [];
    const text = messages?.[0] ? validationText(locale, messages[0]) : t("timeOff.errors.date");
    return data<ActionResult>(
      intent === "add"
        ? { status: "refused", intent, result: submission.reply({ fieldErrors: { [field ?? "startDate"]: [text] } }) }
        : { status: "refused", intent, message: t("timeOff.errors.notFound") },
      400,
    );
  }
  const value = submission.value;
  try {
    if (value.intent === "remove") {
      await removeTimeOff({ actor: user, timeOffId: value.timeOffId, request });
      return data<ActionResult>({ status: "done", message: t("timeOff.removed") });
    }
    const settings = await getCareSettings();
    const now = new Date();
    const added = await addTimeOff({
      actor: user,
      days: daysOfForm(value),
      reason: value.reason,
      confirmCount: value.confirmCount === undefined ? undefined : Number(value.confirmCount),
      request,
      now,
    });
    if (added.status === "confirm") {
      const lateBefore = now.getTime() + settings.lateCancelHours * 3_600_000;
      return data<ActionResult>({
        status: "confirm",
        visits: added.visits.map((visit) => ({
          visitId: visit.visitId,
          startsAt: visit.startsAt,
          timeZone: visit.timeZone,
          isLate: visit.startsAt.getTime() < lateBefore,
        })),
        values: {
          kind: value.kind,
          startDate: value.startDate,
          endDate: value.endDate ?? "",
          weekday: value.weekday ?? "",
          reason: value.reason ?? "",
        },
      });
    }
    return data<ActionResult>({
      status: "done",
      message: added.handedOver > 0 ? t("timeOff.addedHandedOver", { count: added.handedOver }) : t("timeOff.added"),
    });
  } catch (error) {
    return refusalData<ActionResult>(error, locale, ({ text, field }) =>
      field && intent === "add"
        ? { status: "refused", intent, result: submission.reply({ fieldErrors: { [field]: [text] } }) }
        : { status: "refused", intent, message: text },
    );
  }
}

export default function CaregiverAvailability({ loaderData, actionData }: Route.ComponentProps) {
  const { page, zoneName, lateCancelHours } = loaderData;
  const { t } = useT("visits");
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("timeOff.heading")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-200">{t("timeOff.intro", { zone: zoneName })}</p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {t("timeOff.rules", { hours: lateCancelHours })}
        </p>
      </header>
      {actionData?.status === "done" && <FormNotice tone="success">{actionData.message}</FormNotice>}
      {actionData?.status === "refused" && actionData.message && (
        <FormNotice tone="error">{actionData.message}</FormNotice>
      )}
      {actionData?.status === "confirm" ? (
        <ConfirmHandover confirm={actionData} lateCancelHours={lateCancelHours} />
      ) : (
        <AddTimeOff
          // A new empty form once a block is added or removed.
          key={page.upcoming.map((block) => block.id).join()}
          today={page.today}
          lastResult={actionData?.status === "refused" && actionData.intent === "add" ? actionData.result : undefined}
        />
      )}
      <TimeOffList page={page} />
    </div>
  );
}

function AddTimeOff({ today, lastResult }: { today: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT("visits");
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(AddTimeOffSchema, { id: "add-time-off", lastResult });
  const [kind, setKind] = useState(String(fields.kind.initialValue ?? "day"));
  const isAdding = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  return (
    <section className={sectionClass} aria-labelledby="add-time-off-heading">
      <h2 id="add-time-off-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("timeOff.addHeading")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="add" />
        <SelectField
          label={t("timeOff.kind")}
          field={fields.kind}
          value={kind}
          onChange={(event) => setKind(event.target.value)}
        >
          <option value="day">{t("timeOff.kinds.day")}</option>
          <option value="range">{t("timeOff.kinds.range")}</option>
          <option value="weekly">{t("timeOff.kinds.weekly")}</option>
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={kind === "day" ? t("timeOff.startDate") : t("timeOff.firstDate")}
            field={fields.startDate}
            type="date"
            min={today}
          />
          {kind !== "day" && (
            <TextField
              label={kind === "weekly" ? t("timeOff.untilDate") : t("timeOff.endDate")}
              field={fields.endDate}
              type="date"
              min={today}
              required
            />
          )}
          {kind === "weekly" && (
            <SelectField label={t("timeOff.weekday")} field={fields.weekday} required>
              <option value="">{t("timeOff.chooseWeekday")}</option>
              {WEEKDAY_INDEXES.map((index) => (
                <option key={index} value={String(index)}>
                  {t(`timeOff.weekdays.${index}`)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <TextField
          label={t("timeOff.reason")}
          hint={t("timeOff.reasonHint")}
          field={fields.reason}
          maxLength={TIME_OFF_REASON_MAX}
          required={false}
        />
        <SubmitButton isPending={isAdding} pendingLabel={t("timeOff.adding")}>
          {t("timeOff.add")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function ConfirmHandover({
  confirm,
  lateCancelHours,
}: {
  confirm: Extract<ActionResult, { status: "confirm" }>;
  lateCancelHours: number;
}) {
  const { t, locale } = useT("visits");
  const navigation = useNavigation();
  const isAdding = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  const { values, visits } = confirm;
  return (
    <section className={sectionClass} aria-labelledby="confirm-handover-heading">
      <h2 id="confirm-handover-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("timeOff.confirmHeading", { count: visits.length })}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-200">{t("timeOff.confirmIntro")}</p>
      <ul className="mt-3 space-y-2">
        {visits.map((visit) => (
          <li key={visit.visitId} className="text-slate-900 dark:text-white">
            <span className="font-medium">
              {formatVisitShort(new Date(visit.startsAt), visit.timeZone, { withZone: true, locale })}
            </span>
            {visit.isLate && (
              <span className="block text-sm text-amber-900 dark:text-amber-200">
                {t("timeOff.lateNote", { hours: lateCancelHours })}
              </span>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="add" />
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmCount" value={String(visits.length)} />
        <SubmitButton isPending={isAdding} pendingLabel={t("timeOff.adding")}>
          {t("timeOff.confirm")}
        </SubmitButton>
        <Link to="/caregiver/availability" className={linkClass}>
          {t("timeOff.cancel")}
        </Link>
      </Form>
    </section>
  );
}

function TimeOffList({ page }: { page: TimeOffPage }) {
  const { t } = useT("visits");
  return (
    <section className={sectionClass} aria-labelledby="upcoming-time-off-heading">
      <h2 id="upcoming-time-off-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("timeOff.upcomingHeading")}
      </h2>
      {page.upcoming.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-200">{t("timeOff.noUpcoming")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {page.upcoming.map((block) => (
            <TimeOffItem key={block.id} block={block} canRemove />
          ))}
        </ul>
      )}
      {page.past.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer font-medium text-slate-800 dark:text-slate-100">
            {t("timeOff.pastHeading", { count: page.past.length })}
          </summary>
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
            {page.past.map((block) => (
              <TimeOffItem key={block.id} block={block} canRemove={false} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function TimeOffItem({ block, canRemove }: { block: TimeOffPage["upcoming"][number]; canRemove: boolean }) {
  const { t, locale } = useT("visits");
  const navigation = useNavigation();
  const when = timeOffWhen(block, t, locale);
  const isRemoving = navigation.state !== "idle" && navigation.formData?.get("timeOffId") === block.id;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-time-off={block.id}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">{when}</p>
        {block.reason && <p className="text-sm text-slate-600 dark:text-slate-300">{block.reason}</p>}
      </div>
      {canRemove && (
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="timeOffId" value={block.id} />
          <button
            type="submit"
            disabled={isRemoving}
            aria-label={t("timeOff.removeLabel", { when })}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {t("timeOff.remove")}
          </button>
        </Form>
      )}
    </li>
  );
}
