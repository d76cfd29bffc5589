import { useFetcher } from "react-router";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { FormNotice, sectionClass, SubmitButton, TextField } from "~/components/form-controls";
import type { CareSettings } from "~/features/visits/care-settings";
import {
  CARE_SETTING_FIELDS,
  CARE_SETTING_NAMES,
  CareSettingsFormSchema,
  type CareSettingField,
} from "~/features/visits/care-settings.schema";
import { useT, useValidationMessage } from "~/i18n/react";
import { useViewerMoment } from "~/components/viewer-time-zone";
import { useSchemaForm } from "~/components/use-schema-form";

/** What the care settings action answers (routes/admin/settings.server.ts): an error brings the form's reply. */
export type CareSettingsResult =
  | { intent: "care-settings"; ok: true }
  | { intent: "care-settings"; ok: false; status?: "invalid"; result: SubmissionResult<string[]> };

// The care-delivery thresholds (care_settings) on /admin/settings: when
// check-in opens, the late alert, the backup offer, a late cancellation, the
// offline and EVV limits, notes and feedback. Posted with intent
// "care-settings" to the settings page's action (routes/admin/settings.server.ts).

const HINTED: readonly CareSettingField[] = [
  "lateAlertMinutes",
  "backupOfferMinutes",
  "lateCancelHours",
  "lateMoveHours",
  "shortVisitPercent",
  "minimumChargeMinutes",
];

export function CareSettingsForm({ settings, updatedAt }: { settings: CareSettings; updatedAt: Date | null }) {
  const { t } = useT("alerts");
  // On the admin's own clock, its zone named (not the server's UTC).
  const moment = useViewerMoment();
  const fetcher = useFetcher<CareSettingsResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // The same schema checks the thresholds in the browser first; the server's answer brings its errors.
  const [form, fields] = useSchemaForm(CareSettingsFormSchema, {
    id: "care-settings-form",
    lastResult: result && !result.ok ? result.result : undefined,
  });
  const translate = useValidationMessage();
  return (
    <section aria-labelledby="care-settings-heading" className={sectionClass}>
      <h2 id="care-settings-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("settingsForm.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("settingsForm.intro")}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {updatedAt ? t("settingsForm.lastSaved", { when: moment(updatedAt) }) : t("settingsForm.neverSaved")}
      </p>
      <fetcher.Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="care-settings" />
        <div className="grid gap-4 md:grid-cols-2">
          {CARE_SETTING_NAMES.map((field) => {
            const { unit, min, max } = CARE_SETTING_FIELDS[field];
            return (
              <TextField
                key={field}
                field={fields[field]}
                label={`${t(`settingsForm.fields.${field}`)} (${t(`settingsForm.units.${unit}`)})`}
                hint={HINTED.includes(field) ? t(`settingsForm.hints.${field}`) : undefined}
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step={1}
                required
                defaultValue={settings[field]}
              />
            );
          })}
        </div>
        {form.errors?.[0] && <FormNotice tone="error">{translate(form.errors[0])}</FormNotice>}
        {result?.ok && <FormNotice tone="success">{t("settingsForm.saved")}</FormNotice>}
        <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel={t("settingsForm.saving")}>
          {t("settingsForm.save")}
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}
