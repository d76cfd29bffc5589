import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { getCurrentUser } from "~/auth/session.server";
import { homePathFor } from "~/auth/redirects";
import { fieldErrors, FormNotice, SelectField, TextField } from "~/components/form-controls";
import { NewPasswordFields } from "~/components/new-password-fields";
import { useZipAutofill } from "~/components/use-zip-autofill";
import { RegistrationSchema } from "~/features/accounts/accounts.schema";
import { REGISTRATION_TOASTS } from "~/features/accounts/registration-rules";
import { US_STATES } from "~/features/accounts/us-states";
import { applicantCookieFor } from "~/auth/application-cookie.server";
import { currentApplicant } from "~/features/caregiver-onboarding/applicant.server";
import { stepPath } from "~/features/caregiver-onboarding/application";
import {
  loadApplication,
  PersonalInfoUpdateSchema,
  savePersonalInfo,
  startApplication,
} from "~/features/caregiver-onboarding/application.server";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/personal-info";
import { StepActions, StepHeading, useBrowserDraft } from "./step-parts";

export const meta: Route.MetaFunction = () => [{ title: "Caregiver application: personal information | Tendly" }];

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
    const notice = user.roles.includes("caregiver")
      ? { title: "Your application is in", description: "We email you as soon as it is reviewed." }
      : {
          title: "You are signed in",
          description: "To apply as a caregiver, sign out and start the application with its own email address.",
        };
    throw redirect(homePathFor(user.roles), { headers: { "Set-Cookie": toastCookie({ type: "info", ...notice }) } });
  }
  return { account: null, values: null };
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const applicant = await currentApplicant(request);
  if (applicant) {
    const parsed = PersonalInfoUpdateSchema.safeParse(form);
    if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error.issues) }, { status: 400 });
    await savePersonalInfo(applicant, parsed.data);
    return redirect(stepPath("background"));
  }
  if (await getCurrentUser(request)) return redirect("/");

  const parsed = RegistrationSchema.safeParse(form);
  if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error.issues) }, { status: 400 });
  const outcome = await startApplication({ registration: parsed.data, request });
  switch (outcome.status) {
    case "registered": {
      const headers = new Headers();
      headers.append("Set-Cookie", await applicantCookieFor(outcome.userId));
      headers.append("Set-Cookie", toastCookie({ type: "success", ...REGISTRATION_TOASTS.checkEmail(outcome.email) }));
      return redirect(stepPath("background"), { headers });
    }
    case "rate-limited":
      return data({ notice: outcome.message }, { status: 429 });
    case "refused":
      return data({ toast: outcome.toast }, { status: 400 });
  }
}

export default function PersonalInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { account, values } = loaderData;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const errors: Record<string, string> = actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {};
  const refusal = actionData && "toast" in actionData ? actionData.toast : null;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const formRef = useBrowserDraft("personal-info");
  useZipAutofill(formRef);
  useEffect(() => {
    if (refusal) toast.error(refusal.title, { description: refusal.description });
  }, [refusal]);

  const field = (name: keyof NonNullable<typeof values>) => ({
    name,
    error: errors[name],
    defaultValue: values?.[name],
  });
  return (
    <>
      <StepHeading step="personal-info">
        {account ? (
          <p>
            Your account: <strong>{account.email}</strong>.{" "}
            {account.verified ? "Email confirmed." : "Please open the link we emailed you to confirm it."}
          </p>
        ) : (
          <p>
            About 2 minutes in all. Your answers are kept as you go. Already have an account?{" "}
            <Link to="/login" className="font-semibold text-teal-800 underline-offset-2 hover:underline">
              Sign in
            </Link>
            .
          </p>
        )}
      </StepHeading>
      <Form method="post" noValidate ref={formRef} aria-label="Personal information">
        {notice && (
          <div className="mb-5">
            <FormNotice tone="warning">{notice}</FormNotice>
          </div>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field("firstName")} />
          <TextField label="Last name" autoComplete="family-name" {...field("lastName")} />
          {!account && (
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              className="sm:col-span-2"
              error={errors.email}
            />
          )}
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            className="sm:col-span-2"
            {...field("phoneNumber")}
          />
          {!account && (
            <>
              <NewPasswordFields idPrefix="caregiver" errors={errors} className="sm:col-span-2" />
            </>
          )}
          <TextField
            label="Street address"
            autoComplete="street-address"
            className="sm:col-span-2"
            {...field("streetAddress")}
          />
          <TextField
            label="ZIP code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            hint="City and state are filled in from it."
            {...field("zipCode")}
          />
          <TextField label="City" autoComplete="address-level2" {...field("city")} />
          <SelectField label="State" autoComplete="address-level1" {...field("state")}>
            <option value="">Select a state</option>
            {US_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </SelectField>
        </div>
        <StepActions
          isSubmitting={isSubmitting}
          label={account ? "Save and continue" : "Create account and continue"}
          pendingLabel={account ? "Saving..." : "Creating your account..."}
        />
      </Form>
    </>
  );
}
