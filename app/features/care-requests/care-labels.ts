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

/** The name of a language code; a code we do not know reads as the code in capitals ("XX"). */
export function languageLabel(code: string): string {
  return Object.hasOwn(LANGUAGE_LABELS, code) ? LANGUAGE_LABELS[code as LanguageCode] : code.toUpperCase();
}

/** Languages a family can ask for, in the order the request form lists them. */
export const CARE_LANGUAGES = [
  "en",
  "es",
  "zh",
  "vi",
  "tl",
  "ko",
  "ru",
  "uk",
  "pl",
  "ar",
  "fa",
  "hi",
  "bn",
  "gu",
  "fr",
  "ht",
  "pt",
  "it",
  "ja",
  "he",
  "yo",
  "sw",
  "so",
] as const satisfies readonly LanguageCode[];
export type CareLanguage = (typeof CARE_LANGUAGES)[number];

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
