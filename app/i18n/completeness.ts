import { DEFAULT_LOCALE, type Locale, type MessageTree } from "./config";

// How complete each language is against English (the reference): the CI check
// (i18n/messages.test.ts) and the development page /dev/translations use it.

/** Every key of a message tree, as dotted paths, with its text. */
export function flattenMessages(tree: MessageTree, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") flat.set(path, value);
    else for (const [inner, text] of flattenMessages(value, path)) flat.set(inner, text);
  }
  return flat;
}

/**
 * Texts that read the same in every language: names and codes. Anything else
 * equal to the English is listed as possibly untranslated.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(["Tendly", "Error", "4.9/5"]);

export type LocaleGaps = {
  locale: Locale;
  namespace: string;
  /** In English, not in this language. */
  missing: string[];
  /** In this language, not in English (a key renamed or removed in one place only). */
  extra: string[];
  /** The same text as the English: possibly not translated yet. */
  untranslated: string[];
  /** {{placeholders}} or <tags> that differ from the English. */
  placeholderMismatches: string[];
};

const PLACEHOLDERS = /\{\{\s*[\w.]+\s*\}\}|<\/?[a-z]+\s*\/?>/gi;
const placeholdersOf = (text: string) => [...(text.match(PLACEHOLDERS) ?? [])].map((p) => p.replace(/\s/g, "")).sort();

/** The gaps of each language and namespace against English. */
export function findGaps(resources: Record<Locale, Record<string, MessageTree>>): LocaleGaps[] {
  const reference = resources[DEFAULT_LOCALE];
  const gaps: LocaleGaps[] = [];
  for (const locale of Object.keys(resources) as Locale[]) {
    if (locale === DEFAULT_LOCALE) continue;
    const namespaces = new Set([...Object.keys(reference), ...Object.keys(resources[locale])]);
    for (const namespace of namespaces) {
      const english = flattenMessages(reference[namespace] ?? {});
      const translated = flattenMessages(resources[locale][namespace] ?? {});
      const entry: LocaleGaps = {
        locale,
        namespace,
        missing: [...english.keys()].filter((key) => !translated.has(key)),
        extra: [...translated.keys()].filter((key) => !english.has(key)),
        untranslated: [],
        placeholderMismatches: [],
      };
      for (const [key, text] of translated) {
        const source = english.get(key);
        if (source === undefined) continue;
        if (text === source && !SAME_IN_EVERY_LANGUAGE.has(text) && /[a-z]{3}/i.test(text)) {
          entry.untranslated.push(key);
        }
        if (placeholdersOf(text).join() !== placeholdersOf(source).join()) entry.placeholderMismatches.push(key);
      }
      gaps.push(entry);
    }
  }
  return gaps;
}
