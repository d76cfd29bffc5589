import { useFetcher } from "react-router";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { FormNotice, sectionClass, SubmitButton, TextAreaField, TextField } from "~/components/form-controls";
import type { PaymentInstructions } from "~/features/billing/payment-instructions";
import {
  PAYMENT_INSTRUCTION_FIELDS,
  PAYMENT_INSTRUCTION_LIMITS,
  PaymentInstructionsSchema,
  type PaymentInstructionField,
} from "~/features/billing/payment-instructions.schema";
import { useT, useValidationMessage } from "~/i18n/react";
import { useSchemaForm } from "~/components/use-schema-form";

/** What the payment instructions action answers (routes/admin/billing.server.ts). */
export type PaymentInstructionsResult = { ok: boolean; isUnchanged?: boolean; result?: SubmissionResult<string[]> };

/** A save of the instructions, worded by the loader (when, in the admin's language; who; which fields). */
export type InstructionsChangeRow = { when: string; name: string; fields: string };

// The payment instructions (payment_instructions) on /admin/billing, its own section and form:
// the payee, bank, account and routing text, the address for checks and a note, as families read
// them on every unpaid invoice and its PDF. Posted with intent "payment-instructions" to the
// billing page's action. Says plainly when they are missing, and lists the latest saves.

const MULTI_LINE: readonly PaymentInstructionField[] = ["mailingAddress", "note"];

export function PaymentInstructionsForm({
  instructions,
  history,
}: {
  instructions: PaymentInstructions | null;
  history: InstructionsChangeRow[];
}) {
  const { t } = useT("admin-billing");
  const fetcher = useFetcher<PaymentInstructionsResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // The same schema checks the instructions in the browser first; the server's answer brings its errors.
  const [form, fields] = useSchemaForm(PaymentInstructionsSchema, {
    id: "payment-instructions-form",
    lastResult: result?.result,
  });
  const translate = useValidationMessage();
  return (
    <section
      id="payment-instructions"
      aria-labelledby="payment-instructions-heading"
      className={`${sectionClass} scroll-mt-24`}
    >
      <h2 id="payment-instructions-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("instructions.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("instructions.intro")}</p>
      {!instructions && (
        <div className="mt-3">
          <FormNotice tone="warning">{t("instructions.missing")}</FormNotice>
        </div>
      )}
      <fetcher.Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="payment-instructions" />
        <div className="grid gap-4 md:grid-cols-2">
          {PAYMENT_INSTRUCTION_FIELDS.map((field) => {
            const limit = PAYMENT_INSTRUCTION_LIMITS[field];
            const common = {
              field: fields[field],
              label: t(`instructions.fields.${field}`),
              hint: `${t(`instructions.hints.${field}`)} ${t("instructions.limit", { count: limit })}`,
              maxLength: limit,
              defaultValue: instructions?.[field] ?? "",
              required: field === "payeeName",
            };
            return MULTI_LINE.includes(field) ? (
              <TextAreaField key={field} rows={4} {...common} />
            ) : (
              <TextField key={field} autoComplete="off" {...common} />
            );
          })}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("instructions.referenceNote")}</p>
        {form.errors?.[0] && (
          <FormNotice id={form.errorId} tone="error">
            {translate(form.errors[0])}
          </FormNotice>
        )}
        {result?.ok && (
          <FormNotice tone="success">
            {result.isUnchanged ? t("instructions.unchanged") : t("instructions.saved")}
          </FormNotice>
        )}
        <SubmitButton
          isPending={fetcher.state !== "idle"}
          pendingLabel={t("instructions.saving")}
          className="w-full sm:w-auto"
        >
          {t("instructions.save")}
        </SubmitButton>
      </fetcher.Form>
      <h3 className="mt-6 text-base font-semibold text-slate-900 dark:text-white">
        {t("instructions.historyHeading")}
      </h3>
      {history.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("instructions.neverSaved")}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-slate-700 dark:text-slate-200" data-testid="instructions-history">
          {history.map((row, index) => (
            <li key={index}>{t("instructions.historyRow", row)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
