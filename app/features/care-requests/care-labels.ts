import labels from "~/i18n/locales/en/labels";
import type { CareSkill } from "~/utils/services";

// The words people read for the care request's codes: languages (ISO 639-1,
// as care requests and caregiver_profiles.languages store them) and health
// needs. No zod here, so public pages that name a caregiver's languages do
// not ship it to the browser. Service names and caregivers' skill names are
// in app/utils/services.ts.

/** Every language code the app stores: what families may ask for, caregivers may speak, the directory filters by. */
export const LANGUAGE_CODES = [
  "ar",
  "bn",
  "de",
  "en",
  "es",
  "fa",
  "fr",
  "gu",
  "he",
  "hi",
  "ht",
  "ig",
  "it",
  "ja",
  "ko",
  "pl",
  "pt",
  "ru",
  "so",
  "sw",
  "ta",
  "tl",
  "tw",
  "uk",
  "vi",
  "yi",
  "yo",
  "zh",
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** A language's English name, on every page and email. */
export const LANGUAGE_LABELS: Record<LanguageCode, string> = labels.language;

export function isLanguageCode(code: string): code is LanguageCode {
  return Object.hasOwn(LANGUAGE_LABELS, code);
}

/** The name of a language code; a code we do not know (an old row) is never shown as a code: null. */
export function languageLabel(code: string): string | null {
  return isLanguageCode(code) ? LANGUAGE_LABELS[code] : null;
}

/**
 * The one language list: what a family may ask for, an applicant or a caregiver may say they speak, and
 * the directory filters by. The same codes everywhere, so that a language a caregiver can speak is one a
 * family can ask for and find.
 */
export const CARE_LANGUAGES = LANGUAGE_CODES;
export type CareLanguage = LanguageCode;

/** A language's name as it sorts: without accents ("Árabe" among the A's) or case. */
const sortKey = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The languages with their names (`name` gives a known code's name in the reader's language), in the
 * order of those names: how every form and filter lists them. Comparing code units of the sort keys
 * orders them as a collator would here, without loading the browser's collation data.
 */
export function languagesByName(name: (code: LanguageCode) => string): { code: LanguageCode; name: string }[] {
  return LANGUAGE_CODES.map((code) => ({ code, name: name(code) })).sort((a, b) =>
    sortKey(a.name) < sortKey(b.name) ? -1 : sortKey(a.name) > sortKey(b.name) ? 1 : 0,
  );
}

/**
 * The health needs a family asks for, in the family's words (request form,
 * review, the caregiver's and the admin's order pages). They are CARE_SKILLS
 * codes, which caregivers read as skills in other words (CARE_SKILL_LABELS).
 */
export const HEALTH_NEED_LABELS: Record<CareSkill, string> = labels.healthNeed;

/** The family's words for a health need code; a code we do not know reads as itself. */
export function healthNeedLabel(code: string): string {
  return Object.hasOwn(HEALTH_NEED_LABELS, code) ? HEALTH_NEED_LABELS[code as CareSkill] : code;
}
