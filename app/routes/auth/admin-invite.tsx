import { useId, useState } from "react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getAuth } from "~/platform/auth/auth.server";
import { FormNotice, SubmitButton, TextField, primaryButtonClass } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { PasswordInput } from "~/components/password-input";
import { PasswordStrengthMeter } from "~/components/password-strength-meter";
import {
  AcceptInviteFormSchema,
  AcceptInviteSchema,
  AddAdminAccessFormSchema,
  InviteTokenField,
} from "~/features/admin/admin.schema";
import {
  acceptAdminInvite,
  acceptAdminInviteWithAccount,
  isInviteProblem,
  lookUpInvite,
  type AcceptResult,
  type InviteProblem,
} from "~/features/admin/invites.server";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, Trans, useT } from "~/i18n/react";
import { refusalData } from "~/i18n/refusal-response";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/admin-invite";
import { parseForm } from "~/utils/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [{ title: t("invite.metaTitle") }, { name: "description", content: t("invite.metaDescription") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const token = InviteTokenField.safeParse(new URL(request.url).searchParams.get("token"));
  if (!token.success) return { token: null, invite: { status: "invalid" as const } };
  return { token: token.data, invite: await lookUpInvite(token.data) };
}

type ActionResult = { result?: SubmissionResult<string[]>; formError?: string; problem?: InviteProblem };

/** Passwords are never sent back to the page. */
const SECRET_FIELDS = ["password", "confirmPassword"];

export async function action({ request }: Route.ActionArgs) {
  // The person is not signed in yet: the page's language (?lang=, cookie, browser).
  const { locale, t } = getServerT(request, "admin");
  const submission = await parseForm(request, AcceptInviteFormSchema);
  if (submission.status !== "success") {
    // A mangled token is not the person's mistake to fix in a field.
    if (submission.error?.token) return data<ActionResult>({ problem: "invalid" }, { status: 400 });
    return data<ActionResult>({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  const value = submission.value;
  const password = value.password;
  let result: AcceptResult;
  try {
    result =
      value.intent === "add-admin-access"
        ? await acceptAdminInviteWithAccount({ token: value.token, password, request })
        : await acceptAdminInvite({
            token: value.token,
            firstName: value.firstName,
            lastName: value.lastName,
            password,
            request,
          });
  } catch (error) {
    // A problem with the link itself shows its own page; the others go with the form.
    return refusalData<ActionResult>(error, locale, ({ reason, field, text }) =>
      isInviteProblem(reason)
        ? { problem: reason }
        : field
          ? { result: submission.reply({ fieldErrors: { [field]: [text] }, hideFields: SECRET_FIELDS }) }
          : { formError: text },
    );
  }

  // Signed in through better-auth like any sign-in, so its own checks and hooks apply.
  const response = await getAuth().api.signInEmail({
    body: { email: result.email, password },
    headers: request.headers,
    asResponse: true,
  });
  const body = response.ok ? ((await response.json()) as { twoFactorRedirect?: boolean }) : null;
  if (!body || body.twoFactorRedirect) {
    // An existing account with two-factor authentication signs in with its code.
    throw redirect("/admin/login?redirectTo=%2Fadmin", {
      headers: {
        "Set-Cookie": toastCookie({
          type: "success",
          title: t("invite.accessAdded"),
          description: t("invite.signInToContinue"),
        }),
      },
    });
  }
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", toastCookie({ type: "success", title: t("invite.welcome") }));
  throw redirect("/admin", { headers });
}

export default function AdminInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invite } = loaderData;
  const problem = actionData?.problem ?? (invite.status === "valid" ? undefined : invite.status);
  const { t } = useT("admin");
  if (problem || !token || invite.status !== "valid") return <InviteProblemView problem={problem ?? "invalid"} />;
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("invite.heading")}</h1>
      <p className="mt-3 text-slate-600">
        <Trans
          ns="admin"
          i18nKey="invite.invitedAs"
          values={{ email: invite.email }}
          components={{ strong: <strong className="break-all text-slate-900" /> }}
        />
      </p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {invite.account?.isAdmin ? (
          <div className="space-y-4">
            <FormNotice tone="warning">{t("invite.alreadyAdmin")}</FormNotice>
            <Link to="/admin/login" className={primaryButtonClass}>
              {t("invite.goToSignIn")}
            </Link>
          </div>
        ) : invite.account ? (
          <ExistingAccountForm token={token} actionData={actionData} />
        ) : (
          <NewAdminForm token={token} actionData={actionData} />
        )}
      </div>
    </section>
  );
}

