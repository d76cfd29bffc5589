import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { fieldErrors, linkClass, primaryButtonClass } from "~/components/form-controls";
import { PasswordInput } from "~/components/password-input";
import { PasswordStrengthMeter } from "~/components/password-strength-meter";
import { ResetPasswordSchema } from "~/features/accounts/accounts.schema";
import { resetPassword } from "~/features/accounts/password-reset.server";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/reset-password";

// Spec 2.1 / 8: /reset-password sets a new password with the token of the
// emailed link (better-auth's /api/auth/reset-password/<token> redirects here
// with ?token=..., or with ?error=INVALID_TOKEN when it is unknown or expired).

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Tendly" },
  { name: "description", content: "Set a new password for your Tendly account." },
];

type FieldErrors = Partial<Record<"password" | "confirmPassword", string>>;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") || null, error: url.searchParams.get("error") };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const parsed = ResetPasswordSchema.safeParse({
    password: form.get("password") ?? "",
    confirmPassword: form.get("confirmPassword") ?? "",
  });
  if (!parsed.success)
    return data({ status: "invalid" as const, fieldErrors: fieldErrors(parsed.error.issues) as FieldErrors }, 400);
  if (!token) return data({ status: "invalid-token" as const }, 400);
  const result = await resetPassword({ token, newPassword: parsed.data.password, request });
  if (result.status === "invalid-token") return data({ status: "invalid-token" as const }, 400);
  if (result.status === "failed") return data({ status: "failed" as const, message: result.message }, 500);
  // Every session of the account ended with the reset: sign in afresh.
  const updatedToast = toastCookie({
    type: "success",
    title: "Password updated",
    description: "Your password has been successfully updated.",
  });
  return redirect("/login", { headers: { "Set-Cookie": updatedToast } });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const isTokenRefused = actionData?.status === "invalid-token";
  useEffect(() => {
    if (actionData?.status === "failed") toast.error("Update failed", { description: actionData.message });
    if (actionData?.status === "invalid-token") {
      toast.error("Update failed", { description: "This reset link is invalid or has expired." });
    }
  }, [actionData]);

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      {loaderData.token && !isTokenRefused ? (
        <NewPasswordForm
          token={loaderData.token}
          serverErrors={actionData?.status === "invalid" ? actionData.fieldErrors : {}}
        />
      ) : (
        <LinkProblem reason={isTokenRefused || loaderData.error ? "invalid" : "missing"} />
      )}
    </section>
  );
}

function NewPasswordForm({ token, serverErrors }: { token: string; serverErrors: FieldErrors }) {
  const navigation = useNavigation();
  const isSaving = navigation.state !== "idle" && navigation.formAction?.startsWith("/reset-password") === true;
  const [password, setPassword] = useState("");
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors;
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Choose a new password</h1>
      <p className="mt-3 text-slate-700">
        Pick a password you don't use elsewhere. Afterwards you will sign in again on every device.
      </p>
      <Form
        method="post"
        className="mt-8 space-y-5"
        noValidate
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const parsed = ResetPasswordSchema.safeParse({
            password: form.get("password"),
            confirmPassword: form.get("confirmPassword"),
          });
          setClientErrors(parsed.success ? null : (fieldErrors(parsed.error.issues) as FieldErrors));
          if (!parsed.success) event.preventDefault();
        }}
      >
        <input type="hidden" name="token" value={token} />
        <div>
          <PasswordInput
            id="new-password"
            name="password"
            label="New password"
            autoComplete="new-password"
            required
            maxLength={128}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            describedBy="new-password-strength"
          />
          <PasswordStrengthMeter id="new-password-strength" password={password} />
        </div>
        <PasswordInput
          id="confirm-password"
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
          required
          maxLength={128}
          error={errors.confirmPassword}
        />
        <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSaving}>
          {isSaving ? "Updating password..." : "Update password"}
        </button>
      </Form>
    </>
  );
}

function LinkProblem({ reason }: { reason: "invalid" | "missing" }) {
  return (
    <div role={reason === "invalid" ? "alert" : undefined}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {reason === "invalid" ? "This reset link has expired" : "Open the link from your email"}
      </h1>
      <p className="mt-3 text-slate-700">
        {reason === "invalid"
          ? "This password reset link is invalid or has expired. Links work once and for one hour. Request a new link and we will email it to you."
          : "To choose a new password, open the reset link we emailed you. If you don't have one, or it has expired, request a new link."}
      </p>
      <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Link to="/forgot-password" className={primaryButtonClass}>
          Request a new link
        </Link>
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      </div>
    </div>
  );
}
