import { Form, Link, useNavigation } from "react-router";
import { DirectoryQuerySchema, type DirectoryQuery } from "~/features/caregivers/directory.schema";
import { inputClass, labelClass, fieldErrorClass } from "~/components/form-controls";
import { CaregiverCard } from "~/components/public/caregiver-card";
import { ctaClass, ctaSecondaryClass, PageHero } from "~/components/public/page-parts";
import { searchCaregivers } from "~/features/caregivers/public-caregivers.server";
import { DIRECTORY_LANGUAGES, DISTANCE_CHOICES } from "~/features/caregivers/public-profile";
import { SERVICES } from "~/utils/services";
import { publicMeta } from "./seo";
import type { Route } from "./+types/providers";
import { PageLinks } from "~/components/page-links";

// The public caregiver directory at /providers and /caregivers (one page):
// approved caregivers only, filtered, sorted and paged on the server, so it
// works without JavaScript and every result page has its own URL.

export async function loader({ url }: Route.LoaderArgs) {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = DirectoryQuerySchema.safeParse(raw);
  // A malformed ZIP code is reported beside the field; the other filters still apply.
  const query: DirectoryQuery = parsed.success ? parsed.data : DirectoryQuerySchema.parse({ ...raw, zip: undefined });
  const zipInput = typeof raw.zip === "string" ? raw.zip : "";
  const result = await searchCaregivers(query);
  return {
    ...result,
    query,
    zipInput,
    zipError: parsed.success ? result.zipError : "Enter a 5-digit ZIP code.",
  };
}

// /caregivers is the same page: both name /providers as the canonical URL.
export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta({
    matches,
    title: "Find a caregiver near you",
    description:
      "Browse vetted, background-checked Tendly caregivers by service, language and distance from your ZIP code, and read their profiles and ratings.",
    path: "/providers",
  });

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

  return (
    <>
      <PageHero
        title="Find a caregiver"
        intro="Every caregiver here has passed identity, reference and criminal record checks and completed our training. Filter by the help you need, the language you speak and how far they travel."
      />
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
        <Form
          method="get"
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-6"
          aria-label="Filter caregivers"
        >
          <div className="md:col-span-2">
            <label htmlFor="service" className={labelClass}>
              Service
            </label>
            <select id="service" name="service" defaultValue={query.service ?? ""} className={`${inputClass} mt-1`}>
              <option value="">Any service</option>
              {SERVICES.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.title}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="language" className={labelClass}>
              Language
            </label>
            <select id="language" name="language" defaultValue={query.language ?? ""} className={`${inputClass} mt-1`}>
              <option value="">Any language</option>
              {DIRECTORY_LANGUAGES.map((language) => (
                <option key={language.code} value={language.code}>
                  {language.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="zip" className={labelClass}>
              ZIP code
            </label>
            <input
              id="zip"
              name="zip"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              defaultValue={zipInput}
              aria-invalid={zipError ? true : undefined}
              aria-describedby={zipError ? "zip-error" : undefined}
              className={`${inputClass} mt-1`}
            />
            {zipError && (
              <p id="zip-error" className={fieldErrorClass}>
                {zipError}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="miles" className={labelClass}>
              Distance
            </label>
            <select id="miles" name="miles" defaultValue={String(query.miles)} className={`${inputClass} mt-1`}>
              {DISTANCE_CHOICES.map((miles) => (
                <option key={miles} value={miles}>
                  Within {miles} miles
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="sort" className={labelClass}>
              Sort by
            </label>
            <select id="sort" name="sort" defaultValue={query.sort} className={`${inputClass} mt-1`}>
              <option value="rating">Best rated</option>
              <option value="distance">Nearest (needs a ZIP code)</option>
            </select>
          </div>
          <div className="flex flex-wrap items-center gap-3 md:col-span-6">
            <button type="submit" className={ctaClass}>
              Show caregivers
            </button>
            {hasFilters && (
              <Link to="?" className={ctaSecondaryClass}>
                Clear filters
              </Link>
            )}
          </div>
        </Form>

        <section aria-labelledby="results-title" className="mt-8" aria-busy={isSearching ? true : undefined}>
          <h2 id="results-title" className="text-xl font-semibold text-slate-900" aria-live="polite">
            {total === 0
              ? "No caregivers found"
              : `${total} ${total === 1 ? "caregiver" : "caregivers"}${origin ? ` within ${query.miles} miles of ${origin.city}, ${origin.state} ${origin.zip}` : ""}`}
          </h2>
          {total === 0 ? (
            <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              <p>
                {zipError
                  ? "Check the ZIP code and try again."
                  : "No approved caregiver matches all of these filters yet. Try a wider distance or another language, or tell us what you need and we will find someone for you."}
              </p>
              <Link to="/request" className={`${ctaClass} mt-4`}>
                Request care
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
            label="Pages"
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
