import { LoaderCircle } from "lucide-react";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { getFormProps } from "@conform-to/react";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { LoginSchema } from "~/features/accounts/accounts.schema";
import { useT } from "~/i18n/react";
import {
  COMPACT_ERROR_CLEAR_MS,
  FULL_MESSAGES,
  type DemoAccount,
  type SignInActionData,
  type SignInFailure,
} from "~/features/accounts/sign-in";
import { useLastAnswer } from "./connection-notice";
import { linkClass, primaryButtonClass, TextField } from "./form-controls";
import { useSchemaForm } from "./use-schema-form";
import { PasswordInput } from "./password-input";

// The sign-in form of /login/desktop, /login/pwa and /admin/login
// (docs/product-rules.md, "Accounts and sign-in"): email and password, then, for accounts with two-factor on, the code.
// `full` shows the full error catalogue with emoji; `compact` (app mode) the
// short texts, which clear themselves after 5 s.

export type SignInVariant = "full" | "compact";

const submitClass = `${primaryButtonClass} w-full gap-2`;

/** Whether a submission of this page's forms is under way, and which. */
function usePendingSubmission() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const formData = navigation.formData;
  if (!formData || !navigation.formAction?.startsWith(pathname)) return null;
  return { intent: String(formData.get("intent") ?? "password"), account: String(formData.get("account") ?? "") };
}

/**
 * The action's answer; for a send that found no connection, the answer before
 * it (the step on screen stays) with the connection message.
 */
function useAnswerOrConnectionLoss(actionData: SignInActionData | undefined) {
  const { answer, lossReason } = useLastAnswer(actionData);
  return useMemo<SignInActionData | undefined>(
    () =>
      lossReason
        ? {
            step: answer?.step ?? "password",
            email: answer?.email ?? "",
            // A server that could not do it for a moment: the "try again in a moment" of a full hashing queue.
            error: lossReason === "unavailable" ? "busy" : "network",
          }
        : answer,
    [answer, lossReason],
  );
}

/** The error of the latest answer, until the next submission (and, compact, for 5 s). */
function useVisibleError(actionData: SignInActionData | undefined, variant: SignInVariant, isPending: boolean) {
  const [dismissed, setDismissed] = useState<SignInActionData>();
  const errorRef = useRef<HTMLDivElement>(null);
  useAfterEachAnswer(actionData, () => {
    if (!actionData?.error) return;
    // Move focus to the message so that keyboard and screen-reader users meet it first.
    errorRef.current?.focus();
    if (variant !== "compact") return;
    const timer = window.setTimeout(() => setDismissed(actionData), COMPACT_ERROR_CLEAR_MS);
    return () => window.clearTimeout(timer);
  });
  const error = !isPending && actionData && actionData !== dismissed ? actionData.error : undefined;
  return { error, errorRef };
}

export function SignInForm({
  variant,
  actionData,
}: {
  variant: SignInVariant;
  actionData: SignInActionData | undefined;
}) {
  const pending = usePendingSubmission();
  const answer = useAnswerOrConnectionLoss(actionData);
  const { error, errorRef } = useVisibleError(answer, variant, pending !== null);
  const errorBox = error ? <SignInError ref={errorRef} variant={variant} error={error} /> : null;
  if (answer?.step === "two-factor") {
    return (
      <TwoFactorStep
        email={answer.email}
        errorBox={errorBox}
        isPending={pending?.intent === "two-factor"}
        variant={variant}
      />
    );
  }
  return (
    <PasswordStep
      actionData={answer}
      errorBox={errorBox}
      isPending={pending?.intent === "password"}
      isBusy={pending !== null}
    />
  );
}

