import { Check, Clock, CalendarCheck, Wallet } from "lucide-react";
import { Link } from "react-router";
import { ctaClass, ctaSecondaryClass, PageHero } from "~/components/public/page-parts";
import { CAREGIVER_STEPS } from "~/features/marketing/marketing-data";
import { labelKey } from "~/i18n/keys";
import { metaT, useT } from "~/i18n/react";
import { publicMeta } from "~/components/public/seo";
import type { Route } from "./+types/become-caregiver";

// /become-caregiver, also shown for every path under /provider/ (docs/product-rules.md, "Public site and header").
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t("becomeCaregiver.metaTitle"),
    description: t("becomeCaregiver.metaDescription"),
    path: "/become-caregiver",
  });
};

/** Each benefit's title and text are `becomeCaregiver.benefits.<key>` messages. */
const BENEFITS = [
  { icon: Clock, key: "schedule" },
  { icon: Wallet, key: "pay" },
  { icon: CalendarCheck, key: "training" },
] as const;

/** `becomeCaregiver.requirements.<key>` messages. */
const REQUIREMENTS = ["age", "experience", "checks", "phone"] as const;

export default function BecomeCaregiver() {
  const { t } = useT("public");
  return (
    <>
      <PageHero title={t("becomeCaregiver.title")} intro={t("becomeCaregiver.intro")}>
        <Link
          to="/register/caregiver"
          className="inline-flex min-h-11 items-center rounded-lg bg-white px-5 py-2.5 font-semibold text-teal-900 hover:bg-teal-50"
        >
          {t("becomeCaregiver.applyNow")}
        </Link>
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <section aria-labelledby="benefits-title">
          <h2 id="benefits-title" className="text-2xl font-bold text-slate-900">
            {t("becomeCaregiver.benefitsTitle")}
          </h2>
          <ul className="mt-6 grid gap-5 md:grid-cols-3">
            {BENEFITS.map(({ icon: Icon, key }) => (
              <li key={key} className="rounded-xl border border-slate-200 p-5">
                <Icon aria-hidden="true" className="size-7 text-teal-700" />
                <h3 className="mt-3 font-semibold text-slate-900">{t(`becomeCaregiver.benefits.${key}.title`)}</h3>
                <p className="mt-1 text-slate-800">{t(`becomeCaregiver.benefits.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="steps-title" className="mt-12">
          <h2 id="steps-title" className="text-2xl font-bold text-slate-900">
            {t("becomeCaregiver.stepsTitle")}
          </h2>
          <ol className="mt-6 space-y-4">
            {CAREGIVER_STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl bg-slate-50 p-5">
                <h3 className="font-semibold text-slate-900">
                  {t("becomeCaregiver.step", {
                    number: index + 1,
                    title: t(`marketing.caregiverSteps.${labelKey(step.title)}.title`),
                  })}
                </h3>
                <p className="mt-1 text-slate-800">{t(`marketing.caregiverSteps.${labelKey(step.title)}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="requirements-title" className="mt-12">
          <h2 id="requirements-title" className="text-2xl font-bold text-slate-900">
            {t("becomeCaregiver.requirementsTitle")}
          </h2>
          <ul className="mt-4 space-y-2">
            {REQUIREMENTS.map((item) => (
              <li key={item} className="flex gap-2 text-slate-800">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
                {t(`becomeCaregiver.requirements.${item}`)}
              </li>
            ))}
          </ul>
        </section>
        <div className="mt-12 flex flex-wrap gap-3">
          <Link to="/register/caregiver" className={ctaClass}>
            {t("cta.startApplication")}
          </Link>
          <Link to="/blog/starting-as-a-caregiver" className={ctaSecondaryClass}>
            {t("becomeCaregiver.readStartingOut")}
          </Link>
        </div>
      </div>
    </>
  );
}
