import { useId } from "react";
import { useFetcher } from "react-router";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import {
  TwoFactorPasswordSchema,
  TwoFactorVerifySchema,
  type TwoFactorActionResult,
  type TwoFactorSetup,
} from "~/features/accounts/two-factor";
import { useT } from "~/i18n/react";
import { FormNotice, SubmitButton, TextField, sectionClass } from "./form-controls";
import { PasswordInput } from "./password-input";
import { useSchemaForm } from "./use-schema-form";

// The "Two-factor authentication" section of every settings page (TOTP is
// available to every user). Its forms post to the page's own action, which
// hands them to changeTwoFactor.

export function TwoFactorSettings({ isEnabled }: { isEnabled: boolean }) {
  const fetcher = useFetcher<TwoFactorActionResult>({ key: "two-factor" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const isPending = fetcher.state !== "idle";
  const { t } = useT("account");

  let body: React.ReactNode;
  if (result?.ok && result.intent === "2fa-verify") {
    body = <BackupCodes codes={result.backupCodes} />;
  } else if (isEnabled && !(result?.ok && result.intent === "2fa-disable")) {
    body = (
      <PasswordForm
        fetcher={fetcher}
        isPending={isPending}
        lastResult={replyFor(result, "2fa-disable")}
        intent="2fa-disable"
        intro={<p className="text-slate-700 dark:text-slate-200">{t("twoFactor.enabledIntro")}</p>}
        submitLabel={t("twoFactor.turnOff")}
        pendingLabel={t("twoFactor.turningOff")}
        variant="secondary"
      />
    );
  } else {
    const setup = result?.ok ? (result.intent === "2fa-start" ? result.setup : undefined) : result?.setup;
    body = setup ? (
      <VerifyForm fetcher={fetcher} isPending={isPending} setup={setup} lastResult={replyFor(result, "2fa-verify")} />
    ) : (
      <PasswordForm
        fetcher={fetcher}
        isPending={isPending}
        lastResult={replyFor(result, "2fa-start")}
        intent="2fa-start"
        intro={
          result?.ok && result.intent === "2fa-disable" ? (
            <FormNotice tone="success">{t("twoFactor.turnedOff")}</FormNotice>
          ) : undefined
        }
        hint={t("twoFactor.setupHint")}
        submitLabel={t("twoFactor.setUp")}
        pendingLabel={t("twoFactor.startingSetup")}
        variant="primary"
      />
    );
  }

  return (
    <section aria-labelledby="two-factor-heading" className={sectionClass}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="two-factor-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("twoFactor.heading")}
        </h2>
        <StatusBadge isOn={isEnabled || (result?.ok === true && result.intent === "2fa-verify")} />
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("twoFactor.description")}</p>
      <div className="mt-5">{body}</div>
    </section>
  );
}

/** The action's reply (field errors, a refusal) to the form of `intent`, and to no other. */
function replyFor(result: TwoFactorActionResult | undefined, intent: string) {
  return result && !result.ok && result.intent === intent ? result.result : undefined;
}

function StatusBadge({ isOn }: { isOn: boolean }) {
  const { t } = useT("account");
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        isOn
          ? "bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-50"
          : "bg-slate-100 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
      }`}
    >
      {isOn ? t("twoFactor.on") : t("twoFactor.off")}
    </span>
  );
}

type Fetcher = ReturnType<typeof useFetcher<TwoFactorActionResult>>;
type FormProps = { fetcher: Fetcher; isPending: boolean; lastResult?: SubmissionResult<string[]> };

/** A form that needs the current password: starting setup, or turning two-factor off. */
function PasswordForm({
  fetcher,
  isPending,
  lastResult,
  intent,
  intro,
  hint,
  submitLabel,
  pendingLabel,
  variant,
}: FormProps & {
  intent: "2fa-start" | "2fa-disable";
  intro?: React.ReactNode;
  hint?: string;
  submitLabel: string;
  pendingLabel: string;
  variant: "primary" | "secondary";
}) {
  const id = useId();
  const { t } = useT("account");
  // The same form turns two-factor off, then, once off, starts its setup: one schema for both, the intent hidden.
  const [form, fields] = useSchemaForm(TwoFactorPasswordSchema, { id: `${id}-form`, lastResult });
  return (
    <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
      {intro}
      <input type="hidden" name="intent" value={intent} />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      <div className="max-w-sm">
        <PasswordInput
          id={`${id}-password`}
          field={fields.password}
          label={t("twoFactor.currentPassword")}
          autoComplete="current-password"
          required
          describedBy={hint ? `${id}-hint` : undefined}
        />
      </div>
      <SubmitButton isPending={isPending} pendingLabel={pendingLabel} variant={variant}>
        {submitLabel}
      </SubmitButton>
    </fetcher.Form>
  );
}

function VerifyForm({ fetcher, isPending, lastResult, setup }: FormProps & { setup: TwoFactorSetup }) {
  const { t } = useT("account");
  const [form, fields] = useSchemaForm(TwoFactorVerifySchema, { id: `${useId()}-2fa-verify`, lastResult });
  const groupedSecret = setup.secret.match(/.{1,4}/g)?.join(" ") ?? setup.secret;
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-2 pl-5 text-slate-700 dark:text-slate-200">
        <li>{t("twoFactor.steps.open")}</li>
        <li>{t("twoFactor.steps.scan")}</li>
        <li>{t("twoFactor.steps.enter")}</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={t("twoFactor.qrAlt")}
          width={192}
          height={192}
          className="size-48 shrink-0 rounded-lg border border-slate-200 bg-white p-2"
        />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-800 dark:text-slate-100">{t("twoFactor.setupKey")}</p>
          <p className="mt-1 font-mono text-base font-semibold tracking-wider break-all text-slate-900 dark:text-white">
            <span data-testid="totp-secret" data-secret={setup.secret}>
              {groupedSecret}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("twoFactor.keyDetails")}</p>
        </div>
      </div>
      <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="2fa-verify" />
        <input type="hidden" name="totpURI" value={setup.totpURI} />
        <input type="hidden" name="backupCodes" value={setup.backupCodes.join(" ")} />
        <TextField
          label={t("twoFactor.code")}
          field={fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          className="max-w-48"
        />
        <SubmitButton isPending={isPending} pendingLabel={t("twoFactor.checkingCode")}>
          {t("twoFactor.turnOn")}
        </SubmitButton>
      </fetcher.Form>
    </div>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useT("account");
  return (
    <div className="space-y-4">
      <FormNotice tone="success">{t("twoFactor.turnedOn")}</FormNotice>
      {codes.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-white">{t("twoFactor.backupCodesHeading")}</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("twoFactor.backupCodesBody")}</p>
          <ul
            aria-label={t("twoFactor.backupCodes")}
            className="mt-3 grid max-w-md grid-cols-2 gap-2 font-mono text-sm text-slate-900 dark:text-white"
          >
            {codes.map((code) => (
              <li key={code} className="rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">
                {code}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
