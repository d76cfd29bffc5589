import { Award, Languages, MapPin, MessageSquareQuote } from "lucide-react";
import { data, Link } from "react-router";
import { CaregiverPhoto, RatingLine } from "~/components/public/caregiver-card";
import { ctaClass, ctaSecondaryClass } from "~/components/public/page-parts";
import { getPublicCaregiver } from "~/features/caregivers/public-caregivers.server";
import { languageName, serviceTitle, skillTitle } from "~/features/caregivers/public-profile";
import { publicMeta, siteUrlFrom } from "./seo";
import type { Route } from "./+types/caregiver-profile";

export async function loader({ params }: Route.LoaderArgs) {
  const caregiver = await getPublicCaregiver({ slug: params.caregiverSlug });
  if (!caregiver) throw data("Caregiver not found", { status: 404 });
  return { caregiver };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const caregiver = loaderData?.caregiver;
  if (!caregiver) return [{ title: "Caregiver not found | Tendly" }];
  const place = caregiver.city ? ` in ${caregiver.city}, ${caregiver.state}` : "";
  const path = `/caregiver/${caregiver.slug}`;
  const siteUrl = siteUrlFrom(matches);
  return publicMeta({
    matches,
    title: `${caregiver.name}, caregiver${place}`,
    description: `${caregiver.name} offers ${caregiver.services.map(serviceTitle).join(", ").toLowerCase()}${place}, with ${caregiver.yearsExperience} years of experience. Vetted and trained by Tendly.`,
    path,
    type: "profile",
    jsonLd: {
      "@type": "Person",
      name: caregiver.name,
      jobTitle: "Caregiver",
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

export default function CaregiverProfile({ loaderData: { caregiver } }: Route.ComponentProps) {
  const requestUrl = `/request/client-info?caregiver=${encodeURIComponent(caregiver.slug)}`;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <Link to="/providers" className="font-semibold text-teal-800 hover:underline">
            All caregivers
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
              {caregiver.yearsExperience} {caregiver.yearsExperience === 1 ? "year" : "years"} of experience ·
              Background checked and trained
            </p>
          </div>
          <Link to={requestUrl} className={ctaClass}>
            Request this caregiver
          </Link>
        </header>

        <div className="mt-6 grid gap-6 md:grid-cols-3">
          <section aria-labelledby="about-title" className="rounded-2xl bg-white p-6 shadow-sm md:col-span-2">
            <h2 id="about-title" className="text-xl font-semibold text-slate-900">
              About {caregiver.name.split(" ")[0]}
            </h2>
            <p className="mt-3 leading-relaxed text-slate-800">
              {caregiver.bio ?? `${caregiver.name} hasn't written an introduction yet.`}
            </p>
            <h3 className="mt-6 font-semibold text-slate-900">Services</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {caregiver.services.map((service) => (
                <li key={service}>
                  <Link to={`/services#${service}`} className={`${chipClass} inline-block hover:underline`}>
                    {serviceTitle(service)}
                  </Link>
                </li>
              ))}
            </ul>
            <h3 className="mt-6 font-semibold text-slate-900">Skills</h3>
            {caregiver.skills.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {caregiver.skills.map((skill) => (
                  <li key={skill} className={chipClass}>
                    {skillTitle(skill)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-slate-700">General home care.</p>
            )}
          </section>
          <section aria-labelledby="languages-title" className="rounded-2xl bg-white p-6 shadow-sm">
            <h2 id="languages-title" className="inline-flex items-center gap-2 text-xl font-semibold text-slate-900">
              <Languages aria-hidden="true" className="size-5" />
              Languages
            </h2>
            <ul className="mt-3 space-y-1 text-slate-800">
              {caregiver.languages.map((code) => (
                <li key={code}>{languageName(code)}</li>
              ))}
            </ul>
          </section>
        </div>

        <section aria-labelledby="reviews-title" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
          <h2 id="reviews-title" className="inline-flex items-center gap-2 text-xl font-semibold text-slate-900">
            <MessageSquareQuote aria-hidden="true" className="size-5" />
            Ratings and reviews
          </h2>
          <div className="mt-3">
            <RatingLine ratingAvg={caregiver.ratingAvg} ratingCount={caregiver.ratingCount} />
          </div>
          <p className="mt-3 text-slate-700">
            No reviews yet. Families rate every completed visit; written reviews appear here once our team has checked
            them.
          </p>
        </section>

        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={requestUrl} className={ctaClass}>
            Request this caregiver
          </Link>
          <Link to="/providers" className={ctaSecondaryClass}>
            See more caregivers
          </Link>
        </div>
      </div>
    </div>
  );
}
