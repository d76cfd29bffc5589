import { HeartHandshake, Stethoscope, TriangleAlert } from "lucide-react";
import { getFormProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { pendingVerificationCookie, readPendingVerification } from "~/platform/auth/pending-verification.server";
import { redirectIfSignedIn } from "~/platform/auth/session.server";
import { ConnectionNotice } from "~/components/connection-notice";
import { NewPasswordFields } from "~/components/new-password-fields";
import { CheckboxField, FormNotice, SelectField, TextField } from "~/components/form-controls";
import { useSchemaForm } from "~/components/use-schema-form";
import { formatCountdown, useCountdown } from "~/components/use-countdown";
import { toast } from "~/components/toast";
import { useHydrated } from "~/components/use-hydrated";
import { normalizeZipInput, RegistrationSchema } from "~/features/accounts/accounts.schema";
import { registerClient } from "~/features/accounts/registration.server";
import { isBusyRefusal, VERIFY_EMAIL_TIMINGS } from "~/features/accounts/registration-rules";
import { getServerT, messageText, toastText } from "~/i18n/i18n.server";
import { metaT, Trans, useT } from "~/i18n/react";
import { US_STATES } from "~/features/accounts/us-states";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/register";
import { parseForm } from "~/utils/form-data.server";
import { PASSWORD_HASH_RETRY_AFTER_SECONDS } from "~/utils/password.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "auth");
  return [{ title: t("register.metaTitle") }, { name: "description", content: t("register.metaDescription") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  const pending = await readPendingVerification(request);
  // Registration is blocked while an email cooldown runs.
  return { cooldownEndsAt: pending?.cooldownEndsAt ? new Date(pending.cooldownEndsAt).toISOString() : null };
}

export async function action({ request }: Route.ActionArgs) {
  await redirectIfSignedIn(request);
  const submission = await parseForm(request, RegistrationSchema);
  if (submission.status !== "success") {
    // What was typed comes back (never the passwords) for the page rendered without JavaScript.
    return data(
      { status: "invalid" as const, result: submission.reply({ hideFields: ["password", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  const outcome = await registerClient({ registration: submission.value, request });
  const { email } = submission.value;
  const { locale, t } = getServerT(request, "auth");
  switch (outcome.status) {
    case "registered": {
      const headers = new Headers();
      headers.append(
        "Set-Cookie",
        toastCookie({
          type: "success",
          title: t("registrationToasts.checkEmail"),
          description: t("registrationToasts.checkEmailDescription", { email }),
        }),
      );
      headers.append(
        "Set-Cookie",
        await pendingVerificationCookie({
          email,
          role: "client",
          justRegistered: true,
          cooldownEndsAt: null,
          rateLimited: false,
        }),
      );
      return redirect("/verify-email", { headers });
    }
    case "rate-limited": {
      const cookie = await pendingVerificationCookie({
        email,
        role: "client",
        justRegistered: false,
        cooldownEndsAt: outcome.retryAt.getTime(),
        rateLimited: true,
      });
      // Actions answering 4xx do not reload the page's data, so the countdown travels here too.
      return data(
        {
          rateLimited: {
            message: messageText(locale, outcome.message),
            email,
            cooldownEndsAt: outcome.retryAt.toISOString(),
          },
        },
        { status: 429, headers: { "Set-Cookie": cookie } },
      );
    }
    case "refused": {
      const localized = toastText(locale, outcome.toast);
      // A full password hashing queue: the same toast, and a 503 that says when to come back.
      if (isBusyRefusal(outcome)) {
        return data(
          { toast: localized },
          { status: 503, headers: { "Retry-After": String(PASSWORD_HASH_RETRY_AFTER_SECONDS) } },
        );
      }
      return data({ toast: localized }, { status: 400 });
    }
  }
}

type Role = "client" | "caregiver";

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // Caregiver only when navigation state (or ?role=caregiver) says so.
  // History state is unknown to the server, so it counts once hydrated.
  const isHydrated = useHydrated();
  const stateRole = (location.state as { role?: unknown } | null)?.role;
  const role: Role =
    isHydrated && (stateRole === "caregiver" || stateRole === "client")
      ? stateRole
      : searchParams.get("role") === "caregiver"
        ? "caregiver"
        : "client";
  const { t } = useT("auth");

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("register.heading")}</h1>
        <p className="mt-2 text-lg text-slate-600">
          {role === "client" ? t("register.clientIntro") : t("register.caregiverIntro")}
        </p>
      </div>
      <RolePicker role={role} />
      {role === "client" ? (
        <ClientRegistrationForm cooldownEndsAt={loaderData.cooldownEndsAt} actionData={actionData} />
      ) : (
        <CaregiverIntro />
      )}
      <p className="mt-8 text-center text-slate-700">
        {t("register.haveAccount")}{" "}
        <Link to="/login" className="font-semibold text-teal-800 underline-offset-4 hover:underline">
          {t("register.signIn")}
        </Link>
      </p>
    </section>
  );
}

const roleOptionClass = (isSelected: boolean) =>
  `flex items-center gap-3 rounded-xl border-2 p-4 text-left transition-colors ${
    isSelected
      ? "border-teal-700 bg-teal-50 text-teal-900"
      : "border-slate-200 bg-white text-slate-800 hover:border-teal-300 hover:bg-slate-50"
  }`;

function RolePicker({ role }: { role: Role }) {
  const { t } = useT("auth");
  return (
    <nav aria-label={t("register.accountType")} className="mt-8">
      <ul className="grid grid-cols-2 gap-3">
        <li>
          <Link
            to="/register"
            replace
            state={{ role: "client" }}
            aria-current={role === "client" ? "true" : undefined}
            className={roleOptionClass(role === "client")}
          >
            <HeartHandshake aria-hidden="true" className="size-6 shrink-0 text-teal-700" />
            <span>
              <span className="block font-semibold">{t("register.findCare")}</span>
              <span className="block text-sm text-slate-600">{t("register.findCareHint")}</span>
            </span>
          </Link>
        </li>
        <li>
          <Link
            to="/register/caregiver"
            aria-current={role === "caregiver" ? "true" : undefined}
            className={roleOptionClass(role === "caregiver")}
          >
            <Stethoscope aria-hidden="true" className="size-6 shrink-0 text-teal-700" />
            <span>
              <span className="block font-semibold">{t("register.provideCare")}</span>
              <span className="block text-sm text-slate-600">{t("register.provideCareHint")}</span>
            </span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function CaregiverIntro() {
  const { t } = useT("auth");
  return (
    <div className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center">
      <p className="text-slate-700">{t("register.caregiverApplication")}</p>
      <Link
        to="/register/caregiver"
        className="mt-5 inline-block rounded-lg bg-teal-700 px-6 py-3 font-semibold text-white hover:bg-teal-800"
      >
        {t("register.startApplication")}
      </Link>
    </div>
  );
}

type ActionData = Route.ComponentProps["actionData"];

type ClientRegistrationFormProps = {
  cooldownEndsAt: string | null;
  actionData: ActionData;
};

function ClientRegistrationForm({ cooldownEndsAt, actionData }: ClientRegistrationFormProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const isSubmitting = navigation.state === "submitting" && navigation.formAction === "/register";
  const rateLimited = actionData && "rateLimited" in actionData ? actionData.rateLimited : null;
  const remaining = useCountdown(rateLimited?.cooldownEndsAt ?? cooldownEndsAt);
  const isCoolingDown = remaining > 0;
  const { t } = useT("auth");
  // The same schema checks the form in the browser first, and again as each field changes once it was sent.
  const [form, fields] = useSchemaForm(RegistrationSchema, {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    shouldRevalidate: "onInput",
  });
  const [zipCode, setZipCode] = useState(() => normalizeZipInput(String(fields.zipCode.initialValue ?? "")));

  // Refusals shown as toasts (docs/product-rules.md, "Accounts and sign-in").
  const refusal = actionData && "toast" in actionData ? actionData.toast : null;
  useEffect(() => {
    if (refusal) toast.error(refusal.title, { description: refusal.description });
  }, [refusal]);

  // The rate-limit alert, then /verify-email after 3 s.
  useEffect(() => {
    if (!rateLimited) return;
    const timer = setTimeout(
      () => navigate("/verify-email", { state: { email: rateLimited.email, rateLimited: true } }),
      VERIFY_EMAIL_TIMINGS.rateLimitRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [rateLimited, navigate]);

  return (
    <Form
      method="post"
      action="/register"
      {...getFormProps(form)}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      aria-label={t("register.formLabel")}
    >
      {rateLimited && (
        <FormNotice tone="warning" isUrgent className="mb-6">
          <div className="flex gap-3">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div>
              <p className="font-semibold">{rateLimited.message}</p>
              <p className="mt-1 font-normal">{t("registration.redirectNotice")}</p>
              <noscript>
                <Link to="/verify-email" className="mt-1 inline-block font-semibold underline">
                  {t("register.goToVerification")}
                </Link>
              </noscript>
            </div>
          </div>
        </FormNotice>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t("register.firstName")} autoComplete="given-name" field={fields.firstName} />
        <TextField label={t("register.lastName")} autoComplete="family-name" field={fields.lastName} />
        <TextField
          label={t("register.email")}
          type="email"
          autoComplete="email"
          className="sm:col-span-2"
          field={fields.email}
        />
        <TextField
          label={t("register.phone")}
          type="tel"
          autoComplete="tel"
          className="sm:col-span-2"
          field={fields.phoneNumber}
        />
        <NewPasswordFields idPrefix="register" fields={fields} className="sm:col-span-2" />
        <TextField
          label={t("register.street")}
          autoComplete="street-address"
          className="sm:col-span-2"
          field={fields.streetAddress}
        />
        <TextField label={t("register.city")} autoComplete="address-level2" field={fields.city} />
        <div className="grid grid-cols-2 gap-3">
          <SelectField label={t("register.state")} autoComplete="address-level1" field={fields.state}>
            <option value="">{t("register.select")}</option>
            {US_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.code}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("register.zip")}
            field={fields.zipCode}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            value={zipCode}
            onChange={(event) => setZipCode(normalizeZipInput(event.target.value))}
          />
        </div>
      </div>

      <CheckboxField
        className="mt-6"
        field={fields.marketingConsent}
        label={<span className="text-sm text-slate-700">{t("register.marketing")}</span>}
      />

      {isCoolingDown && (
        <output className="mt-6 block rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t("registration.cooldownNotice")}.{" "}
          <Trans
            ns="auth"
            i18nKey="register.tryAgainIn"
            values={{ time: formatCountdown(remaining) }}
            components={{
              // The server's second and the browser's may differ; the effect corrects it at once.
              time: <span suppressHydrationWarning className="font-semibold tabular-nums" />,
            }}
          />
        </output>
      )}

      <ConnectionNotice className="mt-6" />
      <button
        type="submit"
        disabled={isSubmitting || isCoolingDown}
        className="mt-6 w-full rounded-lg bg-teal-700 px-6 py-3 text-base font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:bg-slate-400"
      >
        {isSubmitting ? t("register.creating") : t("register.create")}
      </button>
      <p className="mt-4 text-center text-sm text-slate-600">
        <Trans
          ns="auth"
          i18nKey="register.agreement"
          components={{
            terms: <Link to="/terms" className="font-medium text-teal-800 underline" />,
            privacy: <Link to="/privacy" className="font-medium text-teal-800 underline" />,
          }}
        />
      </p>
    </Form>
  );
}
