import { useEffect } from "react";
import { SelectField, TextField } from "~/components/form-controls";
import { RECIPIENT_GENDERS } from "~/features/care-requests/care-request.schema";
import { metaT, useT } from "~/i18n/react";
import type { Route } from "./+types/client-info";
import { ChoiceGroup } from "~/components/request/choice-group";
import { StepButtons, WizardStep, useStepSubmit, useWizard } from "~/components/request/wizard";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "request");
  return [{ title: t("clientInfo.metaTitle") }, { name: "description", content: t("clientInfo.metaDescription") }];
};

export default function ClientInfoStep() {
  const { t } = useT("request");
  return (
    <WizardStep step="client-info" description={t("clientInfo.description")}>
      <ClientInfoForm />
    </WizardStep>
  );
}

function ClientInfoForm() {
  const { draft, update, prefill: fillIn, viewer } = useWizard();
  const { errors, onSubmit } = useStepSubmit("client-info", "health-needs");
  const data = draft.data;
  const { t } = useT("request");

  // A signed-in client's phone, street address and ZIP code are filled in
  // from their profile where the draft has none yet.
  useEffect(() => {
    const prefill = viewer?.prefill ?? {};
    const missing = Object.fromEntries(
      (["phoneNumber", "streetAddress", "zipCode"] as const)
        .filter((field) => !data[field] && prefill[field])
        .map((field) => [field, prefill[field]]),
    );
    if (Object.keys(missing).length > 0) fillIn(missing);
    // Only on arrival: a field the person empties stays empty.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [viewer]);

  const chooseRecipient = (careRecipient: "self" | "loved-one") => {
    const ownName = viewer?.prefill.fullName;
    update({
      careRecipient,
      ...(careRecipient === "self" && ownName && !data.fullName ? { fullName: ownName } : {}),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
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
      <StepButtons />
    </form>
  );
}
