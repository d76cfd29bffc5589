import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useMemo, useRef } from "react";
import { centsToDecimal } from "~/utils/money";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { FormNotice, primaryButtonClass, sectionClass, TextAreaField, TextField } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { languagesByName } from "~/features/care-requests/care-labels";
import { workProfileFormSchema, type WorkProfileView } from "~/features/caregivers/work-profile.schema";
import { messageKey } from "~/i18n/message-keys";
import { useFormat, useLabels, useT, useValidationMessage } from "~/i18n/react";
import { AvailabilityGrid } from "~/components/onboarding/availability-grid";
import { BioLanguageField, CheckboxGroup } from "~/components/onboarding/step-parts";
import { SERVICE_IDS } from "~/utils/services";

// "Your work" on the caregiver's profile page (docs/product-rules.md, "Caregiver profile"): the
// application's own fields and rules (services, languages, the weekly grid, the travel radius, the
// bio) and the hourly rate within the pay band. Matching reads these answers for the next request.

/** `result`: the form's reply, its field errors as message keys (a refusal about no one field worded). */
export type WorkActionData =
  { intent: "work"; status: "invalid"; result: SubmissionResult<string[]> } | { intent: "work"; status: "saved" };

export function WorkProfileCard({ work }: { work: WorkProfileView }) {
  const fetcher = useFetcher<WorkActionData>({ key: "profile-work" });
  const formRef = useRef<HTMLFormElement>(null);
  const { t } = useT("account");
  const onboarding = useT("onboarding").t;
  const labels = useLabels();
  const format = useFormat();
  const translate = useValidationMessage();
  const result = fetcher.data?.intent === "work" ? fetcher.data : undefined;
  // The same schema, under the same rules, checks the form before it is sent.
  const { minCents, maxCents } = work.band;
  const schema = useMemo(
    () => workProfileFormSchema({ band: { minCents, maxCents }, keptRateCents: work.hourlyRateCents }),
    [minCents, maxCents, work.hourlyRateCents],
  );
  const [form, fields] = useSchemaForm(schema, {
    id: "profile-work",
    lastResult: result?.status === "invalid" ? result.result : undefined,
  });
  const errorOf = (field: { errors?: string[] }) => translate(field.errors?.[0]);
  const band = { min: format.money(work.band.minCents), max: format.money(work.band.maxCents) };
  // The band's figures belong in its message: the schema's message has none, so its key is worded here with them.
  const rateError =
    fields.hourlyRate.errors?.[0] === messageKey("validation:onboarding.rateOutsideBand")
      ? t("profile.work.rateOutsideBand", band)
      : errorOf(fields.hourlyRate);
  const isSaving = fetcher.state !== "idle";

  useAfterEachAnswer(result, () => {
    if (result?.status === "saved") {
      toast.success(t("profile.work.saved"), { description: t("profile.work.savedDescription") });
    }
  });

  return (
    <section aria-labelledby="work-heading" className={sectionClass}>
      <h2 id="work-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("profile.work.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("profile.work.intro")}</p>
      <fetcher.Form ref={formRef} method="post" className="mt-5 space-y-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="work" />
        <CheckboxGroup
          legend={onboarding("experience.services")}
          name="services"
          options={SERVICE_IDS.map((id) => ({ value: id, label: labels.service(id) }))}
          defaultValues={work.services}
          error={errorOf(fields.services)}
        />
        <CheckboxGroup
          legend={onboarding("experience.languages")}
          name="languages"
          columns={3}
          options={languagesByName(labels.language).map(({ code, name }) => ({ value: code, label: name }))}
          defaultValues={work.languages}
          error={errorOf(fields.languages)}
        />
        <AvailabilityGrid defaultSlots={work.slots} error={errorOf(fields.slots)} formRef={formRef} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={onboarding("availability.travel")}
            field={fields.travelRadiusMiles}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            hint={onboarding("availability.travelHint")}
            defaultValue={work.travelRadiusMiles}
          />
          <TextField
            label={t("profile.work.rate")}
            field={fields.hourlyRate}
            inputMode="decimal"
            autoComplete="off"
            required={false}
            hint={t("profile.work.rateHint", band)}
            defaultValue={work.hourlyRateCents === null ? "" : centsToDecimal(work.hourlyRateCents)}
            error={rateError}
          />
        </div>
        <TextAreaField
          label={onboarding("experience.about")}
          field={fields.bio}
          hint={onboarding("experience.aboutHint")}
          rows={5}
          maxLength={1000}
          defaultValue={work.bio}
        />
        <BioLanguageField defaultValue={work.bioLanguage} error={errorOf(fields.bioLanguage)} />
        {/* A refusal that is about no one field (the profile is not this person's to change). */}
        {form.errors?.[0] && (
          <FormNotice id={form.errorId} tone="error">
            {translate(form.errors[0])}
          </FormNotice>
        )}
        <button type="submit" className={primaryButtonClass} disabled={isSaving} aria-busy={isSaving || undefined}>
          {isSaving ? t("profile.work.saving") : t("profile.work.save")}
        </button>
      </fetcher.Form>
    </section>
  );
}
