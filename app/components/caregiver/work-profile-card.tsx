import { useRef, useState } from "react";
import { centsToDecimal } from "~/utils/money";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import {
  fieldErrors,
  FormNotice,
  primaryButtonClass,
  sectionClass,
  TextAreaField,
  TextField,
} from "~/components/form-controls";
import { languagesByName } from "~/features/care-requests/care-labels";
import {
  workProfileFormValues,
  workProfileSchema,
  type WorkProfileView,
} from "~/features/caregivers/work-profile.schema";
import { messageKey } from "~/i18n/message-keys";
import { useFieldErrors, useFormat, useLabels, useT } from "~/i18n/react";
import { AvailabilityGrid } from "~/components/onboarding/availability-grid";
import { BioLanguageField, CheckboxGroup } from "~/components/onboarding/step-parts";
import { SERVICE_IDS } from "~/utils/services";

// "Your work" on the caregiver's profile page (docs/product-rules.md, "Caregiver profile"): the
// application's own fields and rules (services, languages, the weekly grid, the travel radius, the
// bio) and the hourly rate within the pay band. Matching reads these answers for the next request.

export type WorkActionData =
  { intent: "work"; status: "invalid"; fieldErrors: Record<string, string> } | { intent: "work"; status: "saved" };

export function WorkProfileCard({ work }: { work: WorkProfileView }) {
  const fetcher = useFetcher<WorkActionData>({ key: "profile-work" });
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const { t } = useT("account");
  const onboarding = useT("onboarding").t;
  const labels = useLabels();
  const format = useFormat();
  const translateErrors = useFieldErrors();
  const result = fetcher.data?.intent === "work" ? fetcher.data : undefined;
  const rawErrors = clientErrors ?? (result?.status === "invalid" ? result.fieldErrors : {});
  const errors = translateErrors(rawErrors);
  const band = { min: format.money(work.band.minCents), max: format.money(work.band.maxCents) };
  // The band's figures belong in its message: the schema's message has none, so its key is worded here with them.
  const rateError =
    rawErrors.hourlyRateCents === messageKey("validation:onboarding.rateOutsideBand")
      ? t("profile.work.rateOutsideBand", band)
      : errors.hourlyRateCents;
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
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-5 space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const rules = { band: work.band, keptRateCents: work.hourlyRateCents };
          const parsed = workProfileSchema(rules).safeParse(workProfileFormValues(form));
          if (!parsed.success) {
            setClientErrors(fieldErrors(parsed.error.issues));
            // The first field to fix may be far above the button: go there.
            const field = String(parsed.error.issues[0]?.path[0] ?? "");
            const control = event.currentTarget.elements.namedItem(field === "hourlyRateCents" ? "hourlyRate" : field);
            const first = control instanceof RadioNodeList ? control[0] : control;
            if (first instanceof HTMLElement) first.focus();
            return;
          }
          setClientErrors(null);
          void fetcher.submit(form, { method: "post" });
        }}
      >
        <input type="hidden" name="intent" value="work" />
        <CheckboxGroup
          legend={onboarding("experience.services")}
          name="services"
          options={SERVICE_IDS.map((id) => ({ value: id, label: labels.service(id) }))}
          defaultValues={work.services}
          error={errors.services}
        />
        <CheckboxGroup
          legend={onboarding("experience.languages")}
          name="languages"
          columns={3}
          options={languagesByName(labels.language).map(({ code, name }) => ({ value: code, label: name }))}
          defaultValues={work.languages}
          error={errors.languages}
        />
        <AvailabilityGrid defaultSlots={work.slots} error={errors.slots} formRef={formRef} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={onboarding("availability.travel")}
            name="travelRadiusMiles"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            hint={onboarding("availability.travelHint")}
            defaultValue={work.travelRadiusMiles}
            error={errors.travelRadiusMiles}
          />
          <TextField
            label={t("profile.work.rate")}
            name="hourlyRate"
            inputMode="decimal"
            autoComplete="off"
            hint={t("profile.work.rateHint", band)}
            defaultValue={work.hourlyRateCents === null ? "" : centsToDecimal(work.hourlyRateCents)}
            error={rateError}
          />
        </div>
        <TextAreaField
          label={onboarding("experience.about")}
          name="bio"
          hint={onboarding("experience.aboutHint")}
          rows={5}
          maxLength={1000}
          defaultValue={work.bio}
          error={errors.bio}
        />
        <BioLanguageField defaultValue={work.bioLanguage} error={errors.bioLanguage} />
        {/* A refusal that is about no one field (the profile is not this person's to change). */}
        {errors.form && <FormNotice tone="error">{errors.form}</FormNotice>}
        <button type="submit" className={primaryButtonClass} disabled={isSaving} aria-busy={isSaving || undefined}>
          {isSaving ? t("profile.work.saving") : t("profile.work.save")}
        </button>
      </fetcher.Form>
    </section>
  );
}
