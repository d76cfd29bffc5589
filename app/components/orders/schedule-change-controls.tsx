import { useFetcher } from "react-router";
import { FieldError, FormNotice, secondaryButtonClass, SubmitButton, TextField } from "~/components/form-controls";
import { useT } from "~/i18n/react";
import { formatCalendarDate, formatTimeOfDay, formatVisitDateTime } from "~/utils/datetime";
import { AnswerForms, badgeClass, PendingRequest, RequestsToAnswer } from "./visit-move-controls";

// Changing a recurring schedule from a date (docs/product-rules.md, "Moving a visit"): the family's form on the
// order page, its pending request with "Withdraw", the list of changes (old and new pattern), and the caregiver's
// answer on the schedule. Each posts with a fetcher, so an error shows beside the form it is about.

const WEEKDAY_IDS = ["0", "1", "2", "3", "4", "5", "6"] as const;
type Weekly = Partial<Record<(typeof WEEKDAY_IDS)[number], { start: string; end: string }[]>>;

/** What the schedule-change actions answer (routes/client/order.server.ts). */
export type ScheduleChangeResult = {
  ok: boolean;
  intent: "change-schedule" | "withdraw-schedule-change" | "accept-schedule-change" | "decline-schedule-change";
  message?: string;
  fieldErrors?: Partial<Record<"fromDate" | "days" | "startTime" | "endTime" | "reason", string>>;
};

export type ScheduleChangeView = {
  id: string;
  status: "pending" | "accepted" | "declined" | "expired" | "withdrawn";
  isLate: boolean;
  fromDate: string;
  oldWeekly: Weekly;
  newWeekly: Weekly;
  deadline: Date;
};

/** A weekly pattern in words: "Tuesday, Thursday 10:00 AM–2:00 PM", one group per distinct window. */
function usePattern() {
  const { t, locale } = useT("visits");
  return (weekly: Weekly) => {
    const groups = new Map<string, string[]>();
    for (const day of WEEKDAY_IDS) {
      for (const window of weekly[day] ?? []) {
        const hours = `${formatTimeOfDay(window.start, locale)}–${formatTimeOfDay(window.end, locale)}`;
        groups.set(hours, [...(groups.get(hours) ?? []), t(`timeOff.weekdays.${day}`)]);
      }
    }
    return [...groups].map(([hours, days]) => `${days.join(", ")} ${hours}`).join("; ");
  };
}

function useDay() {
  const { locale } = useT("visits");
  return (date: string) => formatCalendarDate(date, "weekdayDate", locale);
}

/** "Change the schedule" of a recurring order: from a date, the days and the hours; or the pending request. */
export function ScheduleChangeControl({
  orderId,
  timeZone,
  pending,
  current,
  today,
}: {
  orderId: string;
  timeZone: string;
  pending: ScheduleChangeView | undefined;
  /** The pattern the order follows now: the form starts from its first window. */
  current: Weekly;
  /** Today where care happens (YYYY-MM-DD): the date field's earliest day. */
  today: string;
}) {
  const { t, locale } = useT("visits");
  const pattern = usePattern();
  const day = useDay();
  const fetcher = useFetcher<ScheduleChangeResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  if (pending) {
    return (
      <PendingRequest kind="scheduleChange" request={pending} fetcher={fetcher} className="mt-4">
        <p className="text-sm text-slate-800 dark:text-slate-100">
          {t("scheduleChanges.asked", {
            from: day(pending.fromDate),
            deadline: formatVisitDateTime(pending.deadline, timeZone, { locale, withZone: true }),
          })}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {pattern(pending.oldWeekly)} → {pattern(pending.newWeekly)}
        </p>
      </PendingRequest>
    );
  }
  const errors = result?.ok === false ? (result.fieldErrors ?? {}) : {};
  const first = WEEKDAY_IDS.map((id) => current[id]?.[0]).find((window) => window !== undefined);
  return (
    <details className="mt-4 rounded-lg border border-slate-200 dark:border-slate-700" open={result ? true : undefined}>
      <summary
        className={`${secondaryButtonClass} w-full cursor-pointer list-none border-0 sm:w-auto [&::-webkit-details-marker]:hidden`}
      >
        {t("scheduleChanges.open")}
      </summary>
      <fetcher.Form method="post" className="space-y-3 p-3">
        <input type="hidden" name="intent" value="change-schedule" />
        <input type="hidden" name="orderId" value={orderId} />
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("scheduleChanges.intro")}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("scheduleChanges.zoneHint", { zone: timeZone })}
        </p>
        {result?.ok && <FormNotice tone="success">{t("scheduleChanges.sent")}</FormNotice>}
        <TextField
          label={t("scheduleChanges.fromDate")}
          name="fromDate"
          type="date"
          required
          min={today}
          error={errors.fromDate}
          className="sm:max-w-xs"
        />
        <fieldset aria-describedby={errors.days ? "schedule-change-days-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">
            {t("scheduleChanges.days")}
          </legend>
          <div className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-4">
            {WEEKDAY_IDS.map((id) => (
              <label
                key={id}
                className="flex min-h-11 cursor-pointer items-center gap-2 text-slate-900 dark:text-white"
              >
                <input type="checkbox" name="days" value={id} className="size-5 accent-teal-700" />
                {t(`timeOff.weekdays.${id}`)}
              </label>
            ))}
          </div>
          {errors.days && <FieldError id="schedule-change-days-error">{errors.days}</FieldError>}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t("scheduleChanges.startTime")}
            name="startTime"
            type="time"
            required
            defaultValue={first?.start}
            error={errors.startTime}
          />
          <TextField
            label={t("scheduleChanges.endTime")}
            name="endTime"
            type="time"
            required
            defaultValue={first?.end}
            error={errors.endTime}
          />
        </div>
        {result && !result.ok && result.message && <FormNotice tone="error">{result.message}</FormNotice>}
        <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel={t("scheduleChanges.submitting")}>
          {t("scheduleChanges.submit")}
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}

