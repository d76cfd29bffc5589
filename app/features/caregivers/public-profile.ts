import { CAREGIVER_AREA_SEGMENTS } from "~/utils/chrome-rules";
import { SERVICES } from "~/utils/services";

// Rules of the public caregiver directory and profiles: what a visitor may
// see of a caregiver, and how /caregiver/{slug} stays clear of the caregiver
// area's own pages (spec 2.5: /caregiver/schedule, /caregiver/profile ...).

/** True when a slug would collide with a page of the caregiver area, so it may never be a caregiver's slug. */
export function isReservedCaregiverSlug(slug: string): boolean {
  return CAREGIVER_AREA_SEGMENTS.has(slug.trim().toLowerCase());
}

/** A caregiver's public name: first name and last initial only ("Maria G."). */
export function publicName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

const LANGUAGE_NAMES: Record<string, string> = {
  ar: "Arabic",
  bn: "Bengali",
  de: "German",
  en: "English",
  es: "Spanish",
  fa: "Persian",
  fr: "French",
  gu: "Gujarati",
  he: "Hebrew",
  hi: "Hindi",
  ht: "Haitian Creole",
  ig: "Igbo",
  it: "Italian",
  ja: "Japanese",
  ko: "Korean",
  pl: "Polish",
  pt: "Portuguese",
  ru: "Russian",
  so: "Somali",
  sw: "Swahili",
  ta: "Tamil",
  tl: "Tagalog",
  tw: "Twi",
  uk: "Ukrainian",
  vi: "Vietnamese",
  yi: "Yiddish",
  yo: "Yoruba",
  zh: "Chinese",
};

export function languageName(code: string): string {
  return LANGUAGE_NAMES[code] ?? code.toUpperCase();
}

/**
 * Languages offered in the directory filter, by name. The names are plain
 * ASCII, so comparing code units orders them as a collator would, without
 * loading the browser's collation data while the page starts (about 16 ms).
 */
export const DIRECTORY_LANGUAGES = Object.entries(LANGUAGE_NAMES)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

const SERVICE_TITLES: Record<string, string> = Object.fromEntries(SERVICES.map((s) => [s.id, s.title]));
export function serviceTitle(id: string): string {
  return SERVICE_TITLES[id] ?? id;
}

const SKILL_TITLES: Record<string, string> = {
  dementia: "Dementia care",
  "mobility-transfers": "Mobility and transfers",
  diabetes: "Diabetes care",
  "post-surgery": "Post-surgery recovery",
  "hospice-support": "Hospice support",
  "medication-reminders": "Medication reminders",
};
export function skillTitle(id: string): string {
  return SKILL_TITLES[id] ?? id;
}

export const DIRECTORY_PAGE_SIZE = 12;
export const DISTANCE_CHOICES = [5, 10, 25, 50] as const;

export type PublicCaregiverCard = {
  slug: string;
  userId: string;
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
};

export function formatRating(ratingAvg: number | null, ratingCount: number): string {
  if (ratingAvg === null || ratingCount === 0) return "New to Tendly";
  return `${ratingAvg.toFixed(1)} out of 5 (${ratingCount} ${ratingCount === 1 ? "rating" : "ratings"})`;
}
