import { Link } from "react-router";
import { ctaClass, ctaSecondaryClass, NumberedSteps, PageHero } from "~/components/public/page-parts";
import { CAREGIVER_STEPS, CLIENT_STEPS, type Step } from "~/features/marketing/marketing-data";
import { labelKey } from "~/i18n/keys";
import { metaT, useT } from "~/i18n/react";
import { publicMeta } from "~/components/public/seo";
import type { Route } from "./+types/how-it-works";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t("howItWorks.metaTitle"),
    description: t("howItWorks.metaDescription"),
    path: "/how-it-works",
  });
};

/** Each question and answer are `howItWorks.faq.<key>` messages. */
const FAQ = ["start", "price", "choose", "fit"] as const;

function Steps({ id, title, steps }: { id: string; title: string; steps: Step[] }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 p-6 sm:p-8">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <NumberedSteps steps={steps} />
    </section>
  );
}

export default function HowItWorks() {
  const { t } = useT("public");
  // The marketing steps in the reader's language (marketing.<group>.<labelKey(title)> messages).
  const translated = (group: "clientSteps" | "caregiverSteps", steps: Step[]) =>
    steps.map((step) => ({
      title: t(`marketing.${group}.${labelKey(step.title)}.title`),
      text: t(`marketing.${group}.${labelKey(step.title)}.text`),
    }));
  return (
    <>
      <PageHero title={t("howItWorks.title")} intro={t("howItWorks.intro")} />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <div>
            <Steps
              id="clients-title"
              title={t("howItWorks.forFamilies")}
              steps={translated("clientSteps", CLIENT_STEPS)}
            />
            <Link to="/request" className={`${ctaClass} mt-4`}>
              {t("cta.startCareRequest")}
            </Link>
          </div>
          <div>
            <Steps
              id="caregivers-title"
              title={t("howItWorks.forCaregivers")}
              steps={translated("caregiverSteps", CAREGIVER_STEPS)}
            />
            <Link to="/become-caregiver" className={`${ctaSecondaryClass} mt-4`}>
              {t("cta.becomeCaregiver")}
            </Link>
          </div>
        </div>
        <section aria-labelledby="faq-title" className="mt-12">
          <h2 id="faq-title" className="text-2xl font-bold text-slate-900">
            {t("howItWorks.faqTitle")}
          </h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {FAQ.map((item) => (
              <details key={item} className="group p-5">
                <summary className="cursor-pointer font-semibold text-slate-900">
                  {t(`howItWorks.faq.${item}.q`)}
                </summary>
                <p className="mt-3 leading-relaxed text-slate-800">{t(`howItWorks.faq.${item}.a`)}</p>
              </details>
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
