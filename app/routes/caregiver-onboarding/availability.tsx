import type { RefObject } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { fieldErrorClass, fieldErrors, secondaryButtonClass, TextField } from "~/components/form-controls";
import { useHydrated } from "~/components/use-hydrated";
import { requireApplicant, saveStep } from "./applicant-guard.server";
import { AvailabilityStepSchema, DAY_PARTS, nextStep, stepPath } from "~/features/caregiver-onboarding/application";
import { metaT, useFieldErrors, useLabels, useT } from "~/i18n/react";
import { loadApplication, saveAvailability } from "~/features/caregiver-onboarding/application.server";
import type { Route } from "./+types/availability";
import { StepActions, StepHeading, useBrowserDraft } from "./step-parts";
import { readForm } from "~/utils/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "onboarding");
  return [{ title: t("availability.metaTitle") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const applicant = await requireApplicant(request);
  const { draft } = await loadApplication(applicant);
  return { availability: draft.availability ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const applicant = await requireApplicant(request);
  const form = await readForm(request);
  const parsed = AvailabilityStepSchema.safeParse({
    slots: form.getAll("slots"),
    travelRadiusMiles: form.get("travelRadiusMiles"),
  });
  if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error.issues) }, { status: 400 });
  await saveStep(() => saveAvailability(applicant, parsed.data));
  return redirect(stepPath(nextStep("availability")));
}

export default function Availability({ loaderData, actionData }: Route.ComponentProps) {
  const slots = new Set(loaderData.availability?.slots ?? []);
  const { t } = useT("onboarding");
  const translateErrors = useFieldErrors();
  const labels = useLabels();
  // Weekday 0 is Monday, as in caregiver_availability.
  const weekdays = Array.from({ length: 7 }, (_, index) => labels.weekday(index));
  const errors: Record<string, string> = translateErrors(actionData?.fieldErrors ?? {});
  const isSubmitting = useNavigation().state === "submitting";
  const formRef = useBrowserDraft("availability");
  return (
    <>
      <StepHeading step="availability">
        <p>{t("availability.intro")}</p>
      </StepHeading>
      <Form method="post" noValidate ref={formRef} aria-label={t("steps.availability")}>
        <fieldset aria-describedby={errors.slots ? "slots-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("availability.weekly")}</legend>
          <SlotPresets formRef={formRef} />
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[20rem] border-collapse text-sm">
              <thead>
                <tr>
                  <th scope="col" className="p-2 text-left font-medium text-slate-700">
                    {t("availability.day")}
                  </th>
                  {DAY_PARTS.map((part) => (
                    <th key={part.id} scope="col" className="p-2 text-center font-medium text-slate-700">
                      {t(`availability.dayParts.${part.id}.name`)}
                      <span className="block text-xs font-normal text-slate-600">
                        {t(`availability.dayParts.${part.id}.hours`)}
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weekdays.map((day, weekday) => (
                  <tr key={weekday} className="border-t border-slate-200">
                    <th scope="row" className="p-2 text-left font-medium text-slate-900">
                      {day}
                    </th>
                    {DAY_PARTS.map((part) => {
                      const value = `${weekday}-${part.id}`;
                      return (
                        <td key={part.id} className="p-1 text-center">
                          <label className="inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-teal-50">
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
          {errors.slots && (
            <p id="slots-error" role="alert" className={fieldErrorClass}>
              {errors.slots}
            </p>
          )}
        </fieldset>
        <TextField
          label={t("availability.travel")}
          name="travelRadiusMiles"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          hint={t("availability.travelHint")}
          defaultValue={loaderData.availability?.travelRadiusMiles ?? 15}
          error={errors.travelRadiusMiles}
          className="mt-6 max-w-xs"
        />
        <StepActions back="background" isSubmitting={isSubmitting} />
      </Form>
    </>
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
