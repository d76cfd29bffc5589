import { useMemo } from "react";
import { Form, Link, useNavigation } from "react-router";
import { DirectoryQuerySchema, type DirectoryQuery } from "~/features/caregivers/directory.schema";
import { SelectField, TextField } from "~/components/form-controls";
import { CaregiverCard } from "~/components/public/caregiver-card";
import { ctaClass, ctaSecondaryClass, PageHero } from "~/components/public/page-parts";
import { searchCaregivers } from "~/features/caregivers/public-caregivers.server";
import { DISTANCE_CHOICES } from "~/features/caregivers/public-profile";
import { languagesByName } from "~/features/care-requests/care-labels";
import { getServerT, messageText } from "~/i18n/i18n.server";
import { metaT, useLabels, useT } from "~/i18n/react";
import { SERVICE_IDS } from "~/utils/services";
import { publicMeta } from "~/components/public/seo";
import type { Route } from "./+types/providers";
import { PageLinks } from "~/components/page-links";

// The public caregiver directory at /providers and /caregivers (one page):
// approved caregivers only, filtered, sorted and paged on the server, so it
// works without JavaScript and every result page has its own URL.

/**
 * The directory's languages, by their names in the reader's language. Read from care-labels.ts itself: the
 * care requests' public module would bring their schemas and date-fns to the page
 * (docs/decisions/0041-what-a-page-carries.md).
 */
function useDirectoryLanguages() {
  const labels = useLabels();
  return useMemo(() => languagesByName(labels.language), [labels]);
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = DirectoryQuerySchema.safeParse(raw);
  // A malformed ZIP code is reported beside the field; the other filters still apply.
  const query: DirectoryQuery = parsed.success ? parsed.data : DirectoryQuerySchema.parse({ ...raw, zip: undefined });
  const zipInput = typeof raw.zip === "string" ? raw.zip : "";
  const result = await searchCaregivers(query);
  const { locale, t } = getServerT(request, "public");
  // The directory names its ZIP code message by key: worded in the visitor's language.
  const zipError = parsed.success ? result.zipError && messageText(locale, result.zipError) : t("providers.zipFormat");
  return { ...result, query, zipInput, zipError };
}

// /caregivers is the same page: both name /providers as the canonical URL.
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "public");
  return publicMeta({
    matches,
    title: t("providers.metaTitle"),
    description: t("providers.metaDescription"),
    path: "/providers",
  });
};

function pageHref(query: DirectoryQuery, zipInput: string, page: number): string {
  const params = new URLSearchParams();
  if (query.service) params.set("service", query.service);
  if (query.language) params.set("language", query.language);
  if (zipInput) params.set("zip", zipInput);
  if (zipInput) params.set("miles", String(query.miles));
  if (query.sort !== "rating") params.set("sort", query.sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "?";
}

export default function Providers({ loaderData }: Route.ComponentProps) {
  const { query, zipInput, zipError, caregivers, total, page, pageCount, origin } = loaderData;
  const navigation = useNavigation();
  const isSearching =
    navigation.state === "loading" && navigation.location.pathname.match(/^\/(providers|caregivers)$/);
  const hasFilters = !!(query.service || query.language || zipInput);
  const { t } = useT("public");
  const labels = useLabels();
  const languages = useDirectoryLanguages();

  return (
    <>
      <PageHero title={t("providers.title")} intro={t("providers.intro")} />
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
        <Form
          method="get"
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-6"
          aria-label={t("providers.filter")}
        >
          <SelectField
            label={t("providers.service")}
            name="service"
            defaultValue={query.service ?? ""}
            className="md:col-span-2"
          >
            <option value="">{t("providers.anyService")}</option>
            {SERVICE_IDS.map((id) => (
              <option key={id} value={id}>
                {labels.service(id)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("providers.language")} name="language" defaultValue={query.language ?? ""}>
            <option value="">{t("providers.anyLanguage")}</option>
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("providers.zip")}
            name="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            defaultValue={zipInput}
            error={zipError ?? undefined}
          />
          <SelectField label={t("providers.distance")} name="miles" defaultValue={String(query.miles)}>
            {DISTANCE_CHOICES.map((miles) => (
              <option key={miles} value={miles}>
                {t("providers.within", { miles })}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("providers.sortBy")} name="sort" defaultValue={query.sort}>
            <option value="rating">{t("providers.bestRated")}</option>
            <option value="distance">{t("providers.nearest")}</option>
          </SelectField>
          <div className="flex flex-wrap items-center gap-3 md:col-span-6">
            <button type="submit" className={ctaClass}>
              {t("providers.show")}
            </button>
            {hasFilters && (
              <Link to="?" className={ctaSecondaryClass}>
                {t("providers.clear")}
              </Link>
            )}
          </div>
        </Form>

        <section aria-labelledby="results-title" className="mt-8" aria-busy={isSearching ? true : undefined}>
          <h2 id="results-title" className="text-xl font-semibold text-slate-900" aria-live="polite">
            {total === 0
              ? t("providers.none")
              : origin
                ? t("providers.resultsNear", {
                    count: total,
                    miles: query.miles,
                    city: origin.city,
                    state: origin.state,
                    zip: origin.zip,
                  })
                : t("providers.results", { count: total })}
          </h2>
          {total === 0 ? (
            <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              <p>{zipError ? t("providers.checkZip") : t("providers.noMatch")}</p>
              <Link to="/request" className={`${ctaClass} mt-4`}>
                {t("cta.requestCare")}
              </Link>
            </div>
          ) : (
            <ul className={`mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 ${isSearching ? "opacity-60" : ""}`}>
              {caregivers.map((caregiver) => (
                <li key={caregiver.slug}>
                  <CaregiverCard caregiver={caregiver} />
                </li>
              ))}
            </ul>
          )}
          <PageLinks
            label={t("providers.pages")}
            page={page}
            pageCount={pageCount}
            hrefFor={(target) => pageHref(query, zipInput, target)}
            linkClassName={ctaSecondaryClass}
            className="mt-8"
          />
        </section>
      </div>
    </>
  );
}
