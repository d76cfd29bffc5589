import { and, arrayContains, desc, eq, sql, type SQL } from "drizzle-orm";
import type { DirectoryQuery } from "./directory.schema";
import { db } from "~/platform/db/client.server";
import type { MessageRef } from "~/i18n/message-keys";
import { caregiverProfiles } from "~/platform/db/schema";
import { lookupZip } from "~/utils/zip-codes.server";
import { listPublicReviews, type PublicReviews } from "~/features/reviews/public.server";
import { publicAvatarUrl } from "./avatar.server";
import {
  DIRECTORY_PAGE_SIZE,
  isReservedCaregiverSlug,
  type PublicCaregiverCard,
  type PublicCaregiverProfile,
} from "./public-profile";
import { shortName, initialsOf } from "~/utils/person-name";

// Public reads of caregiver profiles: approved caregivers only, and only the
// fields a visitor may see (never the last name beyond its initial, the
// phone number, the address or documents).

const cardColumns = {
  slug: caregiverProfiles.slug,
  firstName: caregiverProfiles.firstName,
  lastName: caregiverProfiles.lastName,
  photoUrl: caregiverProfiles.profilePhotoUrl,
  city: caregiverProfiles.city,
  state: caregiverProfiles.state,
  languages: caregiverProfiles.languages,
  services: caregiverProfiles.services,
  yearsExperience: caregiverProfiles.yearsExperience,
  ratingAvg: caregiverProfiles.ratingAvg,
  ratingCount: caregiverProfiles.ratingCount,
};

type CardRow = Omit<PublicCaregiverCard, "name" | "initials" | "distanceMiles"> & {
  firstName: string;
  lastName: string;
};

function toCard(row: CardRow, distanceMiles: number | null = null): PublicCaregiverCard {
  return {
    slug: row.slug,
    name: shortName(row.firstName, row.lastName),
    initials: initialsOf(row.firstName, row.lastName),
    photoUrl: publicAvatarUrl(row.slug, row.photoUrl),
    city: row.city,
    state: row.state,
    languages: row.languages,
    services: row.services,
    yearsExperience: row.yearsExperience,
    ratingAvg: row.ratingAvg === null ? null : Number(row.ratingAvg),
    ratingCount: row.ratingCount,
    distanceMiles: distanceMiles === null ? null : Math.round(distanceMiles * 10) / 10,
  };
}

const isApproved = eq(caregiverProfiles.caregiverStatus, "approved");
const bestRated = [
  sql`${caregiverProfiles.ratingAvg} desc nulls last`,
  desc(caregiverProfiles.ratingCount),
  caregiverProfiles.slug,
];

/** The best-rated approved caregivers, for Meet Our Providers on the home page. */
export async function listFeaturedCaregivers({ limit = 8 }: { limit?: number } = {}): Promise<PublicCaregiverCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(caregiverProfiles)
    .where(isApproved)
    .orderBy(...bestRated)
    .limit(limit);
  return rows.map((row) => toCard(row));
}

export type DirectoryResult = {
  caregivers: PublicCaregiverCard[];
  total: number;
  page: number;
  pageCount: number;
  /** Set when the ZIP code given is not a known US ZIP code: the message, worded by the page. */
  zipError: MessageRef | null;
  origin: { zip: string; city: string; state: string } | null;
};

/** Great-circle distance in miles from a point, as SQL (the haversine formula). */
function milesFrom(latitude: number, longitude: number): SQL<number> {
  return sql<number>`(3958.8 * 2 * asin(sqrt(
    power(sin(radians(${caregiverProfiles.latitude} - ${latitude}) / 2), 2) +
    cos(radians(${latitude})) * cos(radians(${caregiverProfiles.latitude})) *
    power(sin(radians(${caregiverProfiles.longitude} - ${longitude}) / 2), 2))))`;
}

/** One page of the public caregiver directory, filtered and sorted on the server. */
export async function searchCaregivers(query: DirectoryQuery): Promise<DirectoryResult> {
  const place = query.zip ? await lookupZip(query.zip) : undefined;
  if (query.zip && !place) {
    return {
      caregivers: [],
      total: 0,
      page: 1,
      pageCount: 0,
      zipError: { key: "public:providers.zipUnknown" },
      origin: null,
    };
  }
  const distance = place ? milesFrom(place.latitude, place.longitude) : null;
  const conditions: SQL[] = [isApproved];
  if (query.service) conditions.push(arrayContains(caregiverProfiles.services, [query.service]));
  if (query.language) conditions.push(arrayContains(caregiverProfiles.languages, [query.language]));
  if (distance) conditions.push(sql`${caregiverProfiles.latitude} is not null and ${distance} <= ${query.miles}`);
  const where = and(...conditions);

  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(caregiverProfiles)
    .where(where);
  const total = counted?.total ?? 0;
  const pageCount = Math.ceil(total / DIRECTORY_PAGE_SIZE);
  const page = Math.min(query.page, Math.max(pageCount, 1));
  const order = distance && query.sort === "distance" ? [distance, ...bestRated] : bestRated;
  const rows = await db
    .select({ ...cardColumns, distance: distance ?? sql<null>`null` })
    .from(caregiverProfiles)
    .where(where)
    .orderBy(...order)
    .limit(DIRECTORY_PAGE_SIZE)
    .offset((page - 1) * DIRECTORY_PAGE_SIZE);
  return {
    caregivers: rows.map(({ distance: miles, ...row }) => toCard(row, miles === null ? null : Number(miles))),
    total,
    page,
    pageCount,
    zipError: null,
    origin: place ? { zip: place.zip, city: place.city, state: place.state } : null,
  };
}

/** A public profile with the families' reviews whose comments are visible (newest first, features/reviews). */
export type PublicCaregiverWithReviews = PublicCaregiverProfile & { reviews: PublicReviews };

/** The public profile of an approved caregiver, or null (unknown, reserved or not approved). */
export async function getPublicCaregiver({ slug }: { slug: string }): Promise<PublicCaregiverWithReviews | null> {
  if (isReservedCaregiverSlug(slug)) return null;
  const [row] = await db
    .select({
      ...cardColumns,
      userId: caregiverProfiles.userId,
      skills: caregiverProfiles.skills,
      bio: caregiverProfiles.bio,
      bioLanguage: caregiverProfiles.bioLanguage,
    })
    .from(caregiverProfiles)
    .where(and(isApproved, eq(caregiverProfiles.slug, slug)))
    .limit(1);
  if (!row) return null;
  // The user id finds the reviews and goes no further: a public page carries no internal ids.
  const { skills, bio, bioLanguage, userId, ...card } = row;
  return { ...toCard(card), skills, bio, bioLanguage, reviews: await listPublicReviews({ caregiverId: userId }) };
}

/** Slugs of every approved caregiver, for the sitemap. */
export async function listPublicCaregiverSlugs(): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: caregiverProfiles.slug, updatedAt: caregiverProfiles.updatedAt })
    .from(caregiverProfiles)
    .where(isApproved)
    .orderBy(caregiverProfiles.slug);
}
