import { useId } from "react";
import { useFetcher } from "react-router";
import {
  FormNotice,
  labelClass,
  secondaryButtonClass,
  SubmitButton,
  TextAreaField,
  FieldError,
} from "~/components/form-controls";
import { useT } from "~/i18n/react";

/** What the cancel action answers (routes/caregiver/cancel-visit.server.ts). */
export type CancelVisitResult = {
  ok: boolean;
  visitId: string;
  isLate?: boolean;
  message?: string;
  fieldErrors?: { reason?: string; confirm?: string };
};

// "Can't make it?" for one of the caregiver's own scheduled visits (placed on
// the schedule): a reason and a confirmation, posted to
// /caregiver/visits/:visitId/cancel (cancel-visit.ts -> cancelVisit). The
// family and admins are told and the visit is offered to backup caregivers;
// within `lateCancelHours` of the start it is recorded as a late cancellation,
// which the control says before it is sent.

export function CancelVisitControl({
  visitId,
  isLate = false,
  lateCancelHours = 24,
}: {
  visitId: string;
  /** The visit starts within care_settings.late_cancel_hours. */
  isLate?: boolean;
  lateCancelHours?: number;
}) {
  const { t } = useT("alerts");
  const fetcher = useFetcher<CancelVisitResult>();
  const confirmId = useId();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  if (result?.ok) {
    return <FormNotice tone="success">{t(result.isLate ? "cancel.doneLate" : "cancel.done")}</FormNotice>;
  }
  const errors = result?.fieldErrors ?? {};
  return (
    <details
      className="group rounded-lg border border-slate-200 dark:border-slate-700"
      open={result ? true : undefined}
    >
      <summary
        className={`${secondaryButtonClass} w-full cursor-pointer list-none border-0 sm:w-auto [&::-webkit-details-marker]:hidden`}
      >
        {t("cancel.open")}
      </summary>
      <fetcher.Form method="post" action={`/caregiver/visits/${visitId}/cancel`} className="space-y-4 p-4">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t("cancel.heading")}</h3>
        <p className="text-sm text-slate-700 dark:text-slate-200">{t("cancel.explain")}</p>
        {isLate && <FormNotice tone="warning">{t("cancel.lateWarning", { hours: lateCancelHours })}</FormNotice>}
        <TextAreaField
          label={t("cancel.reason")}
          name="reason"
          required
          maxLength={500}
          rows={3}
          error={errors.reason}
        />
        <div>
          <div className="flex items-start gap-3">
            <input
              id={confirmId}
              type="checkbox"
              name="confirm"
              value="yes"
              required
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={errors.confirm ? `${confirmId}-error` : undefined}
              className="mt-1 size-5 rounded border-slate-400 accent-teal-700"
            />
            <label htmlFor={confirmId} className={labelClass}>
              {t("cancel.confirm")}
            </label>
          </div>
          {errors.confirm && <FieldError id={`${confirmId}-error`}>{errors.confirm}</FieldError>}
        </div>
        {result?.message && <FormNotice tone="error">{result.message}</FormNotice>}
        <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel={t("cancel.sending")}>
          {t("cancel.submit")}
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}