function PasswordStep({
  actionData,
  errorBox,
  isPending,
  isBusy,
}: {
  actionData: SignInActionData | undefined;
  errorBox: ReactNode;
  isPending: boolean;
  isBusy: boolean;
}) {
  const id = useId();
  const { t } = useT("auth");
  // The same schema as the server (docs/product-rules.md, "Accounts and sign-in"), before anything is sent.
  const [form, fields] = useSchemaForm(LoginSchema, { id: `${id}-sign-in`, lastResult: actionData?.result });

  return (
    <Form method="post" replace {...getFormProps(form)} className="space-y-5">
      {errorBox}
      <TextField
        label={t("signInForm.email")}
        field={fields.email}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        defaultValue={actionData?.email}
      />
      <div>
        <PasswordInput
          id={`${id}-password`}
          field={fields.password}
          label={t("signInForm.password")}
          autoComplete="current-password"
          required
        />
        <p className="mt-2 text-right text-sm">
          <Link to="/forgot-password" className={linkClass}>
            {t("signInForm.forgotPassword")}
          </Link>
        </p>
      </div>
      <button type="submit" disabled={isBusy} aria-busy={isPending || undefined} className={submitClass}>
        {isPending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {isPending ? t("signInForm.signingIn") : t("signInForm.signIn")}
      </button>
    </Form>
  );
}

function TwoFactorStep({
  email,
  errorBox,
  isPending,
  variant,
}: {
  email: string;
  errorBox: ReactNode;
  isPending: boolean;
  variant: SignInVariant;
}) {
  const fieldRef = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  const { t } = useT("auth");
  // A new step: the code field is where the person continues.
  useEffect(() => fieldRef.current?.querySelector("input")?.focus(), []);
  return (
    <Form method="post" replace className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t("signInForm.twoFactorHeading")}</h2>
        <p className={`mt-1 text-slate-600 ${variant === "compact" ? "text-sm" : ""}`}>
          {t("signInForm.twoFactorIntro")}
        </p>
      </div>
      {errorBox}
      <input type="hidden" name="intent" value="two-factor" />
      <input type="hidden" name="email" value={email} />
      <div ref={fieldRef}>
        <TextField
          label={t("signInForm.code")}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={32}
          hint={t("signInForm.codeHint")}
          className="[&_input]:tracking-widest"
        />
      </div>
      <button type="submit" disabled={isPending} aria-busy={isPending || undefined} className={submitClass}>
        {isPending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {isPending ? t("signInForm.verifying") : t("signInForm.verifyCode")}
      </button>
      <p className="text-center text-sm">
        <Link to={`${pathname}${search}`} replace className={linkClass}>
          {t("signInForm.differentAccount")}
        </Link>
      </p>
    </Form>
  );
}

function SignInError({
  ref,
  variant,
  error,
}: {
  ref: React.Ref<HTMLDivElement>;
  variant: SignInVariant;
  error: SignInFailure;
}) {
  const { t } = useT("auth");
  // The action set the pending-verification cookie: the page knows the address.
  const verifyLink =
    error === "unverified" ? (
      <Link to="/verify-email" className={`mt-2 inline-block ${linkClass}`}>
        {variant === "compact" ? t("signInForm.verifyEmailShort") : t("signInForm.resendVerification")}
      </Link>
    ) : null;
  if (variant === "compact") {
    return (
      <div
        ref={ref}
        tabIndex={-1}
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
      >
        <p>{t(`signInErrorsCompact.${error}`)}</p>
        {verifyLink}
      </div>
    );
  }
  const { emoji } = FULL_MESSAGES[error];
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800"
    >
      <span aria-hidden="true" className="text-xl leading-6">
        {emoji}
      </span>
      <div>
        <p>{t(`signInErrors.${error}`)}</p>
        {verifyLink}
      </div>
    </div>
  );
}

/** One button per demo account (docs/product-rules.md, "Demo accounts and local tools"), through the page's own action. */
export function DemoAccountPanel({ accounts, variant }: { accounts: DemoAccount[]; variant: SignInVariant }) {
  const pending = usePendingSubmission();
  const headingId = useId();
  const { t } = useT("auth");
  if (accounts.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-dashed border-teal-300 bg-teal-50/60 p-4 text-slate-800"
    >
      <h2 id={headingId} className="text-sm font-semibold text-teal-900">
        {t("signInForm.demoHeading")}
      </h2>
      {variant === "full" && <p className="mt-1 text-sm text-slate-700">{t("signInForm.demoIntro")}</p>}
      <div className="mt-3 grid gap-2">
        {accounts.map((account) => {
          const isPending = pending?.intent === "demo" && pending.account === account.role;
          return (
            <Form method="post" replace key={account.role}>
              <input type="hidden" name="intent" value="demo" />
              <input type="hidden" name="account" value={account.role} />
              <button
                type="submit"
                disabled={pending !== null}
                className="flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-0.5 rounded-lg border border-teal-200 bg-white px-3 py-2 text-left hover:border-teal-500 hover:bg-teal-50 disabled:cursor-not-allowed disabled:opacity-70"
              >
                <span className="inline-flex items-center gap-1.5 font-semibold text-teal-900">
                  {isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                  {isPending ? t("signInForm.signingIn") : t(`demoLabels.${account.role}`)}
                </span>
                <span className="text-xs text-slate-600">{account.email}</span>
              </button>
            </Form>
          );
        })}
      </div>
    </section>
  );
}
