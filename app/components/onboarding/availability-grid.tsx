import type { RefObject } from "react";
import { secondaryButtonClass, FieldError } from "~/components/form-controls";
import { useHydrated } from "~/components/use-hydrated";
import { DAY_PARTS } from "~/features/caregivers/work-profile-fields";
import { useLabels, useT } from "~/i18n/react";

// The weekly grid of parts of the day a caregiver can work (AvailabilityStepSchema's slots), with
// quick choices: the application's availability step and the approved caregiver's profile.

export function AvailabilityGrid({
  defaultSlots,
  error,
  formRef,
}: {
  defaultSlots: readonly string[];
  error?: string;
  /** The form holding the grid, for the quick choices. */
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const { t } = useT("onboarding");
  const labels = useLabels();
  const slots = new Set(defaultSlots);
  // Weekday 0 is Monday, as in caregiver_availability.
  const weekdays = Array.from({ length: 7 }, (_, index) => labels.weekday(index));
  return (
    <fieldset aria-describedby={error ? "slots-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">{t("availability.weekly")}</legend>
      <SlotPresets formRef={formRef} />
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[20rem] border-collapse text-sm">
          <thead>
            <tr>
              <th scope="col" className="p-2 text-left font-medium text-slate-700 dark:text-slate-200">
                {t("availability.day")}
              </th>
              {DAY_PARTS.map((part) => (
                <th
                  key={part.id}
                  scope="col"
                  className="p-2 text-center font-medium text-slate-700 dark:text-slate-200"
                >
                  {t(`availability.dayParts.${part.id}.name`)}
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                    {t(`availability.dayParts.${part.id}.hours`)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weekdays.map((day, weekday) => (
              <tr key={weekday} className="border-t border-slate-200 dark:border-slate-700">
                <th scope="row" className="p-2 text-left font-medium text-slate-900 dark:text-white">
                  {day}
                </th>
                {DAY_PARTS.map((part) => {
                  const value = `${weekday}-${part.id}`;
                  return (
                    <td key={part.id} className="p-1 text-center">
                      <label className="inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-teal-50 dark:hover:bg-teal-950/40">
                        <input
                          type="checkbox"
                          name="slots"
                          value={value}
                          defaultChecked={slots.has(value)}
                          aria-label={t(`availability.dayParts.${part.id}.slot`, { day })}
                          className="size-5 accent-teal-700"
                        />
                      </label>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && <FieldError id="slots-error">{error}</FieldError>}
    </fieldset>
  );
}

/** Slot values of the common answers, so most people need one click instead of ten. */
const PRESETS = [
  { id: "weekdays", slots: (value: string) => /^[0-4]-(morning|afternoon)$/.test(value) },
  { id: "everyDay", slots: () => true },
  { id: "clearAll", slots: () => false },
] as const;

/** Buttons that tick the grid's boxes in one go (they need JavaScript, so they appear once it runs). */
function SlotPresets({ formRef }: { formRef: RefObject<HTMLFormElement | null> }) {
  const { t } = useT("onboarding");
  if (!useHydrated()) return null;
  const apply = (slots: (value: string) => boolean) => {
    const form = formRef.current;
    if (!form) return;
    for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="slots"]')) {
      box.checked = slots(box.value);
    }
    // The browser draft listens for changes on the form.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {PRESETS.map((preset) => (
        <button
          key={preset.id}
          type="button"
          onClick={() => apply(preset.slots)}
          className={`${secondaryButtonClass} text-sm`}
        >
          {t(`availability.presets.${preset.id}`)}
        </button>
      ))}
    </div>
  );
}
