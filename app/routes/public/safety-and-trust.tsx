import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { ctaClass, ctaSecondaryClass, NumberedSteps, PageHero } from "~/components/public/page-parts";
import { TRUST_CLAIMS } from "~/features/marketing/marketing-data";
import { labelKey } from "~/i18n/keys";
import { metaT, Trans, useT } from "~/i18n/react";
import { publicMeta } from "~/components/public/seo";
import type { Route } from "./+types/safety-and-trust";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t("safety.metaTitle"),
    description: t("safety.metaDescription"),
    path: "/safety-and-trust",
  });
};

/** Each step's title and text are `safety.vetting.<key>` messages. */
const VETTING_STEPS = ["application", "identity", "references", "criminal", "training", "monitoring"] as const;

export default function SafetyAndTrust() {
  const { t } = useT("public");
  const vettingSteps = VETTING_STEPS.map((key) => ({
    title: t(`safety.vetting.${key}.title`),
    text: t(`safety.vetting.${key}.text`),
  }));
  return (
    <>
      <PageHero title={t("safety.title")} intro={t("safety.intro")} />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <section aria-labelledby="vetting-title">
          <h2 id="vetting-title" className="text-2xl font-bold text-slate-900">
            {t("safety.vettingTitle")}
          </h2>
          <NumberedSteps steps={vettingSteps} itemClassName="rounded-xl border border-slate-200 p-5" />
        </section>

        <section aria-labelledby="promise-title" className="mt-12">
          <h2 id="promise-title" className="text-2xl font-bold text-slate-900">
            {t("safety.promiseTitle")}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {TRUST_CLAIMS.map((claim) => (
              <li key={claim.title} className="flex gap-3 rounded-xl bg-slate-50 p-5">
                <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-teal-700" />
                <p className="text-slate-800">
                  <Trans
                    ns="public"
                    i18nKey="safety.claim"
                    values={{
                      title: t(`marketing.trust.${labelKey(claim.title)}.title`),
                      text: t(`marketing.trust.${labelKey(claim.title)}.text`),
                    }}
                    components={{ strong: <strong className="text-slate-900" /> }}
                  />
                </p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="concern-title" className="mt-12 rounded-2xl bg-teal-50 p-6 sm:p-8">
          <h2 id="concern-title" className="text-xl font-bold text-slate-900">
            {t("safety.concernTitle")}
          </h2>
          <p className="mt-3 leading-relaxed text-slate-800">{t("safety.concern")}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link to="/contact" className={ctaClass}>
              {t("safety.contactSupport")}
            </Link>
            <Link to="/request" className={ctaSecondaryClass}>
              {t("safety.requestVetted")}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
