import { Link, redirect } from "react-router";
import { metaT, useT } from "~/i18n/react";
import type { Route } from "./+types/confirmation";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "onboarding");
  return [{ title: t("confirmation.metaTitle") }];
};

// The confirmation page (docs/product-rules.md, "Caregiver application and vetting"): only with message=registration-success; otherwise back to /.
export function loader({ request }: Route.LoaderArgs) {
  const message = new URL(request.url).searchParams.get("message");
  if (message !== "registration-success") throw redirect("/");
  return null;
}

export default function Confirmation() {
  const { t } = useT("onboarding");
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">{t("confirmation.heading")}</h1>
      <p className="mt-4 text-lg text-slate-600">{t("confirmation.thanks")}</p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6 text-left">
        <h2 className="text-lg font-semibold text-slate-900">{t("confirmation.nextHeading")}</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          <li>{t("confirmation.nextCheck")}</li>
          <li>{t("confirmation.nextVerify")}</li>
          <li>{t("confirmation.nextApproved")}</li>
        </ol>
      </div>
      <Link
        to="/"
        className="mt-8 inline-block rounded-lg bg-teal-700 px-6 py-3 font-semibold text-white hover:bg-teal-800"
      >
        {t("confirmation.home")}
      </Link>
    </section>
  );
}
