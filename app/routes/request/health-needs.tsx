import { SelectField, inputClass, labelClass } from "~/components/form-controls";
import {
  CARE_CULTURES,
  CARE_LANGUAGES,
  CARE_SKILL_LABELS,
  CAREGIVER_GENDER_PREFERENCES,
} from "~/features/care-requests/care-request.schema";
import { CARE_SKILLS, SERVICES } from "~/utils/services";
import type { Route } from "./+types/health-needs";
import { ChoiceGroup, choiceClass } from "./choice-group";
import { StepButtons, WizardStep, useStepSubmit, useWizard } from "./wizard";

export const meta: Route.MetaFunction = () => [
  { title: "Request care: care needs | Tendly" },
  { name: "description", content: "The services, health needs and preferences for your care." },
];

const GENDER_PREFERENCE_LABELS: Record<(typeof CAREGIVER_GENDER_PREFERENCES)[number], string> = {
  "no-preference": "No preference",
  female: "Female caregiver",
  male: "Male caregiver",
};

export default function HealthNeedsStep() {
  return (
    <WizardStep step="health-needs" description="Choose the services you need and tell us what matters to you.">
      <HealthNeedsForm />
    </WizardStep>
  );
}

function toggle<Value>(list: readonly Value[] | undefined, value: Value, checked: boolean): Value[] {
  const rest = (list ?? []).filter((item) => item !== value);
  return checked ? [...rest, value] : rest;
}

function HealthNeedsForm() {
  const { draft, update } = useWizard();
  const { errors, onSubmit } = useStepSubmit("health-needs", "schedule");
  const data = draft.data;
  const careType = data.careType ?? "hourly";
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-8">
      <ChoiceGroup
        legend="Services"
        name="serviceTypes"
        type="checkbox"
        options={SERVICES.map((service) => ({ value: service.id, label: service.title }))}
        isChecked={(value) => (data.serviceTypes ?? []).includes(value)}
        onToggle={(value, checked) => update({ serviceTypes: toggle(data.serviceTypes, value, checked) })}
        error={errors.serviceTypes}
      />
      <ChoiceGroup
        legend="Health needs (optional)"
        name="healthNeeds"
        type="checkbox"
        hint="We look for caregivers experienced with these."
        options={CARE_SKILLS.map((skill) => ({ value: skill, label: CARE_SKILL_LABELS[skill] }))}
        isChecked={(value) => (data.healthNeeds ?? []).includes(value)}
        onToggle={(value, checked) => update({ healthNeeds: toggle(data.healthNeeds, value, checked) })}
      />
      <ChoiceGroup
        legend="Type of care"
        name="careType"
        type="radio"
        options={[
          { value: "hourly", label: "Hourly visits" },
          { value: "live-in", label: "Live-in care" },
        ]}
        isChecked={(value) => careType === value}
        onToggle={(value) => update({ careType: value })}
      />
      {careType === "live-in" && (
        <label className={choiceClass}>
          <input
            type="checkbox"
            name="privateRoomAvailable"
            checked={data.privateRoomAvailable ?? false}
            onChange={(event) => update({ privateRoomAvailable: event.target.checked })}
            className="size-5 accent-teal-700"
          />
          <span className="font-medium text-slate-900 dark:text-white">
            A private room is available for the caregiver
          </span>
        </label>
      )}
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField
          label="Preferred language"
          name="preferredLanguage"
          value={data.preferredLanguage ?? "en"}
          onChange={(event) => update({ preferredLanguage: event.target.value as typeof data.preferredLanguage })}
        >
          {CARE_LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {language.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Caregiver gender"
          name="caregiverGender"
          value={data.caregiverGender ?? "no-preference"}
          onChange={(event) => update({ caregiverGender: event.target.value as typeof data.caregiverGender })}
        >
          {CAREGIVER_GENDER_PREFERENCES.map((preference) => (
            <option key={preference} value={preference}>
              {GENDER_PREFERENCE_LABELS[preference]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Shared culture (optional)"
          name="culture"
          value={data.culture ?? ""}
          onChange={(event) => update({ culture: event.target.value })}
        >
          <option value="">No preference</option>
          {CARE_CULTURES.map((culture) => (
            <option key={culture.id} value={culture.id}>
              {culture.label}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <label htmlFor="additional-details" className={labelClass}>
          Anything else we should know? (optional)
        </label>
        <textarea
          id="additional-details"
          name="additionalDetails"
          rows={4}
          maxLength={10_000}
          value={data.additionalDetails ?? ""}
          onChange={(event) => update({ additionalDetails: event.target.value })}
          aria-describedby={errors.additionalDetails ? "additional-details-error" : undefined}
          className={inputClass}
        />
        {errors.additionalDetails && (
          <p id="additional-details-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errors.additionalDetails}
          </p>
        )}
      </div>
      <StepButtons back="client-info" />
    </form>
  );
}
