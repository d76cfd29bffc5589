import { useState } from "react";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { linkClass, primaryButtonClass } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { PasswordInput } from "~/components/password-input";
import { PasswordStrengthMeter } from "~/components/password-strength-meter";
import { ResetPasswordSchema } from "~/features/accounts/accounts.schema";
import { resetPassword } from "~/features/accounts/password-reset.server";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/reset-password";
import { parseForm } from "~/utils/form-data.server";
import { PASSWORD_HASH_RETRY_AFTER_SECONDS } from "~/utils/password.server";

// Password reset (docs/product-rules.md, "Accounts and sign-in"): /reset-password sets a new password with the token of the
// emailed link (better-auth's /api/auth/reset-password/<token> redirects here
// with ?token=..., or with ?error=INVALID_TOKEN when it is unknown or expired).

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "auth");
  return [{ title: t("reset.metaTitle") }, { name: "description", content: t("reset.metaDescription") }];
};

/** Passwords are never sent back to the page. */
const SECRET_FIELDS = ["password", "confirmPassword"];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") || null, error: url.searchParams.get("error") };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, ResetPasswordSchema);
  if (submission.status !== "success")
    return data({ status: "invalid" as const, result: submission.reply({ hideFields: SECRET_FIELDS }) }, 400);
  const { token, password } = submission.value;
  if (!token) return data({ status: "invalid-token" as const }, 400);
  const result = await resetPassword({ token, newPassword: password, request });
  if (result.status === "invalid-token") return data({ status: "invalid-token" as const }, 400);
  if (result.status === "failed") return data({ status: "failed" as const, message: result.message }, 500);
  if (result.status === "busy") {
    return data(
      { status: "busy" as const },
      { status: 503, headers: { "Retry-After": String(PASSWORD_HASH_RETRY_AFTER_SECONDS) } },
    );
  }
  // Every session of the account ended with the reset: sign in afresh.
  const { t } = getServerT(request, "auth");
  const updatedToast = toastCookie({
    type: "success",
    title: t("reset.updatedToast"),
    description: t("reset.updatedToastDescription"),
  });
  return redirect("/login", { headers: { "Set-Cookie": updatedToast } });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const isTokenRefused = actionData?.status === "invalid-token";
  const { t } = useT("auth");
  useAfterEachAnswer(actionData, () => {
    if (actionData?.status === "failed") toast.error(t("reset.failedToast"), { description: actionData.message });
    if (actionData?.status === "busy") toast.error(t("reset.failedToast"), { description: t("reset.busyToast") });
    if (actionData?.status === "invalid-token") {
      toast.error(t("reset.failedToast"), { description: t("reset.invalidLinkToast") });
    }
    // A toast for each answer, not again when the language changes.
  });

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      {loaderData.token && !isTokenRefused ? (
        <NewPasswordForm
          token={loaderData.token}
          lastResult={actionData?.status === "invalid" ? actionData.result : undefined}
        />
      ) : (
        <LinkProblem reason={isTokenRefused || loaderData.error ? "invalid" : "missing"} />
      )}
    </section>
  );
}

function NewPasswordForm({ token, lastResult }: { token: string; lastResult: SubmissionResult | undefined }) {
  const navigation = useNavigation();
  const isSaving = navigation.state !== "idle" && navigation.formAction?.startsWith("/reset-password") === true;
  const [password, setPassword] = useState("");
  const { t } = useT("auth");
  // The same schema checks the passwords in the browser first.
  const [form, fields] = useSchemaForm(ResetPasswordSchema, { lastResult });
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("reset.heading")}</h1>
      <p className="mt-3 text-slate-700">{t("reset.intro")}</p>
      <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
        <input type="hidden" name="token" value={token} />
        <div>
          <PasswordInput
            id="new-password"
            field={fields.password}
            label={t("password.newPassword")}
            autoComplete="new-password"
            required
            maxLength={128}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            describedBy="new-password-strength"
          />
          <PasswordStrengthMeter id="new-password-strength" password={password} />
        </div>
        <PasswordInput
          id="confirm-password"
          field={fields.confirmPassword}
          label={t("password.confirmPassword")}
          autoComplete="new-password"
          required
          maxLength={128}
        />
        <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSaving}>
          {isSaving ? t("reset.updating") : t("reset.update")}
        </button>
      </Form>
    </>
  );
}

function LinkProblem({ reason }: { reason: "invalid" | "missing" }) {
  const { t } = useT("auth");
  return (
    <div role={reason === "invalid" ? "alert" : undefined}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {reason === "invalid" ? t("reset.expiredHeading") : t("reset.missingHeading")}
      </h1>
      <p className="mt-3 text-slate-700">{reason === "invalid" ? t("reset.expiredText") : t("reset.missingText")}</p>
      <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Link to="/forgot-password" className={primaryButtonClass}>
          {t("reset.requestNew")}
        </Link>
        <Link to="/login" className={linkClass}>
          {t("reset.backToSignIn")}
        </Link>
      </div>
    </div>
  );
}