function InviteProblemView({ problem }: { problem: InviteProblem }) {
  const { t } = useT("admin");
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(`invite.problems.${problem}.title`)}</h1>
      <p role="alert" className="mt-4 text-lg text-slate-700">
        {t(`invite.problems.${problem}.message`)}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/admin/login" className={primaryButtonClass}>
          {t("invite.goToSignIn")}
        </Link>
        <Link to="/" className="inline-flex min-h-11 items-center px-2 font-semibold text-teal-800 underline">
          {t("invite.returnHome")}
        </Link>
      </div>
    </section>
  );
}

type FormProps = { token: string; actionData: ActionResult | undefined };

function NewAdminForm({ token, actionData }: FormProps) {
  const navigation = useNavigation();
  const isPending = navigation.state === "submitting";
  const [password, setPassword] = useState("");
  const { t } = useT("admin");
  // The same schema checks the form in the browser first; the server's answer brings its errors.
  const [form, fields] = useSchemaForm(AcceptInviteSchema, { id: "new-admin", lastResult: actionData?.result });
  const id = useId();
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="token" value={token} />
      <h2 className="text-lg font-semibold text-slate-900">{t("invite.newHeading")}</h2>
      {!isPending && actionData?.formError && <FormNotice tone="error">{actionData.formError}</FormNotice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("invite.firstName")}
          field={fields.firstName}
          autoComplete="given-name"
          maxLength={50}
          required
        />
        <TextField
          label={t("invite.lastName")}
          field={fields.lastName}
          autoComplete="family-name"
          maxLength={50}
          required
        />
      </div>
      <div>
        <PasswordInput
          id={`${id}-password`}
          field={fields.password}
          label={t("invite.password")}
          autoComplete="new-password"
          maxLength={128}
          required
          describedBy={`${id}-strength`}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordStrengthMeter id={`${id}-strength`} password={password} />
      </div>
      <PasswordInput
        id={`${id}-confirm`}
        field={fields.confirmPassword}
        label={t("invite.confirmPassword")}
        autoComplete="new-password"
        maxLength={128}
        required
      />
      <SubmitButton isPending={isPending} pendingLabel={t("invite.creatingAccount")}>
        {t("invite.createAccount")}
      </SubmitButton>
    </Form>
  );
}

function ExistingAccountForm({ token, actionData }: FormProps) {
  const navigation = useNavigation();
  const isPending = navigation.state === "submitting";
  const { t } = useT("admin");
  const [form, fields] = useSchemaForm(AddAdminAccessFormSchema, {
    id: "add-admin-access",
    lastResult: actionData?.result,
  });
  const id = useId();
  return (
    // The browser's own check of the empty password stays, as before (noValidate off).
    <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate={false}>
      <input type="hidden" name="token" value={token} />
      <h2 className="text-lg font-semibold text-slate-900">{t("invite.existingHeading")}</h2>
      <p className="text-slate-700">{t("invite.existingIntro")}</p>
      {!isPending && actionData?.formError && <FormNotice tone="error">{actionData.formError}</FormNotice>}
      <PasswordInput
        id={`${id}-password`}
        field={fields.password}
        label={t("invite.password")}
        autoComplete="current-password"
        required
      />
      <SubmitButton
        isPending={isPending}
        pendingLabel={t("invite.addingAccess")}
        name="intent"
        value="add-admin-access"
      >
        {t("invite.addAccess")}
      </SubmitButton>
    </Form>
  );
}
