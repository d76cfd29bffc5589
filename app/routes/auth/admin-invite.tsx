import { useId, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { FormNotice, SubmitButton, TextField, fieldErrors, primaryButtonClass } from "~/components/form-controls";
import { PasswordInput } from "~/components/password-input";
import { PasswordStrengthMeter } from "~/components/password-strength-meter";
import { AcceptInviteSchema, AcceptInviteWithAccountSchema, InviteTokenField } from "~/features/admin/admin.schema";
import {
  acceptAdminInvite,
  acceptAdminInviteWithAccount,
  lookUpInvite,
  type AcceptResult,
  type InviteProblem,
} from "~/features/admin/invites.server";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/admin-invite";

export const meta: Route.MetaFunction = () => [
  { title: "Accept your invitation | Tendly" },
  { name: "description", content: "Set your name and password to join the Tendly team." },
];

const PROBLEMS: Record<InviteProblem, { title: string; message: string }> = {
  invalid: {
    title: "This invitation link is not valid",
    message:
      "Check that you opened the whole link from the invitation email, or ask a Tendly administrator to invite you again.",
  },
  expired: {
    title: "This invitation has expired",
    message: "Invitations are valid for 72 hours. Ask a Tendly administrator to send you a new one.",
  },
  revoked: {
    title: "This invitation was withdrawn",
    message: "An administrator withdrew this invitation. Ask a Tendly administrator if you need a new one.",
  },
  used: {
    title: "This invitation has already been used",
    message: "Each invitation link works once. If you accepted it, sign in at the admin login.",
  },
};

export async function loader({ request }: Route.LoaderArgs) {
  const token = InviteTokenField.safeParse(new URL(request.url).searchParams.get("token"));
  if (!token.success) return { token: null, invite: { status: "invalid" as const } };
  return { token: token.data, invite: await lookUpInvite(token.data) };
}

type ActionResult = { fieldErrors?: Record<string, string>; formError?: string; problem?: InviteProblem };

function invalidForm(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors = fieldErrors(issues);
  // A mangled token is not the person's mistake to fix in a field.
  return data<ActionResult>(errors.token ? { problem: "invalid" } : { fieldErrors: errors }, { status: 400 });
}

const ACCEPT_ERRORS: Record<Exclude<AcceptResult, { ok: true }>["error"], ActionResult> = {
  invalid: { problem: "invalid" },
  expired: { problem: "expired" },
  revoked: { problem: "revoked" },
  used: { problem: "used" },
  "account-exists": { formError: "An account with this email already exists. Reload the page to add access to it." },
  "no-account": { formError: "There is no account with this email yet. Reload the page to create one." },
  "wrong-password": { fieldErrors: { password: "That password is not right for this account. Please try again." } },
  "already-admin": { formError: "This account already has administrator access. Sign in at the admin login." },
};

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  let result: AcceptResult;
  let password: string;
  if (form.intent === "add-admin-access") {
    const parsed = AcceptInviteWithAccountSchema.safeParse(form);
    if (!parsed.success) return invalidForm(parsed.error.issues);
    password = parsed.data.password;
    result = await acceptAdminInviteWithAccount({ ...parsed.data, request });
  } else {
    const parsed = AcceptInviteSchema.safeParse(form);
    if (!parsed.success) return invalidForm(parsed.error.issues);
    password = parsed.data.password;
    result = await acceptAdminInvite({ ...parsed.data, request });
  }
  if (!result.ok) return data<ActionResult>(ACCEPT_ERRORS[result.error], { status: 400 });

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
          title: "Administrator access added",
          description: "Sign in to continue.",
        }),
      },
    });
  }
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", toastCookie({ type: "success", title: "Welcome to the Tendly team" }));
  throw redirect("/admin", { headers });
}

export default function AdminInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invite } = loaderData;
  const problem = actionData?.problem ?? (invite.status === "valid" ? undefined : invite.status);
  if (problem || !token || invite.status !== "valid") return <InviteProblemView problem={problem ?? "invalid"} />;
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Accept your invitation</h1>
      <p className="mt-3 text-slate-600">
        You were invited to administer Tendly as <strong className="break-all text-slate-900">{invite.email}</strong>.
      </p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {invite.account?.isAdmin ? (
          <div className="space-y-4">
            <FormNotice tone="warning">This address already has administrator access.</FormNotice>
            <Link to="/admin/login" className={primaryButtonClass}>
              Go to admin sign in
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
  const { title, message } = PROBLEMS[problem];
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p role="alert" className="mt-4 text-lg text-slate-700">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/admin/login" className={primaryButtonClass}>
          Go to admin sign in
        </Link>
        <Link to="/" className="inline-flex min-h-11 items-center px-2 font-semibold text-teal-800 underline">
          Return to Homepage
        </Link>
      </div>
    </section>
  );
}

type FormProps = { token: string; actionData: ActionResult | undefined };

function NewAdminForm({ token, actionData }: FormProps) {
  const navigation = useNavigation();
  const isPending = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [password, setPassword] = useState("");
  const errors = clientErrors ?? (isPending ? {} : (actionData?.fieldErrors ?? {}));
  const id = useId();
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const parsed = AcceptInviteSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
        setClientErrors(parsed.success ? null : fieldErrors(parsed.error.issues));
        if (!parsed.success) event.preventDefault();
      }}
    >
      <input type="hidden" name="token" value={token} />
      <h2 className="text-lg font-semibold text-slate-900">Set your name and password</h2>
      {!isPending && actionData?.formError && <FormNotice tone="error">{actionData.formError}</FormNotice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          maxLength={50}
          required
          error={errors.firstName}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          maxLength={50}
          required
          error={errors.lastName}
        />
      </div>
      <div>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          label="Password"
          autoComplete="new-password"
          maxLength={128}
          required
          error={errors.password}
          describedBy={`${id}-strength`}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordStrengthMeter id={`${id}-strength`} password={password} />
      </div>
      <PasswordInput
        id={`${id}-confirm`}
        name="confirmPassword"
        label="Confirm password"
        autoComplete="new-password"
        maxLength={128}
        required
        error={errors.confirmPassword}
      />
      <SubmitButton isPending={isPending} pendingLabel="Creating your account...">
        Create administrator account
      </SubmitButton>
    </Form>
  );
}

function ExistingAccountForm({ token, actionData }: FormProps) {
  const navigation = useNavigation();
  const isPending = navigation.state === "submitting";
  const error = isPending ? undefined : actionData?.fieldErrors?.password;
  const id = useId();
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <h2 className="text-lg font-semibold text-slate-900">Add administrator access to your account</h2>
      <p className="text-slate-700">
        A Tendly account with this email already exists. Enter its password to prove it is yours; the account then gains
        administrator access.
      </p>
      {!isPending && actionData?.formError && <FormNotice tone="error">{actionData.formError}</FormNotice>}
      <PasswordInput
        id={`${id}-password`}
        name="password"
        label="Password"
        autoComplete="current-password"
        required
        error={error}
      />
      <SubmitButton isPending={isPending} pendingLabel="Adding access..." name="intent" value="add-admin-access">
        Add administrator access
      </SubmitButton>
    </Form>
  );
}
