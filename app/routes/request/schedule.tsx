import { Plus, Trash2 } from "lucide-react";
import { TextField, fieldErrorClass, labelClass, secondaryButtonClass } from "~/components/form-controls";
import {
  EMPTY_WEEK,
  WEEKDAYS,
  earliestBookableDate,
  type TimeWindow,
  type WeeklySchedule,
} from "~/features/care-requests/care-request.schema";
import type { Route } from "./+types/schedule";
import { ChoiceGroup } from "./choice-group";
import { StepButtons, WizardStep, useStepSubmit, useWizard } from "./wizard";

export const meta: Route.MetaFunction = () => [
  { title: "Request care: schedule | Tendly" },
  { name: "description", content: "When you need care: once, or every week." },
];

const MAX_WINDOWS_PER_DAY = 3;
const NEW_WINDOW: TimeWindow = { start: "09:00", end: "12:00" };
type Weekday = keyof WeeklySchedule;

export default function ScheduleStep() {
  return (
    <WizardStep step="schedule" description="Choose one visit, or a weekly pattern between two dates.">
      <ScheduleForm />
    </WizardStep>
  );
}

function ScheduleForm() {
  const { draft, update } = useWizard();
  const { errors, onSubmit } = useStepSubmit("schedule", "review-submit");
  const data = draft.data;
  const scheduleType = data.scheduleType ?? "one-time";
  const week = data.weeklySchedule ?? EMPTY_WEEK;
  const today = earliestBookableDate();

  const setDay = (weekday: Weekday, windows: TimeWindow[]) =>
    update({ weeklySchedule: { ...week, [weekday]: windows } });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-8">
      <ChoiceGroup
        legend="How often?"
        name="scheduleType"
        type="radio"
        options={[
          { value: "one-time", label: "One time" },
          { value: "recurring", label: "Every week" },
        ]}
        isChecked={(value) => scheduleType === value}
        onToggle={(value) => update({ scheduleType: value })}
      />
      {scheduleType === "one-time" ? (
        <div className="grid gap-6 sm:grid-cols-3">
          <TextField
            label="Date"
            name="startDate"
            type="date"
            min={today}
            value={data.startDate ?? ""}
            onChange={(event) => update({ startDate: event.target.value })}
            error={errors.startDate}
          />
          <TextField
            label="Start time"
            name="startTime"
            type="time"
            value={data.startTime ?? ""}
            onChange={(event) => update({ startTime: event.target.value })}
            error={errors.startTime}
          />
          <TextField
            label="End time"
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
              label="Start date"
              name="startDate"
              type="date"
              min={today}
              value={data.startDate ?? ""}
              onChange={(event) => update({ startDate: event.target.value })}
              error={errors.startDate}
            />
            <TextField
              label="End date"
              name="endDate"
              type="date"
              min={data.startDate || today}
              value={data.endDate ?? ""}
              onChange={(event) => update({ endDate: event.target.value })}
              error={errors.endDate}
            />
          </div>
          <fieldset aria-describedby={errors.weeklySchedule ? "weekly-schedule-error" : undefined}>
            <legend className={labelClass}>Weekly times</legend>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Choose the days and times of the visits each week.
            </p>
            <ul className="mt-3 space-y-3">
              {WEEKDAYS.map((dayName, index) => {
                const weekday = String(index) as Weekday;
                const windows = week[weekday];
                return (
                  <li key={dayName} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                    <label className="flex min-h-11 cursor-pointer items-center gap-3">
                      <input
                        type="checkbox"
                        name={`day-${weekday}`}
                        checked={windows.length > 0}
                        onChange={(event) => setDay(weekday, event.target.checked ? [NEW_WINDOW] : [])}
                        className="size-5 accent-teal-700"
                      />
                      <span className="font-medium text-slate-900 dark:text-white">{dayName}</span>
                    </label>
                    {windows.length > 0 && (
                      <div className="mt-2 space-y-3">
                        {windows.map((window, position) => (
                          <DayWindow
                            key={position}
                            dayName={dayName}
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
                            Add a time on {dayName}
                          </button>
                        )}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            {errors.weeklySchedule && (
              <p id="weekly-schedule-error" role="alert" className={fieldErrorClass}>
                {errors.weeklySchedule}
              </p>
            )}
          </fieldset>
        </>
      )}
      <StepButtons back="health-needs" />
    </form>
  );
}

function DayWindow({
  dayName,
  position,
  window,
  onChange,
  onRemove,
}: {
  dayName: string;
  position: number;
  window: TimeWindow;
  onChange: (window: TimeWindow) => void;
  onRemove: () => void;
}) {
  const which = position === 0 ? dayName : `${dayName}, time ${position + 1}`;
  const isInverted = window.end <= window.start;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField
        label={`${which}: from`}
        name={`from-${dayName}-${position}`}
        type="time"
        value={window.start}
        onChange={(event) => onChange({ ...window, start: event.target.value })}
        className="min-w-32 flex-1"
      />
      <TextField
        label={`${which}: to`}
        name={`to-${dayName}-${position}`}
        type="time"
        value={window.end}
        onChange={(event) => onChange({ ...window, end: event.target.value })}
        error={isInverted ? "End time must be after the start time" : undefined}
        className="min-w-32 flex-1"
      />
      <button
        type="button"
        onClick={onRemove}
        className={secondaryButtonClass}
        aria-label={`Remove ${which} ${window.start} to ${window.end}`}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
