import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { FormNotice, linkClass, primaryButtonClass, TextField } from "~/components/form-controls";
import { formatCountdown, useCountdown } from "~/components/use-countdown";
import { ForgotPasswordSchema } from "~/features/accounts/accounts.schema";
import { requestPasswordReset } from "~/features/accounts/password-reset.server";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, Trans, useT } from "~/i18n/react";
import { useSchemaForm } from "~/components/use-schema-form";
import type { Route } from "./+types/forgot-password";
import { parseForm } from "~/utils/form-data.server";

// Password reset (docs/product-rules.md, "Accounts and sign-in"): /forgot-password emails a reset link. Signed-in people may use
// it too. The answer never tells whether an account exists.

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "auth");
  return [{ title: t("forgot.metaTitle") }, { name: "description", content: t("forgot.metaDescription") }];
};

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, ForgotPasswordSchema);
  if (submission.status !== "success") {
    return data({ status: "invalid" as const, result: submission.reply() }, 400);
  }
  const { email } = submission.value;
  const result = await requestPasswordReset({ email, request });
  if (result.status === "limited") {
    return data({ status: "limited" as const, email, retryAt: result.retryAt.toISOString() }, 429);
  }
  if (result.status === "failed") {
    return data({ status: "failed" as const, message: getServerT(request, "auth").t("forgot.failedFallback") }, 500);
  }
  return { status: "sent" as const, email, sentAt: new Date().toISOString() };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSending = navigation.state !== "idle" && navigation.formAction === "/forgot-password";
  const retryAt = actionData?.status === "limited" ? actionData.retryAt : null;
  const secondsLeft = useCountdown(retryAt);
  const { t } = useT("auth");

  useAfterEachAnswer(actionData, () => {
    if (actionData?.status === "sent") {
      toast.success(t("forgot.sentToast"), { description: t("forgot.sentToastDescription") });
    } else if (actionData?.status === "failed") {
      toast.error(t("forgot.failedToast"), { description: actionData.message });
    }
    // A toast for each answer, in the language it came in.
  });

  // The same schema checks the address in the browser first.
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, {
    lastResult: actionData?.status === "invalid" ? actionData.result : undefined,
  });
  const sentTo = actionData?.status === "sent" ? actionData.email : null;

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("forgot.heading")}</h1>
      <p className="mt-3 text-slate-700">{t("forgot.intro")}</p>

      {sentTo && (
        <output className="mt-6 block rounded-xl border border-teal-200 bg-teal-50 p-4 text-teal-950">
          <span className="block font-semibold">{t("forgot.checkEmail")}</span>
          <span className="mt-1 block text-sm">
            <Trans ns="auth" i18nKey="forgot.sentTo" values={{ email: sentTo }} components={{ strong: <strong /> }} />
          </span>
        </output>
      )}

      {retryAt && (
        <FormNotice tone="warning" isUrgent className="mt-6">
          <h2 className="font-semibold">{t("forgot.limitedHeading")}</h2>
          <p className="mt-1 font-normal">
            {secondsLeft > 0 ? (
              <Trans
                ns="auth"
                i18nKey="forgot.limitedWait"
                values={{ time: formatCountdown(secondsLeft) }}
                components={{ time: <span className="font-semibold tabular-nums" /> }}
              />
            ) : (
              t("forgot.limitedNow")
            )}
          </p>
        </FormNotice>
      )}

      <Form method="post" className="mt-8 space-y-5" {...getFormProps(form)}>
        <TextField
          field={fields.email}
          type="email"
          label={t("forgot.emailAddress")}
          autoComplete="email"
          maxLength={255}
          defaultValue={actionData && "email" in actionData ? actionData.email : undefined}
        />
        <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSending || secondsLeft > 0}>
          {isSending ? t("forgot.sending") : sentTo ? t("forgot.sendAnother") : t("forgot.send")}
        </button>
      </Form>

      <p className="mt-8 text-center text-sm text-slate-700">
        {t("forgot.remembered")}{" "}
        <Link to="/login" className={linkClass}>
          {t("forgot.backToSignIn")}
        </Link>
      </p>
    </section>
  );
}
