import { data, replace } from "react-router";
import { startVerificationCookie } from "~/auth/pending-verification.server";
import { redirectIfSignedIn } from "~/auth/session.server";
import { fieldErrors } from "~/components/form-controls";
import { LoginSchema } from "~/features/accounts/accounts.schema";
import { signInDestination, type SignInActionData, type SignInPage } from "~/features/accounts/sign-in";
import { demoAccountsFor, demoCredentials, signIn, verifySignInCode } from "~/features/accounts/sign-in.server";
import { toastCookie } from "~/utils/toast.server";

// The loader and action shared by /login/desktop, /login/pwa and /admin/login.

export async function signInPageLoader(request: Request, page: SignInPage) {
  await redirectIfSignedIn(request);
  return { demoAccounts: demoAccountsFor(page) };
}

export async function signInPageAction(request: Request, page: SignInPage) {
  // A browser that is already signed in has nothing to do here (spec 2.7).
  await redirectIfSignedIn(request);
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = field("intent");

  let outcome;
  let email: string;
  if (intent === "two-factor") {
    email = field("email");
    outcome = await verifySignInCode({ request, page, email, code: field("code") });
  } else {
    const credentials =
      intent === "demo" ? demoCredentials(field("account")) : { email: field("email"), password: field("password") };
    if (!credentials) throw data("Demo accounts are not available here.", { status: 404 });
    const parsed = LoginSchema.safeParse(credentials);
    if (!parsed.success) {
      const { email: emailError, password: passwordError } = fieldErrors(parsed.error.issues);
      return data<SignInActionData>(
        { step: "password", email: credentials.email, fieldErrors: { email: emailError, password: passwordError } },
        { status: 400 },
      );
    }
    email = parsed.data.email;
    outcome = await signIn({ request, page, email, password: parsed.data.password });
  }

  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  switch (outcome.status) {
    case "signed-in": {
      headers.append(
        "Set-Cookie",
        toastCookie({ type: "success", title: "Login successful", description: "Welcome back!" }),
      );
      const redirectTo = new URL(request.url).searchParams.get("redirectTo");
      // Spec 4: the move to the signed-in page replaces the login page in the history.
      return replace(signInDestination({ page, roles: outcome.user.roles, redirectTo }), { headers });
    }
    case "two-factor":
      return data<SignInActionData>({ step: "two-factor", email }, { headers });
    case "failed": {
      const step = intent === "two-factor" && outcome.reason !== "two-factor-expired" ? "two-factor" : "password";
      const status = outcome.reason === "too-many" ? 429 : outcome.reason === "other" ? 400 : 401;
      // The way on to /verify-email (spec 8: "Please check your email ..."), which resends the link.
      if (outcome.reason === "unverified") headers.append("Set-Cookie", await startVerificationCookie(email));
      return data<SignInActionData>({ step, email, error: outcome.reason }, { status, headers });
    }
  }
}
