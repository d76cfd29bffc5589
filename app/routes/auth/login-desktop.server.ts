import { data, replace } from "react-router";
import { startVerificationCookie } from "~/platform/auth/pending-verification.server";
import { redirectIfSignedIn } from "~/platform/auth/session.server";
import { fieldErrors } from "~/components/form-controls";
import { LoginSchema } from "~/features/accounts/accounts.schema";
import { signInDestination, type SignInActionData, type SignInPage } from "~/features/accounts/sign-in";
import { demoAccountsFor, demoCredentials } from "~/features/accounts/demo.server";
import { signIn, verifySignInCode } from "~/features/accounts/sign-in.server";
import { accountLocale } from "~/platform/auth/account-locale.server";
import { LOCALE_COOKIE } from "~/i18n/config";
import { getServerT } from "~/i18n/i18n.server";
import { preferenceCookie } from "~/utils/cookies";
import { toastCookie } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";
import { PASSWORD_HASH_RETRY_AFTER_SECONDS } from "~/utils/password.server";

// The loader and action shared by /login/desktop, /login/pwa and /admin/login.

export async function signInPageLoader(request: Request, page: SignInPage) {
  await redirectIfSignedIn(request);
  return { demoAccounts: demoAccountsFor(page, request) };
}

export async function signInPageAction(request: Request, page: SignInPage) {
  // A browser that is already signed in has nothing to do here (docs/product-rules.md, "Areas, roles and redirects").
  await redirectIfSignedIn(request);
  const form = await readForm(request);
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
      intent === "demo"
        ? demoCredentials(field("account"), request)
        : { email: field("email"), password: field("password") };
    if (!credentials) throw data(getServerT(request, "auth").t("signInForm.demoUnavailable"), { status: 404 });
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
      // The person's stored language, if they chose one, else this page's; the
      // browser remembers it for after signing out.
      const storedLocale = await accountLocale(outcome.user.id);
      if (storedLocale) headers.append("Set-Cookie", preferenceCookie(LOCALE_COOKIE, storedLocale));
      const { t } = getServerT(request, "auth", storedLocale);
      headers.append(
        "Set-Cookie",
        toastCookie({
          type: "success",
          title: t("signInForm.loginSuccessful"),
          description: t("signInForm.welcomeBackToast"),
        }),
      );
      const redirectTo = new URL(request.url).searchParams.get("redirectTo");
      // The move to the signed-in page replaces the login page in the history.
      return replace(signInDestination({ page, roles: outcome.user.roles, redirectTo }), { headers });
    }
    case "two-factor":
      return data<SignInActionData>({ step: "two-factor", email }, { headers });
    case "failed": {
      const step = intent === "two-factor" && outcome.reason !== "two-factor-expired" ? "two-factor" : "password";
      if (outcome.reason === "busy") {
        // The page, with its "try again in a moment"; for any other client a 503 that says when.
        headers.set("Retry-After", String(PASSWORD_HASH_RETRY_AFTER_SECONDS));
        return data<SignInActionData>({ step, email, error: outcome.reason }, { status: 503, headers });
      }
      const status = outcome.reason === "too-many" ? 429 : outcome.reason === "other" ? 400 : 401;
      // The way on to /verify-email ("Please check your email ..."), which resends the link.
      if (outcome.reason === "unverified") headers.append("Set-Cookie", await startVerificationCookie(email));
      return data<SignInActionData>({ step, email, error: outcome.reason }, { status, headers });
    }
  }
}
