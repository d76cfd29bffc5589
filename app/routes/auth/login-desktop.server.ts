import { data, replace } from "react-router";
import { startVerificationCookie } from "~/platform/auth/pending-verification.server";
import { redirectIfSignedIn } from "~/platform/auth/session.server";
import { SignInFormSchema } from "~/features/accounts/accounts.schema";
import { signInDestination, type SignInActionData, type SignInPage } from "~/features/accounts/sign-in";
import { demoAccountsFor, demoCredentials } from "~/features/accounts/demo.server";
import { signIn, verifySignInCode } from "~/features/accounts/sign-in.server";
import { accountLocale } from "~/platform/auth/account-locale.server";
import { LOCALE_COOKIE } from "~/i18n/config";
import { getServerT } from "~/i18n/i18n.server";
import { preferenceCookie } from "~/utils/cookies";
import { toastCookie } from "~/utils/toast.server";
import { parseForm } from "~/utils/form-data.server";
import { PASSWORD_HASH_RETRY_AFTER_SECONDS } from "~/utils/password.server";

// The loader and action shared by /login/desktop, /login/pwa and /admin/login.

export async function signInPageLoader(request: Request, page: SignInPage) {
  await redirectIfSignedIn(request);
  return { demoAccounts: demoAccountsFor(page, request) };
}

export async function signInPageAction(request: Request, page: SignInPage) {
  // A browser that is already signed in has nothing to do here (docs/product-rules.md, "Areas, roles and redirects").
  await redirectIfSignedIn(request);
  const submission = await parseForm(request, SignInFormSchema);
  if (submission.status !== "success") {
    const typed = submission.payload.email;
    return data<SignInActionData>(
      {
        step: "password",
        email: typeof typed === "string" ? typed : "",
        result: submission.reply({ hideFields: ["password", "code"] }),
      },
      { status: 400 },
    );
  }
  const form = submission.value;

  let outcome;
  let email: string;
  if (form.intent === "two-factor") {
    email = form.email;
    outcome = await verifySignInCode({ request, page, email, code: form.code });
  } else if (form.intent === "demo") {
    const credentials = demoCredentials(form.account, request);
    if (!credentials) throw data(getServerT(request, "auth").t("signInForm.demoUnavailable"), { status: 404 });
    email = credentials.email;
    outcome = await signIn({ request, page, email, password: credentials.password });
  } else {
    email = form.email;
    outcome = await signIn({ request, page, email, password: form.password });
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
      const step = form.intent === "two-factor" && outcome.reason !== "two-factor-expired" ? "two-factor" : "password";
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
