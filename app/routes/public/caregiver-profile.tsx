import { Award, Languages, MapPin, MessageSquareQuote } from "lucide-react";
import { data, Link } from "react-router";
import { CaregiverPhoto, RatingLine } from "~/components/public/caregiver-card";
import { PublicReviewList } from "~/components/reviews/public-reviews";
import { ctaClass, ctaSecondaryClass } from "~/components/public/page-parts";
import { getPublicCaregiver } from "~/features/caregivers/public-caregivers.server";
import { getCertifiedTraining } from "~/features/training/public.server";
import { CertifiedTrainingBadge } from "~/components/training/training-gate";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { labelsWith } from "~/i18n/labels";
import { metaT, useLabels, useLocale, useT, type Translate } from "~/i18n/react";
import type { RootData } from "~/root";
import { publicMeta, siteUrlFrom } from "~/components/public/seo";
import type { Route } from "./+types/caregiver-profile";

export async function loader({ params }: Route.LoaderArgs) {
  const [caregiver, certified] = await Promise.all([
    getPublicCaregiver({ slug: params.caregiverSlug }),
    getCertifiedTraining({ slug: params.caregiverSlug }),
  ]);
  if (!caregiver) throw data("Caregiver not found", { status: 404 });
  return { caregiver, certified };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "public");
  const caregiver = loaderData?.caregiver;
  if (!caregiver) return [{ title: t("profile.notFound") }];
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  const labels = labelsWith(metaT(matches, "labels") as unknown as Translate, root?.i18n.locale ?? DEFAULT_LOCALE);
  const words = {
    name: caregiver.name,
    city: caregiver.city,
    state: caregiver.state,
    services: caregiver.services.map(labels.service).join(", ").toLowerCase(),
    count: caregiver.yearsExperience,
  };
  const path = `/caregiver/${caregiver.slug}`;
  const siteUrl = siteUrlFrom(matches);
  return publicMeta({
    matches,
    title: t(caregiver.city ? "profile.metaTitleIn" : "profile.metaTitle", words),
    description: t(caregiver.city ? "profile.metaDescriptionIn" : "profile.metaDescription", words),
    path,
    type: "profile",
    jsonLd: {
      "@type": "Person",
      name: caregiver.name,
      jobTitle: t("profile.jobTitle"),
      url: `${siteUrl}${path}`,
      ...(caregiver.photoUrl ? { image: `${siteUrl}${caregiver.photoUrl}` } : {}),
      ...(caregiver.city
        ? { address: { "@type": "PostalAddress", addressLocality: caregiver.city, addressRegion: caregiver.state } }
        : {}),
      knowsLanguage: caregiver.languages,
      ...(caregiver.ratingAvg !== null && caregiver.ratingCount > 0
        ? {
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: caregiver.ratingAvg.toFixed(1),
              ratingCount: caregiver.ratingCount,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
  });
};

const chipClass = "rounded-full bg-teal-50 px-3 py-1 text-sm font-medium text-teal-900";

export default function CaregiverProfile({ loaderData: { caregiver, certified } }: Route.ComponentProps) {
  const requestUrl = `/request/client-info?caregiver=${encodeURIComponent(caregiver.slug)}`;
  const { t } = useT("public");
  const locale = useLocale();
  const reviewsT = useT("reviews").t;
  const labels = useLabels();
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <nav aria-label={t("profile.breadcrumb")} className="text-sm text-slate-600">
          <Link to="/providers" className="font-semibold text-teal-800 hover:underline">
            {t("profile.allCaregivers")}
          </Link>
          <span aria-hidden="true"> / </span>
          <span aria-current="page">{caregiver.name}</span>
        </nav>
        <header className="mt-6 flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm sm:flex-row sm:items-center">
          <CaregiverPhoto caregiver={caregiver} size={128} />
          <div className="flex-1">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{caregiver.name}</h1>
            {caregiver.city && (
              <p className="mt-1 inline-flex items-center gap-1 text-slate-700">
                <MapPin aria-hidden="true" className="size-4" />
                {caregiver.city}, {caregiver.state}
              </p>
            )}
            <div className="mt-2">
              <RatingLine ratingAvg={caregiver.ratingAvg} ratingCount={caregiver.ratingCount} />
            </div>
            <p className="mt-1 inline-flex items-center gap-1 text-slate-700">
              <Award aria-hidden="true" className="size-4 shrink-0" />
              {t("profile.experience", { count: caregiver.yearsExperience })}
            </p>
            {/* Every required training module passed (docs/product-rules.md, "Caregiver training"). */}
            {certified && (
              <div>
                <CertifiedTrainingBadge completedAt={certified.completedAt} />
              </div>
            )}
          </div>
          <Link to={requestUrl} className={ctaClass}>
            {t("cta.requestThisCaregiver")}
          </Link>
        </header>

        <div className="mt-6 grid gap-6 md:grid-cols-3">
          <section aria-labelledby="about-title" className="rounded-2xl bg-white p-6 shadow-sm md:col-span-2">
            <h2 id="about-title" className="text-xl font-semibold text-slate-900">
              {t("profile.about", { name: caregiver.name.split(" ")[0] })}
            </h2>
            {/* The bio is the caregiver's own words, as they wrote them; in the reader's other
                language it carries its language and says so (docs/product-rules.md, "Languages"). */}
            {caregiver.bio ? (
              <>
                <p lang={caregiver.bioLanguage ?? undefined} className="mt-3 leading-relaxed text-slate-800">
                  {caregiver.bio}
                </p>
                {caregiver.bioLanguage && caregiver.bioLanguage !== locale && (
                  <p className="mt-2 text-sm text-slate-600 italic">
                    {t(`profile.bioWrittenIn.${caregiver.bioLanguage}`)}
                  </p>
                )}
              </>
            ) : (
              <p className="mt-3 leading-relaxed text-slate-800">{t("profile.noBio", { name: caregiver.name })}</p>
            )}
            <h3 className="mt-6 font-semibold text-slate-900">{t("profile.services")}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {caregiver.services.map((service) => (
                <li key={service}>
                  <Link to={`/services#${service}`} className={`${chipClass} inline-block hover:underline`}>
                    {labels.service(service)}
                  </Link>
                </li>
              ))}
            </ul>
            <h3 className="mt-6 font-semibold text-slate-900">{t("profile.skills")}</h3>
            {caregiver.skills.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {caregiver.skills.map((skill) => (
                  <li key={skill} className={chipClass}>
                    {labels.skill(skill)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-slate-700">{t("profile.generalCare")}</p>
            )}
          </section>
          <section aria-labelledby="languages-title" className="rounded-2xl bg-white p-6 shadow-sm">
            <h2 id="languages-title" className="inline-flex items-center gap-2 text-xl font-semibold text-slate-900">
              <Languages aria-hidden="true" className="size-5" />
              {t("profile.languages")}
            </h2>
            <ul className="mt-3 space-y-1 text-slate-800">
              {labels.languages(caregiver.languages).map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </section>
        </div>

        <section aria-labelledby="reviews-title" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
          <h2 id="reviews-title" className="inline-flex items-center gap-2 text-xl font-semibold text-slate-900">
            <MessageSquareQuote aria-hidden="true" className="size-5" />
            {t("profile.reviews")}
          </h2>
          <div className="mt-3">
            <RatingLine ratingAvg={caregiver.ratingAvg} ratingCount={caregiver.ratingCount} />
          </div>
          {caregiver.reviews.reviews.length > 0 ? (
            <PublicReviewList reviews={caregiver.reviews} />
          ) : (
            <p className="mt-3 text-slate-700">
              {caregiver.ratingCount > 0 ? reviewsT("profile.noWrittenReviews") : t("profile.noReviews")}
            </p>
          )}
        </section>

        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={requestUrl} className={ctaClass}>
            {t("cta.requestThisCaregiver")}
          </Link>
          <Link to="/providers" className={ctaSecondaryClass}>
            {t("profile.seeMore")}
          </Link>
        </div>
      </div>
    </div>
  );
}
