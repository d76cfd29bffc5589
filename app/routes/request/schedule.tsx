import { Plus, Trash2 } from "lucide-react";
import { CheckboxField, TextField, labelClass, secondaryButtonClass, FieldError } from "~/components/form-controls";
import {
  EMPTY_WEEK,
  WEEKDAYS,
  earliestBookableDate,
  type TimeWindow,
  type WeeklySchedule,
} from "~/features/care-requests/care-request.schema";
import { metaT, useLabels, useT } from "~/i18n/react";
import type { Route } from "./+types/schedule";
import { useCareTimeZone } from "~/components/request/care-time-zone";
import { ChoiceGroup } from "~/components/request/choice-group";
import { StepButtons, WizardStep, useStepSubmit, useWizard } from "~/components/request/wizard";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "request");
  return [{ title: t("schedule.metaTitle") }, { name: "description", content: t("schedule.metaDescription") }];
};

const MAX_WINDOWS_PER_DAY = 3;
const NEW_WINDOW: TimeWindow = { start: "09:00", end: "12:00" };
type Weekday = keyof WeeklySchedule;

export default function ScheduleStep() {
  const { t } = useT("request");
  return (
    <WizardStep step="schedule" description={t("schedule.description")}>
      <ScheduleForm />
    </WizardStep>
  );
}

function ScheduleForm() {
  const { draft, update } = useWizard();
  const data = draft.data;
  const { errors, onSubmit } = useStepSubmit("schedule", "review-submit", useCareTimeZone(data.zipCode).settle);
  const scheduleType = data.scheduleType ?? "one-time";
  const week = data.weeklySchedule ?? EMPTY_WEEK;
  const today = earliestBookableDate();
  const { t } = useT("request");
  const labels = useLabels();

  const setDay = (weekday: Weekday, windows: TimeWindow[]) =>
    update({ weeklySchedule: { ...week, [weekday]: windows } });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-8">
      <ChoiceGroup
        legend={t("schedule.howOften")}
        name="scheduleType"
        type="radio"
        options={[
          { value: "one-time", label: t("schedule.oneTime") },
          { value: "recurring", label: t("schedule.everyWeek") },
        ]}
        isChecked={(value) => scheduleType === value}
        onToggle={(value) => update({ scheduleType: value })}
      />
      {scheduleType === "one-time" ? (
        <div className="grid gap-6 sm:grid-cols-3">
          <TextField
            label={t("schedule.date")}
            name="startDate"
            type="date"
            min={today}
            value={data.startDate ?? ""}
            onChange={(event) => update({ startDate: event.target.value })}
            error={errors.startDate}
          />
          <TextField
            label={t("schedule.startTime")}
            name="startTime"
            type="time"
            value={data.startTime ?? ""}
            onChange={(event) => update({ startTime: event.target.value })}
            error={errors.startTime}
          />
          <TextField
            label={t("schedule.endTime")}
            name="endTime"
            type="time"
            value={data.endTime ?? ""}
            onChange={(event) => update({ endTime: event.target.value })}
            error={errors.endTime}
          />
        </div>
      ) : (
        <>
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField
              label={t("schedule.startDate")}
              name="startDate"
              type="date"
              min={today}
              value={data.startDate ?? ""}
              onChange={(event) => update({ startDate: event.target.value })}
              error={errors.startDate}
            />
            <TextField
              label={t("schedule.endDate")}
              name="endDate"
              type="date"
              min={data.startDate || today}
              value={data.endDate ?? ""}
              onChange={(event) => update({ endDate: event.target.value })}
              error={errors.endDate}
            />
          </div>
          <fieldset aria-describedby={errors.weeklySchedule ? "weekly-schedule-error" : undefined}>
            <legend className={labelClass}>{t("schedule.weeklyTimes")}</legend>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("schedule.weeklyHint")}</p>
            <ul className="mt-3 space-y-3">
              {WEEKDAYS.map((dayName, index) => {
                const weekday = String(index) as Weekday;
                const windows = week[weekday];
                const dayLabel = labels.weekday(weekday);
                return (
                  <li key={dayName} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                    <CheckboxField
                      name={`day-${weekday}`}
                      checked={windows.length > 0}
                      onChange={(event) => setDay(weekday, event.target.checked ? [NEW_WINDOW] : [])}
                      label={<span className="font-medium">{dayLabel}</span>}
                    />
                    {windows.length > 0 && (
                      <div className="mt-2 space-y-3">
                        {windows.map((window, position) => (
                          <DayWindow
                            key={position}
                            dayName={dayName}
                            dayLabel={dayLabel}
                            position={position}
                            window={window}
                            onChange={(changed) =>
                              setDay(
                                weekday,
                                windows.map((other, at) => (at === position ? changed : other)),
                              )
                            }
                            onRemove={() =>
                              setDay(
                                weekday,
                                windows.filter((_, at) => at !== position),
                              )
                            }
                          />
                        ))}
                        {windows.length < MAX_WINDOWS_PER_DAY && (
                          <button
                            type="button"
                            className={secondaryButtonClass}
                            onClick={() => setDay(weekday, [...windows, { start: "13:00", end: "16:00" }])}
                          >
                            <Plus aria-hidden="true" className="mr-2 size-4" />
                            {t("schedule.addTime", { day: dayLabel })}
                          </button>
                        )}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            {errors.weeklySchedule && <FieldError id="weekly-schedule-error">{errors.weeklySchedule}</FieldError>}
          </fieldset>
        </>
      )}
      <StepButtons back="health-needs" />
    </form>
  );
}

function DayWindow({
  dayName,
  dayLabel,
  position,
  window,
  onChange,
  onRemove,
}: {
  /** The English name, for the fields' names. */
  dayName: string;
  /** The name people read. */
  dayLabel: string;
  position: number;
  window: TimeWindow;
  onChange: (window: TimeWindow) => void;
  onRemove: () => void;
}) {
  const { t } = useT("request");
  const { t: validation } = useT("validation");
  const which = position === 0 ? dayLabel : t("schedule.nthTime", { day: dayLabel, number: position + 1 });
  const isInverted = window.end <= window.start;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField
        label={t("schedule.from", { which })}
        name={`from-${dayName}-${position}`}
        type="time"
        value={window.start}
        onChange={(event) => onChange({ ...window, start: event.target.value })}
        className="min-w-32 flex-1"
      />
      <TextField
        label={t("schedule.to", { which })}
        name={`to-${dayName}-${position}`}
        type="time"
        value={window.end}
        onChange={(event) => onChange({ ...window, end: event.target.value })}
        error={isInverted ? validation("request.endTimeAfterStart") : undefined}
        className="min-w-32 flex-1"
      />
      <button
        type="button"
        onClick={onRemove}
        className={secondaryButtonClass}
        aria-label={t("schedule.remove", { which, start: window.start, end: window.end })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
