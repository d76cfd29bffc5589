import { MapPin, Star } from "lucide-react";
import { Link } from "react-router";
import { FallbackImage } from "~/components/fallback-image";
import type { PublicCaregiverCard } from "~/features/caregivers/public-profile";
import { useLabels, useT } from "~/i18n/react";

export function CaregiverPhoto({
  caregiver,
  size,
}: {
  caregiver: Pick<PublicCaregiverCard, "photoUrl" | "initials" | "name">;
  size: number;
}) {
  if (caregiver.photoUrl) {
    return (
      <FallbackImage
        src={caregiver.photoUrl}
        alt={caregiver.name}
        width={size}
        height={size}
        loading="lazy"
        isCompact={size < 96}
        className="shrink-0 rounded-full bg-slate-100 object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-teal-100 font-bold text-teal-900"
      style={{ width: size, height: size, fontSize: size / 3 }}
    >
      {caregiver.initials}
    </span>
  );
}

/** The rating in words, as features/caregivers/public-profile.ts formatRating writes it in English. */
export function RatingLine({ ratingAvg, ratingCount }: Pick<PublicCaregiverCard, "ratingAvg" | "ratingCount">) {
  const { t } = useT("public");
  return (
    <p className="inline-flex items-center gap-1.5 text-sm text-slate-700">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      {ratingAvg === null || ratingCount === 0
        ? t("card.newToTendly")
        : t("card.rating", { rating: ratingAvg.toFixed(1), count: ratingCount })}
    </p>
  );
}

export function CaregiverCard({
  caregiver,
  headingLevel = 3,
}: {
  caregiver: PublicCaregiverCard;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useT("public");
  const labels = useLabels();
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md">
      <div className="flex items-center gap-4">
        <CaregiverPhoto caregiver={caregiver} size={64} />
        <div className="min-w-0">
          <Heading className="text-lg font-semibold text-slate-900">
            <Link to={`/caregiver/${caregiver.slug}`} className="after:absolute after:inset-0 hover:underline">
              {caregiver.name}
            </Link>
          </Heading>
          {caregiver.city && (
            <p className="inline-flex items-center gap-1 text-sm text-slate-600">
              <MapPin aria-hidden="true" className="size-4" />
              {caregiver.city}, {caregiver.state}
              {caregiver.distanceMiles !== null && (
                <>
                  {" · "}
                  {caregiver.distanceMiles < 0.05
                    ? t("card.distanceUnder")
                    : t("card.distance", { miles: caregiver.distanceMiles })}
                </>
              )}
            </p>
          )}
        </div>
      </div>
      <RatingLine ratingAvg={caregiver.ratingAvg} ratingCount={caregiver.ratingCount} />
      <p className="text-sm text-slate-700">
        {t("card.experienceSpeaks", {
          count: caregiver.yearsExperience,
          // Mid-sentence, Spanish writes language names in lower case ("Habla español, inglés").
          languages: labels.languageList(caregiver.languages),
        })}
      </p>
      <ul className="mt-auto flex flex-wrap gap-1.5" aria-label={t("card.services")}>
        {caregiver.services.map((service) => (
          <li key={service} className="rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-medium text-teal-900">
            {labels.service(service)}
          </li>
        ))}
      </ul>
    </article>
  );
}
