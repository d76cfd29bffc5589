import { LANGUAGE_LABELS } from "~/features/care-requests/care-labels";
import type { Locale } from "~/i18n/config";
import { labelsFor, localizeText, type ServerT } from "~/i18n/i18n.server";
import type { Labels } from "~/i18n/labels";

const LANGUAGE_CODE_OF = new Map(Object.entries(LANGUAGE_LABELS).map(([code, name]) => [name, code]));

/** The reasons with figures or names in them (features/matching/score.ts), each read back from its form. */
const PATTERNS: { form: RegExp; say: (parts: string[], t: ServerT, labels: Labels) => string }[] = [
  {
    form: /^Speaks (.+)$/,
    say: ([name = ""], t, labels) => {
      const code = LANGUAGE_CODE_OF.get(name);
      return t("match.reason.speaks", { language: code ? labels.language(code) : name });
    },
  },
  {
    // features/matching/score.ts names a culture by its id in capitals ("east-african" is "East African").
    form: /^Shares (.+) culture$/,
    say: ([name = ""], t) => {
      const id = name.toLowerCase().replaceAll(" ", "-");
      return t("match.reason.sharesCulture", { culture: t(`culture.${id}`, { defaultValue: name }) });
    },
  },
  {
    form: /^Rated (\d+(?:\.\d+)?) by (\d+) famil(?:y|ies)$/,
    say: ([rating, count], t) => t("match.reason.rated", { rating, count: Number(count) }),
  },
  {
    form: /^(\d+) years of experience$/,
    say: ([count], t) => t("match.reason.years", { count: Number(count) }),
  },
  {
    form: /^(\d+(?:\.\d+)?) mi away$/,
    say: ([miles], t) => t("match.distance", { miles }),
  },
];

/**
 * Why a caregiver matches, in the reader's language (`t` of the `request`
 * namespace in `locale`): the matching gives its reasons in English; fixed
 * phrases are found by their text (localizeText), the others by their form.
 * A reason of no known form stays as it is.
 */
export function localizeReason(reason: string, locale: Locale, t: ServerT): string {
  for (const { form, say } of PATTERNS) {
    const found = form.exec(reason);
    if (found) return say(found.slice(1), t, labelsFor(locale));
  }
  return localizeText(locale, reason);
}
