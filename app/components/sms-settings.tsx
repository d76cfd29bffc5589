import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import {
  SmsSendCodeFormSchema,
  SmsVerifyFormSchema,
  type DeliveryActionResult,
} from "~/features/notifications/delivery-settings.schema";
import { useT } from "~/i18n/react";
import { FormNotice, SubmitButton, TextField, sectionClass } from "./form-controls";
import { useSchemaForm } from "./use-schema-form";

// Text messages for urgent alerts (docs/decisions/0049-text-messages.md), on the "Notifications" tab:
// the person's US mobile number, a 6-digit code sent to it and typed back, and the number removed.
// A number that replied STOP is said to be off, with how to resume. Without a configured provider
// the section only says that texts are not available here.

export type SmsSettingsData = {
  isAvailable: boolean;
  phone: { display: string; isVerified: boolean; isOptedOut: boolean; isCodePending: boolean } | null;
};

export function SmsSettings({ sms }: { sms: SmsSettingsData }) {
  const { t } = useT("delivery");
  const { phone } = sms;
  return (
    <section aria-labelledby="sms-heading" className={sectionClass}>
      <h2 id="sms-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("sms.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("sms.description")}</p>
      {!sms.isAvailable ? (
        <p className="mt-4 text-sm font-medium text-slate-700 dark:text-slate-200">{t("sms.unavailable")}</p>
      ) : (
        <div className="mt-5 space-y-5">
          {phone?.isOptedOut && (
            <FormNotice tone="warning">
              <span className="block">{t("sms.optedOut")}</span>
              <span className="mt-1 block font-normal">{t("sms.optedOutHow")}</span>
            </FormNotice>
          )}
          {phone && !phone.isOptedOut && (
            <p className="text-sm font-medium text-slate-800 dark:text-slate-100">
              {phone.isVerified
                ? t("sms.verified", { phone: phone.display })
                : t("sms.notVerified", { phone: phone.display })}
            </p>
          )}
          <SendCodeForm phone={phone} />
          {phone && !phone.isVerified && phone.isCodePending && <VerifyForm />}
          {phone && <RemoveForm />}
        </div>
      )}
    </section>
  );
}

function SendCodeForm({ phone }: { phone: SmsSettingsData["phone"] }) {
  const { t } = useT("delivery");
  const fetcher = useFetcher<DeliveryActionResult>({ key: "sms-send-code" });
  const isPending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(SmsSendCodeFormSchema, {
    id: "sms-send-code-form",
    lastResult: result && !result.ok ? result.result : undefined,
  });
  return (
    <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="sms-send-code" />
      <TextField
        label={t("sms.phoneLabel")}
        hint={t("sms.phoneHint")}
        field={fields.phone}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        defaultValue={phone?.display ?? ""}
        className="max-w-sm"
      />
      <SubmitButton isPending={isPending} pendingLabel={t("sms.sending")} variant={phone ? "secondary" : "primary"}>
        {phone?.isCodePending ? t("sms.sendNewCode") : t("sms.sendCode")}
      </SubmitButton>
      {result?.ok && result.intent === "sms-send-code" && !phone?.isVerified && (
        <FormNotice tone="success">{t("sms.codeSent", { phone: result.phone })}</FormNotice>
      )}
    </fetcher.Form>
  );
}

function VerifyForm() {
  const { t } = useT("delivery");
  const fetcher = useFetcher<DeliveryActionResult>({ key: "sms-verify" });
  const isPending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(SmsVerifyFormSchema, {
    id: "sms-verify-form",
    lastResult: result && !result.ok ? result.result : undefined,
  });
  return (
    <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="sms-verify" />
      <TextField
        label={t("sms.codeLabel")}
        field={fields.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="max-w-40"
      />
      <SubmitButton isPending={isPending} pendingLabel={t("sms.verifying")}>
        {t("sms.verify")}
      </SubmitButton>
    </fetcher.Form>
  );
}

function RemoveForm() {
  const { t } = useT("delivery");
  const fetcher = useFetcher<DeliveryActionResult>({ key: "sms-remove" });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="sms-remove" />
      <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel={t("sms.removing")} variant="secondary">
        {t("sms.remove")}
      </SubmitButton>
    </fetcher.Form>
  );
}
