import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { getCurrentUser } from "~/platform/auth/session.server";
import { homePathFor } from "~/platform/auth/redirects";
import { FormNotice, SelectField, TextField, type SchemaField } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { NewPasswordFields } from "~/components/new-password-fields";
import { useZipAutofill } from "~/components/use-zip-autofill";
import { RegistrationSchema } from "~/features/accounts/accounts.schema";
import { US_STATES } from "~/features/accounts/us-states";
import { applicantCookieFor } from "~/platform/auth/application-cookie.server";
import { currentApplicant } from "~/features/caregiver-onboarding/applicant.server";
import { PersonalInfoUpdateSchema, stepPath } from "~/features/caregiver-onboarding/application";
import {
  loadApplication,
  savePersonalInfo,
  startApplication,
} from "~/features/caregiver-onboarding/application.server";
import { getServerT, messageText, toastText } from "~/i18n/i18n.server";
import { metaT, Trans, useT } from "~/i18n/react";
import { toastCookie } from "~/utils/toast.server";
import { saveStep } from "./layout.server";
import type { Route } from "./+types/personal-info";
import { StepActions, StepHeading, useBrowserDraft } from "~/components/onboarding/step-parts";
import { parseForm } from "~/utils/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "onboarding");
  return [{ title: t("personalInfo.metaTitle") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const applicant = await currentApplicant(request);
  if (applicant) {
    const application = await loadApplication(applicant);
    return {
      account: { email: application.email, verified: application.emailVerified },
      values: application.personalInfo,
    };
  }
  // Signed in for anything else (a client, an admin, a caregiver whose application is in): their home, told why.
  const user = await getCurrentUser(request);
  if (user) {
    const { t } = getServerT(request, "onboarding", user.locale);
    const notice = user.roles.includes("caregiver")
      ? { title: t("personalInfo.applicationIn"), description: t("personalInfo.applicationInDescription") }
      : { title: t("personalInfo.signedIn"), description: t("personalInfo.signedInDescription") };
    throw redirect(homePathFor(user.roles), { headers: { "Set-Cookie": toastCookie({ type: "info", ...notice }) } });
  }
  return { account: null, values: null };
}

export async function action({ request }: Route.ActionArgs) {
  const applicant = await currentApplicant(request);
  if (applicant) {
    const submission = await parseForm(request, PersonalInfoUpdateSchema);
    if (submission.status !== "success") return data({ status: "invalid" as const, result: submission.reply() }, 400);
    await saveStep(() => savePersonalInfo(applicant, submission.value));
    return redirect(stepPath("background"));
  }
  if (await getCurrentUser(request)) return redirect("/");

  const submission = await parseForm(request, RegistrationSchema);
  if (submission.status !== "success") {
    // What was typed comes back, never the passwords.
    return data(
      { status: "invalid" as const, result: submission.reply({ hideFields: ["password", "confirmPassword"] }) },
      400,
    );
  }
  const outcome = await startApplication({ registration: submission.value, request });
  const { locale, t } = getServerT(request, "auth");
  switch (outcome.status) {
    case "registered": {
      const headers = new Headers();
      headers.append("Set-Cookie", await applicantCookieFor(outcome.userId));
      headers.append(
        "Set-Cookie",
        toastCookie({
          type: "success",
          title: t("registrationToasts.checkEmail"),
          description: t("registrationToasts.checkEmailDescription", { email: outcome.email }),
        }),
      );
      return redirect(stepPath("background"), { headers });
    }
    case "rate-limited":
      return data({ notice: messageText(locale, outcome.message) }, { status: 429 });
    case "refused":
      return data({ toast: toastText(locale, outcome.toast) }, { status: 400 });
  }
}

export default function PersonalInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { account, values } = loaderData;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const { t } = useT("onboarding");
  // With an account, everything but the email and the password; without, the account's registration.
  const [form, fields] = useSchemaForm(account ? PersonalInfoUpdateSchema : RegistrationSchema, {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  // The email and the password are fields of the registration only (shown without an account).
  const accountFields = fields as Partial<Record<"email" | "password" | "confirmPassword", SchemaField>>;
  const refusal = actionData && "toast" in actionData ? actionData.toast : null;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const formRef = useBrowserDraft("personal-info");
  useZipAutofill(formRef);
  useEffect(() => {
    if (refusal) toast.error(refusal.title, { description: refusal.description });
  }, [refusal]);

  const field = (name: keyof NonNullable<typeof values>) => ({ field: fields[name], defaultValue: values?.[name] });
  return (
    <>
      <StepHeading step="personal-info">
        {account ? (
          <p>
            <Trans
              ns="onboarding"
              i18nKey="personalInfo.yourAccount"
              values={{ email: account.email }}
              components={{ strong: <strong /> }}
            />{" "}
            {account.verified ? t("personalInfo.emailConfirmed") : t("personalInfo.confirmEmail")}
          </p>
        ) : (
          <p>
            <Trans
              ns="onboarding"
              i18nKey="personalInfo.intro"
              components={{
                signIn: <Link to="/login" className="font-semibold text-teal-800 underline-offset-2 hover:underline" />,
              }}
            />
          </p>
        )}
      </StepHeading>
      <Form method="post" ref={formRef} aria-label={t("steps.personal-info")} {...getFormProps(form)}>
        {notice && (
          <div className="mb-5">
            <FormNotice tone="warning">{notice}</FormNotice>
          </div>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t("personalInfo.firstName")} autoComplete="given-name" {...field("firstName")} />
          <TextField label={t("personalInfo.lastName")} autoComplete="family-name" {...field("lastName")} />
          {!account && (
            <TextField
              label={t("personalInfo.email")}
              type="email"
              autoComplete="email"
              className="sm:col-span-2"
              field={accountFields.email}
            />
          )}
          <TextField
            label={t("personalInfo.phone")}
            type="tel"
            autoComplete="tel"
            className="sm:col-span-2"
            {...field("phoneNumber")}
          />
          {!account && accountFields.password && accountFields.confirmPassword && (
            <NewPasswordFields
              idPrefix="caregiver"
              fields={{ password: accountFields.password, confirmPassword: accountFields.confirmPassword }}
              className="sm:col-span-2"
            />
          )}
          <TextField
            label={t("personalInfo.street")}
            autoComplete="street-address"
            className="sm:col-span-2"
            {...field("streetAddress")}
          />
          <TextField
            label={t("personalInfo.zip")}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            hint={t("personalInfo.zipHint")}
            {...field("zipCode")}
          />
          <TextField label={t("personalInfo.city")} autoComplete="address-level2" {...field("city")} />
          <SelectField label={t("personalInfo.state")} autoComplete="address-level1" {...field("state")}>
            <option value="">{t("personalInfo.selectState")}</option>
            {US_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </SelectField>
        </div>
        <StepActions
          isSubmitting={isSubmitting}
          label={account ? t("stepParts.saveAndContinue") : t("personalInfo.createAccount")}
          pendingLabel={account ? t("stepParts.saving") : t("personalInfo.creatingAccount")}
        />
      </Form>
    </>
  );
}
