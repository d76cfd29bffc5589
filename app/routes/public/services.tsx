import { Check } from "lucide-react";
import { Link } from "react-router";
import { ctaClass, ctaSecondaryClass, PageHero } from "~/components/public/page-parts";
import { SERVICE_COPY } from "~/features/marketing/marketing-data";
import { metaT, useLabels, useT } from "~/i18n/react";
import { publicMeta } from "~/components/public/seo";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t("services.metaTitle"),
    description: t("services.metaDescription"),
    path: "/services",
  });
};

export default function Services() {
  const { t } = useT("public");
  const labels = useLabels();
  return (
    <>
      <PageHero title={t("services.title")} intro={t("services.intro")}>
        <Link
          to="/request"
          className="inline-flex min-h-11 items-center rounded-lg bg-white px-5 py-2.5 font-semibold text-teal-900 hover:bg-teal-50"
        >
          {t("cta.requestCare")}
        </Link>
      </PageHero>
      <nav aria-label={t("services.onThisPage")} className="border-b border-slate-200 bg-white">
        <ul className="mx-auto flex max-w-5xl flex-wrap gap-x-5 gap-y-2 px-4 py-4 sm:px-6">
          {SERVICE_COPY.map((service) => (
            <li key={service.id}>
              <a href={`#${service.id}`} className="font-semibold text-teal-800 hover:underline">
                {labels.service(service.id)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-12 sm:px-6">
        {SERVICE_COPY.map((service) => (
          <section
            key={service.id}
            id={service.id}
            aria-labelledby={`${service.id}-title`}
            className="scroll-mt-24 rounded-2xl border border-slate-200 p-6 sm:p-8"
          >
            <h2 id={`${service.id}-title`} className="text-2xl font-bold text-slate-900">
              {labels.service(service.id)}
            </h2>
            <p className="mt-3 text-lg text-slate-800">{t(`marketing.services.${service.id}.summary`)}</p>
            <h3 className="mt-6 font-semibold text-slate-900">{t("services.included")}</h3>
            <ul className="mt-3 space-y-2">
              {service.includes.map((item, index) => (
                <li key={item} className="flex gap-2 text-slate-800">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
                  {t(`marketing.services.${service.id}.includes.${index}`)}
                </li>
              ))}
            </ul>
            <p className="mt-5 text-slate-700">
              <strong className="text-slate-900">{t("services.oftenChosenBy")}</strong>{" "}
              {t(`marketing.services.${service.id}.goodFor`)}
            </p>
            <Link
              to={`/providers?service=${service.id}`}
              className="mt-5 inline-block font-semibold text-teal-800 hover:underline"
            >
              {t("services.caregiversOffering", { service: labels.service(service.id).toLowerCase() })}
            </Link>
          </section>
        ))}
        <section aria-labelledby="not-included-title" className="rounded-2xl bg-slate-50 p-6 sm:p-8">
          <h2 id="not-included-title" className="text-xl font-bold text-slate-900">
            {t("services.notIncludedTitle")}
          </h2>
          <p className="mt-3 leading-relaxed text-slate-800">{t("services.notIncluded")}</p>
        </section>
        <div className="flex flex-wrap gap-3">
          <Link to="/request" className={ctaClass}>
            {t("cta.startCareRequest")}
          </Link>
          <Link to="/how-it-works" className={ctaSecondaryClass}>
            {t("cta.howItWorks")}
          </Link>
        </div>
      </div>
    </>
  );
}
