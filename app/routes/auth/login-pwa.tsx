import { TendlyLogo } from "~/components/tendly-logo";
import { ArrowLeft, ShieldCheck, Sparkles, Zap } from "lucide-react";
import { Link, useLocation } from "react-router";
import { LanguageSwitch } from "~/components/language-switch";
import { DemoAccountPanel, SignInForm } from "~/components/sign-in-form";
import { useAppMode } from "~/components/use-app-mode";
import { metaT, useT } from "~/i18n/react";
import { useRootData } from "~/root";
import type { Route } from "./+types/login-pwa";
import { signInPageAction, signInPageLoader } from "./login-desktop.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "auth");
  return [{ title: t("login.metaTitle") }, { name: "description", content: t("login.pwaMetaDescription") }];
};

export const loader = ({ request }: Route.LoaderArgs) => signInPageLoader(request, "pwa");
export const action = ({ request }: Route.ActionArgs) => signInPageAction(request, "pwa");

const BADGES = [
  { icon: Zap, key: "login.badgeFast" },
  { icon: ShieldCheck, key: "login.badgeSecure" },
  { icon: Sparkles, key: "login.badgeSmart" },
];

// The compact app-mode sign-in (docs/product-rules.md, "Accounts and sign-in").
export default function LoginPwa({ loaderData, actionData }: Route.ComponentProps) {
  const preferences = useRootData()?.preferences;
  const appMode = useAppMode({ appMode: preferences?.appMode ?? "desktop", modeOverride: preferences?.modeOverride });
  const { search } = useLocation();
  const { t } = useT("auth");
  return (
    <section className="mx-auto w-full max-w-md px-4 pt-4 pb-10">
      <Link
        to="/"
        className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("login.back")}
      </Link>

      {/* App mode has no header switch on phones: the language is chosen here. */}
      <div className="mt-2 flex justify-center">
        <LanguageSwitch look="page" />
      </div>

      <div className="mt-4 text-center">
        <TendlyLogo className="mx-auto size-14 rounded-2xl shadow" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{t("login.signInToTendly")}</h1>
        <p className="mt-1 text-sm font-medium text-teal-800">{t("login.platformTagline")}</p>
      </div>

      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <SignInForm variant="compact" actionData={actionData} />
      </div>

      <div className="mt-5 flex flex-col items-center gap-2 text-sm">
        <p className="text-slate-600">
          {t("login.newHere")}{" "}
          <Link to="/register" className="font-semibold text-teal-800 underline-offset-4 hover:underline">
            {t("login.createAccount")}
          </Link>
        </p>
        {appMode !== "mobile" && (
          <Link
            to={`/login/desktop${search}`}
            className="font-medium text-slate-700 underline underline-offset-4 hover:text-teal-800"
          >
            {t("login.standardLogin")}
          </Link>
        )}
      </div>

      <ul aria-label={t("login.whyTendly")} className="mt-6 flex justify-center gap-2">
        {BADGES.map(({ icon: Icon, key }) => (
          <li
            key={key}
            className="inline-flex items-center gap-1.5 rounded-full bg-teal-50 px-3 py-1 text-xs font-semibold text-teal-900 ring-1 ring-teal-200"
          >
            <Icon aria-hidden="true" className="size-3.5" />
            {t(key)}
          </li>
        ))}
      </ul>

      <div className="mt-6">
        <DemoAccountPanel accounts={loaderData.demoAccounts} variant="compact" />
      </div>
    </section>
  );
}
