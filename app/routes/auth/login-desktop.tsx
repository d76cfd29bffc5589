import { BadgeCheck, Clock, HeartHandshake, Star } from "lucide-react";
import { Link } from "react-router";
import { DemoAccountPanel, SignInForm } from "~/components/sign-in-form";
import { metaT, Trans, useT } from "~/i18n/react";
import type { Route } from "./+types/login-desktop";
import { signInPageAction, signInPageLoader } from "./login-desktop.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "auth");
  return [{ title: t("login.metaTitle") }, { name: "description", content: t("login.metaDescription") }];
};

export const loader = ({ request }: Route.LoaderArgs) => signInPageLoader(request, "desktop");
export const action = ({ request }: Route.ActionArgs) => signInPageAction(request, "desktop");

const BENEFITS = [
  { icon: BadgeCheck, key: "login.benefitVetted" },
  { icon: HeartHandshake, key: "login.benefitMatched" },
  { icon: Clock, key: "login.benefitSupport" },
];

// The desktop sign-in (docs/product-rules.md, "Accounts and sign-in"): two columns on desktop (why Tendly, and the form), one on mobile.
export default function LoginDesktop({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("auth");
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-16">
      <div className="hidden rounded-3xl bg-gradient-to-br from-teal-700 to-teal-900 p-10 text-white shadow-xl lg:block">
        <p className="text-sm font-semibold tracking-wide text-teal-100 uppercase">{t("common:brand")}</p>
        <p className="mt-3 text-3xl leading-tight font-bold">{t("login.promoHeading")}</p>
        <ul className="mt-8 space-y-5">
          {BENEFITS.map(({ icon: Icon, key }) => (
            <li key={key} className="flex gap-3">
              <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-teal-200" />
              <span className="text-teal-50">{t(key)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-10 flex items-center gap-2 text-teal-50">
          <Star aria-hidden="true" className="size-5 fill-amber-300 text-amber-300" />
          <span>
            <Trans
              ns="auth"
              i18nKey="login.rating"
              components={{ strong: <strong className="font-semibold text-white" /> }}
            />
          </span>
        </p>
      </div>

      <div className="mx-auto w-full max-w-md space-y-6">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("login.welcomeBack")}</h1>
          <p className="mt-2 mb-6 text-slate-600">{t("login.signInToAccount")}</p>
          <SignInForm variant="full" actionData={actionData} />
          <p className="mt-6 text-center text-slate-600">
            {t("login.newToTendly")}{" "}
            <Link to="/register" className="font-semibold text-teal-800 underline-offset-4 hover:underline">
              {t("login.createYourAccount")}
            </Link>
          </p>
        </div>
        <DemoAccountPanel accounts={loaderData.demoAccounts} variant="full" />
      </div>
    </section>
  );
}