/** The order's schedule changes, newest first: the old and the new pattern, and what became of the request. */
export function ScheduleChangeHistory({ changes }: { changes: ScheduleChangeView[] }) {
  const { t } = useT("visits");
  const pattern = usePattern();
  const day = useDay();
  if (changes.length === 0) return null;
  return (
    <>
      <h3 id="schedule-changes-heading" className="mt-4 font-medium text-slate-900 dark:text-white">
        {t("scheduleChanges.history")}
      </h3>
      <ul
        aria-labelledby="schedule-changes-heading"
        className="mt-1 space-y-2 text-sm text-slate-700 dark:text-slate-200"
      >
        {changes.map((change) => (
          <li key={change.id}>
            <span>
              {t("scheduleChanges.historyLine", {
                from: day(change.fromDate),
                old: pattern(change.oldWeekly),
                new: pattern(change.newWeekly),
              })}
            </span>{" "}
            <span className="font-medium">({t(`scheduleChanges.status.${change.status}`)})</span>
            {change.isLate && <span className={`${badgeClass} ml-2`}>{t("scheduleChanges.lateBadge")}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

type CaregiverChange = ScheduleChangeView & { timeZone: string; orderNumber: string };

/** The caregiver's schedule changes to answer: accept the new pattern, or decline (a reason optional). */
export function ScheduleChangeRequests({ changes }: { changes: CaregiverChange[] }) {
  const { t } = useT("visits");
  return (
    <RequestsToAnswer
      items={changes}
      headingId="schedule-change-requests-heading"
      heading={t("scheduleChanges.caregiverHeading")}
      renderItem={(change, onAnswer) => <ScheduleChangeRequest key={change.id} change={change} onAnswer={onAnswer} />}
    />
  );
}

function ScheduleChangeRequest({ change, onAnswer }: { change: CaregiverChange; onAnswer: () => void }) {
  const { t, locale } = useT("visits");
  const pattern = usePattern();
  const day = useDay();
  const accept = useFetcher<ScheduleChangeResult>();
  const decline = useFetcher<ScheduleChangeResult>();
  const result = [accept, decline].find((fetcher) => fetcher.state === "idle" && fetcher.data)?.data;
  if (result?.ok) {
    return (
      <li>
        <FormNotice tone="success">
          {result.intent === "accept-schedule-change" ? t("scheduleChanges.accepted") : t("scheduleChanges.declined")}
        </FormNotice>
      </li>
    );
  }
  return (
    <li className="space-y-3 rounded-lg bg-white p-3 dark:bg-slate-900">
      <p className="text-slate-800 dark:text-slate-100">
        {t("scheduleChanges.caregiverLine", {
          orderNumber: change.orderNumber,
          from: day(change.fromDate),
          old: pattern(change.oldWeekly),
          new: pattern(change.newWeekly),
          deadline: formatVisitDateTime(change.deadline, change.timeZone, { locale, withZone: true }),
        })}
      </p>
      {change.isLate && <p className={badgeClass}>{t("scheduleChanges.lateBadge")}</p>}
      {result?.message && <FormNotice tone="error">{result.message}</FormNotice>}
      <AnswerForms
        accept={accept}
        decline={decline}
        onAnswer={onAnswer}
        fields={{ intents: ["accept-schedule-change", "decline-schedule-change"], idName: "changeId", id: change.id }}
        texts={{
          accept: t("scheduleChanges.accept"),
          decline: t("scheduleChanges.decline"),
          reason: t("scheduleChanges.declineReason"),
        }}
        pendingLabel={t("scheduleChanges.accepting")}
        reasonError={result?.fieldErrors?.reason}
      />
    </li>
  );
}
