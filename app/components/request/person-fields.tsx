import { SelectField, TextAreaField, TextField, labelClass } from "~/components/form-controls";
import { languagesByName } from "~/features/care-requests/care-labels";
import {
  CARE_CULTURES,
  CAREGIVER_GENDER_PREFERENCES,
  RECIPIENT_GENDERS,
} from "~/features/care-requests/care-request.schema";
import { useLabels, useT } from "~/i18n/react";
import { CARE_SKILLS, SERVICE_IDS } from "~/utils/services";
import { ChoiceGroup, choiceClass } from "./choice-group";
import type { DraftData } from "./wizard";

// The questions about the person who receives care: the wizard's first two steps, and the family's page for a
// saved care recipient (docs/product-rules.md, "Care recipients"), which edits the same answers by the same rules.

type FieldsProps = {
  data: DraftData;
  update: (changes: Partial<DraftData>) => void;
  /** Messages by field, already worded. */
  errors: Record<string, string | undefined>;
};

/** Who receives care and where: name, age, gender, phone, street address, ZIP code. */
export function ClientInfoFields({ data, update, errors, ownName }: FieldsProps & { ownName?: string }) {
  const { t } = useT("request");
  const chooseRecipient = (careRecipient: "self" | "loved-one") => {
    update({
      careRecipient,
      ...(careRecipient === "self" && ownName && !data.fullName ? { fullName: ownName } : {}),
    });
  };

  return (
    <>
      <ChoiceGroup
        legend={t("clientInfo.whoNeedsCare")}
        name="careRecipient"
        type="radio"
        options={[
          { value: "self", label: t("clientInfo.me") },
          { value: "loved-one", label: t("clientInfo.lovedOne") },
        ]}
        isChecked={(value) => data.careRecipient === value}
        onToggle={(value) => chooseRecipient(value)}
        error={errors.careRecipient}
      />
      <TextField
        label={t("clientInfo.fullName")}
        name="fullName"
        autoComplete={data.careRecipient === "self" ? "name" : "off"}
        value={data.fullName ?? ""}
        onChange={(event) => update({ fullName: event.target.value })}
        error={errors.fullName}
        maxLength={100}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label={t("clientInfo.age")}
          name="age"
          type="number"
          inputMode="numeric"
          min={1}
          max={120}
          value={data.age === undefined ? "" : String(data.age)}
          onChange={(event) => update({ age: event.target.value === "" ? undefined : Number(event.target.value) })}
          error={errors.age}
        />
        <SelectField
          label={t("clientInfo.gender")}
          name="gender"
          value={data.gender ?? ""}
          onChange={(event) => update({ gender: (event.target.value || undefined) as typeof data.gender })}
          error={errors.gender}
        >
          <option value="">{t("clientInfo.choose")}</option>
          {RECIPIENT_GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`gender.${gender}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={t("clientInfo.phone")}
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        value={data.phoneNumber ?? ""}
        onChange={(event) => update({ phoneNumber: event.target.value })}
        error={errors.phoneNumber}
        maxLength={20}
      />
      <TextField
        label={t("clientInfo.street")}
        name="streetAddress"
        autoComplete="street-address"
        hint={t("clientInfo.streetHint")}
        value={data.streetAddress ?? ""}
        onChange={(event) => update({ streetAddress: event.target.value })}
        error={errors.streetAddress}
        maxLength={255}
      />
      <TextField
        label={t("clientInfo.zip")}
        name="zipCode"
        inputMode="numeric"
        autoComplete="postal-code"
        value={data.zipCode ?? ""}
        // The field strips non-digits, at most 10.
        onChange={(event) => update({ zipCode: event.target.value.replace(/\D/g, "").slice(0, 10) })}
        error={errors.zipCode}
        maxLength={10}
        className="sm:max-w-xs"
      />
    </>
  );
}

function toggle<Value>(list: readonly Value[] | undefined, value: Value, checked: boolean): Value[] {
  const rest = (list ?? []).filter((item) => item !== value);
  return checked ? [...rest, value] : rest;
}

/** Makes the preference above it required: only caregivers who meet it are matched. */
function RequiredCheckbox({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800 dark:text-slate-100">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 shrink-0 accent-teal-700"
      />
      <span>{label}</span>
    </label>
  );
}

/** Services, health needs, care type and the preferences (each preferred, or required with its tick). */
export function HealthNeedsFields({ data, update, errors }: FieldsProps) {
  const careType = data.careType ?? "hourly";
  const { t } = useT("request");
  const labels = useLabels();
  return (
    <>
      <ChoiceGroup
        legend={t("healthNeeds.services")}
        name="serviceTypes"
        type="checkbox"
        options={SERVICE_IDS.map((id) => ({ value: id, label: labels.service(id) }))}
        isChecked={(value) => (data.serviceTypes ?? []).includes(value)}
        onToggle={(value, checked) => update({ serviceTypes: toggle(data.serviceTypes, value, checked) })}
        error={errors.serviceTypes}
      />
      <ChoiceGroup
        legend={t("healthNeeds.healthNeeds")}
        name="healthNeeds"
        type="checkbox"
        hint={t("healthNeeds.healthNeedsHint")}
        options={CARE_SKILLS.map((skill) => ({ value: skill, label: labels.healthNeed(skill) }))}
        isChecked={(value) => (data.healthNeeds ?? []).includes(value)}
        onToggle={(value, checked) => update({ healthNeeds: toggle(data.healthNeeds, value, checked) })}
      />
      <ChoiceGroup
        legend={t("healthNeeds.careType")}
        name="careType"
        type="radio"
        options={[
          { value: "hourly", label: t("healthNeeds.hourly") },
          { value: "live-in", label: t("healthNeeds.liveIn") },
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
          <span className="font-medium text-slate-900 dark:text-white">{t("healthNeeds.privateRoom")}</span>
        </label>
      )}
      <fieldset aria-describedby="preferences-hint">
        <legend className={labelClass}>{t("healthNeeds.preferences")}</legend>
        <p id="preferences-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t("healthNeeds.preferencesHint")}
        </p>
        <div className="mt-3 grid gap-6 sm:grid-cols-2">
          <div>
            <SelectField
              label={t("healthNeeds.preferredLanguage")}
              name="preferredLanguage"
              value={data.preferredLanguage ?? "en"}
              onChange={(event) => update({ preferredLanguage: event.target.value as typeof data.preferredLanguage })}
            >
              {languagesByName(labels.language).map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </SelectField>
            <RequiredCheckbox
              name="languageRequired"
              label={t("healthNeeds.languageRequired")}
              checked={data.languageRequired ?? false}
              onChange={(checked) => update({ languageRequired: checked })}
            />
          </div>
          <div>
            <SelectField
              label={t("healthNeeds.caregiverGender")}
              name="caregiverGender"
              value={data.caregiverGender ?? "no-preference"}
              onChange={(event) => {
                const caregiverGender = event.target.value as typeof data.caregiverGender;
                // "No preference" cannot be required: the box goes, and so does its tick.
                update(
                  caregiverGender === "no-preference"
                    ? { caregiverGender, caregiverGenderRequired: false }
                    : { caregiverGender },
                );
              }}
            >
              {CAREGIVER_GENDER_PREFERENCES.map((preference) => (
                <option key={preference} value={preference}>
                  {t(`healthNeeds.genderPreference.${preference}`)}
                </option>
              ))}
            </SelectField>
            {(data.caregiverGender ?? "no-preference") !== "no-preference" && (
              <RequiredCheckbox
                name="caregiverGenderRequired"
                label={t("healthNeeds.genderRequired")}
                checked={data.caregiverGenderRequired ?? false}
                onChange={(checked) => update({ caregiverGenderRequired: checked })}
              />
            )}
          </div>
          <div>
            <SelectField
              label={t("healthNeeds.culture")}
              name="culture"
              value={data.culture ?? ""}
              onChange={(event) => {
                const culture = event.target.value;
                update(culture === "" ? { culture, cultureRequired: false } : { culture });
              }}
            >
              <option value="">{t("healthNeeds.noPreference")}</option>
              {CARE_CULTURES.map((culture) => (
                <option key={culture.id} value={culture.id}>
                  {t(`culture.${culture.id}`, { defaultValue: culture.label })}
                </option>
              ))}
            </SelectField>
            {(data.culture ?? "") !== "" && (
              <RequiredCheckbox
                name="cultureRequired"
                label={t("healthNeeds.cultureRequired")}
                checked={data.cultureRequired ?? false}
                onChange={(checked) => update({ cultureRequired: checked })}
              />
            )}
          </div>
        </div>
      </fieldset>
      <TextAreaField
        label={t("healthNeeds.additionalDetails")}
        name="additionalDetails"
        rows={4}
        maxLength={10_000}
        value={data.additionalDetails ?? ""}
        onChange={(event) => update({ additionalDetails: event.target.value })}
        error={errors.additionalDetails}
      />
    </>
  );
}
