import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { linkClass, primaryButtonClass, TextField } from "~/components/form-controls";
import { formatCountdown, useCountdown } from "~/components/use-countdown";
import { ForgotPasswordSchema } from "~/features/accounts/accounts.schema";
import { requestPasswordReset } from "~/features/accounts/password-reset.server";
import type { Route } from "./+types/forgot-password";

// Spec 2.1 / 8: /forgot-password emails a reset link. Signed-in people may use
// it too. The answer never tells whether an account exists.

export const meta: Route.MetaFunction = () => [
  { title: "Forgot your password? | Tendly" },
  { name: "description", content: "We will email you a link to choose a new password." },
];

const RESET_FAILED_FALLBACK = "We couldn't send the reset email. Please try again in a moment.";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = ForgotPasswordSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return data({ status: "invalid" as const, error: parsed.error.issues[0]?.message ?? "" }, 400);
  }
  const { email } = parsed.data;
  const result = await requestPasswordReset({ email, request });
  if (result.status === "limited") {
    return data({ status: "limited" as const, email, retryAt: result.retryAt.toISOString() }, 429);
  }
  if (result.status === "failed") return data({ status: "failed" as const, message: RESET_FAILED_FALLBACK }, 500);
  return { status: "sent" as const, email, sentAt: new Date().toISOString() };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSending = navigation.state !== "idle" && navigation.formAction === "/forgot-password";
  const retryAt = actionData?.status === "limited" ? actionData.retryAt : null;
  const secondsLeft = useCountdown(retryAt);

  useEffect(() => {
    if (actionData?.status === "sent") {
      toast.success("Password reset email sent", {
        description: "Check your email for instructions to reset your password.",
      });
    } else if (actionData?.status === "failed") {
      toast.error("Reset failed", { description: actionData.message });
    }
  }, [actionData]);

  // The same schema checks the address in the browser first.
  const [clientError, setClientError] = useState<string | undefined>();
  const emailError = clientError ?? (actionData?.status === "invalid" ? actionData.error : undefined);
  const sentTo = actionData?.status === "sent" ? actionData.email : null;

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Forgot your password?</h1>
      <p className="mt-3 text-slate-700">
        Enter the email address of your Tendly account and we will send you a link to choose a new password.
      </p>

      {sentTo && (
        <output className="mt-6 block rounded-xl border border-teal-200 bg-teal-50 p-4 text-teal-950">
          <span className="block font-semibold">Check your email</span>
          <span className="mt-1 block text-sm">
            If an account exists for <strong>{sentTo}</strong>, we sent it a link to reset your password. The link
            expires in one hour.
          </span>
        </output>
      )}

      {retryAt && (
        <div role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <h2 className="font-semibold">Email sending temporarily limited</h2>
          <p className="mt-1 text-sm">
            {secondsLeft > 0 ? (
              <>
                We recently sent a reset link to this address. You can request another one in{" "}
                <span className="font-semibold tabular-nums">{formatCountdown(secondsLeft)}</span>.
              </>
            ) : (
              "You can request another link now."
            )}
          </p>
        </div>
      )}

      <Form
        method="post"
        className="mt-8 space-y-5"
        noValidate
        onSubmit={(event) => {
          const parsed = ForgotPasswordSchema.safeParse({ email: new FormData(event.currentTarget).get("email") });
          setClientError(parsed.success ? undefined : parsed.error.issues[0]?.message);
          if (!parsed.success) event.preventDefault();
        }}
      >
        <TextField
          name="email"
          type="email"
          label="Email address"
          autoComplete="email"
          required
          maxLength={255}
          defaultValue={actionData && "email" in actionData ? actionData.email : undefined}
          error={emailError}
        />
        <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSending || secondsLeft > 0}>
          {isSending ? "Sending..." : sentTo ? "Send another link" : "Send reset link"}
        </button>
      </Form>

      <p className="mt-8 text-center text-sm text-slate-700">
        Remembered it?{" "}
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </section>
  );
}
