import { dateTimeFormat } from "~/utils/intl-formats";
import { INTL_LOCALES, type Locale, type Translate } from "./config";

// The names of codes (services, skills, health needs, languages, statuses)
// in one language, from the `labels` namespace. The features keep the English
// names beside their codes; these are the same names in the reader's language.
// A code with no message (an old row) reads as itself, as the features' helpers do.

export type Labels = {
  locale: Locale;
  service: (id: string) => string;
  skill: (code: string) => string;
  healthNeed: (code: string) => string;
  /** A language's name; a code we do not know reads "Another language", never the code. */
  language: (code: string) => string;
  /** The names of the languages we know, in their order; unknown codes are left out. */
  languages: (codes: readonly string[]) => string[];
  /**
   * The same names inside a sentence, joined: "English, Spanish"; Spanish writes them in lower case
   * there ("inglés, español").
   */
  languageList: (codes: readonly string[]) => string;
  orderStatus: (status: string) => string;
  /** An order status inside a sentence ("offered to a caregiver"). */
  orderStatusWords: (status: string) => string;
  visitStatus: (status: string) => string;
  visitStatusWords: (status: string) => string;
  offerStatus: (status: string) => string;
  caregiverStatus: (status: string) => string;
  queue: (status: string) => string;
  backgroundCheck: (status: string) => string;
  /** A contact form topic (features/support CONTACT_TOPICS). */
  contactTopic: (topic: string) => string;
  /** A weekday's name, 0 = Monday as in the schedules and availability: "Monday", "Lunes". */
  weekday: (index: number | string) => string;
  /** Its short name: "Mon", "Lun". */
  weekdayShort: (index: number | string) => string;
};

const same = (code: string) => code;
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const weekdayNamesKept = new Map<string, readonly string[]>();

/** Weekday names from Intl, Monday first, starting with a capital as a label does (made once per language). */
function weekdayNames(locale: Locale, width: "long" | "short"): readonly string[] {
  const key = `${locale}:${width}`;
  const known = weekdayNamesKept.get(key);
  if (known) return known;
  const intlLocale = INTL_LOCALES[locale];
  const format = dateTimeFormat(intlLocale, { weekday: width, timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  const names = Array.from({ length: 7 }, (_, weekday) => {
    const name = format.format(new Date(Date.UTC(2024, 0, 1 + weekday))).replace(/\.$/, "");
    return name.charAt(0).toLocaleUpperCase(intlLocale) + name.slice(1);
  });
  weekdayNamesKept.set(key, names);
  return names;
}

/** Labels read through `t` of the `labels` namespace in `locale`. */
export function labelsWith(t: Translate, locale: Locale): Labels {
  const of = (group: string, fallback: (code: string) => string) => (code: string) =>
    t(`${group}.${code}`, { defaultValue: fallback(code) });
  // A code is two letters (ISO 639-1), so nothing else ("toString") reaches the message lookup.
  const isKnownLanguage = (code: string) =>
    /^[a-z]{2}$/.test(code) && t(`language.${code}`, { defaultValue: "" }) !== "";
  const languages = (codes: readonly string[]) =>
    codes.filter(isKnownLanguage).map((code) => t(`language.${code}`, { defaultValue: code }));
  const long = weekdayNames(locale, "long");
  const short = weekdayNames(locale, "short");
  return {
    locale,
    weekday: (index) => long[Number(index)] ?? String(index),
    weekdayShort: (index) => short[Number(index)] ?? String(index),
    service: of("service", same),
    skill: of("skill", same),
    healthNeed: of("healthNeed", same),
    language: (code) => (isKnownLanguage(code) ? t(`language.${code}`) : t("otherLanguage")),
    languages,
    languageList: (codes) =>
      languages(codes)
        .map((name) => (locale === "en" ? name : name.toLocaleLowerCase(INTL_LOCALES[locale])))
        .join(", "),
    orderStatus: of("orderStatus", same),
    orderStatusWords: (status) => lowerFirst(of("orderStatus", same)(status)),
    visitStatus: of("visitStatus", same),
    visitStatusWords: (status) => lowerFirst(of("visitStatus", same)(status)),
    offerStatus: of("offerStatus", same),
    caregiverStatus: of("caregiverStatus", same),
    queue: of("queue", same),
    backgroundCheck: of("backgroundCheck", same),
    contactTopic: of("contactTopic", same),
  };
}
