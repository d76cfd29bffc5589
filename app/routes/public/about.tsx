import { Link } from "react-router";
import { ctaClass, ctaSecondaryClass, PageHero } from "~/components/public/page-parts";
import { IMPACT_STATS } from "~/features/marketing/marketing-data";
import { labelKey } from "~/i18n/keys";
import { metaT, useT } from "~/i18n/react";
import { publicMeta } from "~/components/public/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t("about.metaTitle"),
    description: t("about.metaDescription"),
    path: "/about",
  });
};

/** What we stand for: each value's title and text are `about.values.<key>` messages. */
const VALUES = ["safety", "familiar", "fair", "people"] as const;

export default function About() {
  const { t } = useT("public");
  return (
    <>
      <PageHero title={t("about.title")} intro={t("about.intro")} />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <section aria-labelledby="story-title" className="max-w-3xl">
          <h2 id="story-title" className="text-2xl font-bold text-slate-900">
            {t("about.storyTitle")}
          </h2>
          <p className="mt-4 leading-relaxed text-slate-800">{t("about.story1")}</p>
          <p className="mt-4 leading-relaxed text-slate-800">{t("about.story2")}</p>
        </section>

        <section aria-labelledby="figures-title" className="mt-12">
          <h2 id="figures-title" className="text-2xl font-bold text-slate-900">
            {t("about.figuresTitle")}
          </h2>
          <dl className="mt-6 grid grid-cols-2 gap-6 md:grid-cols-4">
            {IMPACT_STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse rounded-xl bg-teal-50 p-5 text-center">
                <dt className="mt-1 text-slate-800">{t(`marketing.impact.${labelKey(stat.label)}`)}</dt>
                <dd className="text-3xl font-bold text-teal-900">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-slate-700">{t("about.certified")}</p>
        </section>

        <section aria-labelledby="values-title" className="mt-12">
          <h2 id="values-title" className="text-2xl font-bold text-slate-900">
            {t("about.valuesTitle")}
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            {VALUES.map((value) => (
              <div key={value} className="rounded-xl border border-slate-200 p-6">
                <h3 className="text-lg font-semibold text-slate-900">{t(`about.values.${value}.title`)}</h3>
                <p className="mt-2 leading-relaxed text-slate-800">{t(`about.values.${value}.text`)}</p>
              </div>
            ))}
          </div>
        </section>

        <div className="mt-12 flex flex-wrap gap-3">
          <Link to="/request" className={ctaClass}>
            {t("cta.findCare")}
          </Link>
          <Link to="/become-caregiver" className={ctaSecondaryClass}>
            {t("cta.becomeCaregiver")}
          </Link>
          <Link to="/contact" className={ctaSecondaryClass}>
            {t("cta.contactUs")}
          </Link>
        </div>
      </div>
    </>
  );
}
