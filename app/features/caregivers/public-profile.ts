import type { Locale } from "~/i18n/config";
import { CAREGIVER_AREA_SEGMENTS } from "~/utils/chrome-rules";

// Rules of the public caregiver directory and profiles: what a visitor may
// see of a caregiver, and how /caregiver/{slug} stays clear of the caregiver
// area's own pages (/caregiver/schedule, /caregiver/profile ...).

/** True when a slug would collide with a page of the caregiver area, so it may never be a caregiver's slug. */
export function isReservedCaregiverSlug(slug: string): boolean {
  return CAREGIVER_AREA_SEGMENTS.has(slug.trim().toLowerCase());
}

export const DIRECTORY_PAGE_SIZE = 12;
export const DISTANCE_CHOICES = [5, 10, 25, 50] as const;

export type PublicCaregiverCard = {
  slug: string;
  name: string;
  initials: string;
  photoUrl: string | null;
  city: string | null;
  state: string | null;
  languages: string[];
  services: string[];
  yearsExperience: number;
  ratingAvg: number | null;
  ratingCount: number;
  distanceMiles: number | null;
};

export type PublicCaregiverProfile = PublicCaregiverCard & {
  skills: string[];
  bio: string | null;
  /** The language the caregiver wrote the bio in (null: not said). */
  bioLanguage: Locale | null;
};

export function formatRating(ratingAvg: number | null, ratingCount: number): string {
  if (ratingAvg === null || ratingCount === 0) return "New to Tendly";
  return `${ratingAvg.toFixed(1)} out of 5 (${ratingCount} ${ratingCount === 1 ? "rating" : "ratings"})`;
}
