import type { RankReason } from "~/features/matching/rank-reason";
import type { MatchReason, PreferenceGap } from "~/features/matching/score";
import type { Translate } from "~/i18n/config";
import type { Labels } from "~/i18n/labels";

/** A distance as a person says it: "2.4" under ten miles, whole miles beyond, "<0.1" for one that would read "0.0". */
export function milesFigure(miles: number): string {
  if (miles < 0.1) return "<0.1";
  return miles < 10 ? miles.toFixed(1) : String(Math.round(miles));
}

/** "2.4 mi away", or "Less than 0.1 mi away" for one that would read "0.0". */
export function distanceText(miles: number, t: Translate, figure = milesFigure(miles)): string {
  return miles < 0.1 ? t("match.distanceUnder") : t("match.distance", { miles: figure });
}

const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);

/**
 * Why a caregiver stands where they do in the list (features/matching/rank-reason.ts), in the reader's language:
 * "Best match: speaks Spanish, 1.6 mi away"; "Nearer, but listed after Elena R., who speaks the language you asked
 * for".
 */
export function rankReasonText(reason: RankReason, t: Translate, labels: Labels): string {
  switch (reason.code) {
    case "preferred":
      return t("match.rank.preferred");
    case "best": {
      const parts = [...reason.highlights, { code: "distance", miles: reason.miles } as const];
      return t("match.rank.best", {
        reasons: parts.map((part) => lowerFirst(matchReasonText(part, t, labels))).join(", "),
      });
    }
    case "after": {
      if (reason.advantages.length === 0) return t("match.rank.afterEqual", { name: reason.above });
      const advantages = reason.advantages
        .map((advantage) => t(`match.rank.advantage.${advantage}`))
        .join(t("match.rank.and"));
      return t(reason.isNearer ? "match.rank.afterNearer" : "match.rank.after", { name: reason.above, advantages });
    }
  }
}

/**
 * Why a caregiver matches, in the reader's language: `t` of the `request`
 * namespace and the labels of the same language (docs/architecture.md,
 * "Translations"). The matching gives a code and its figures.
 */
export function matchReasonText(reason: MatchReason, t: Translate, labels: Labels): string {
  switch (reason.code) {
    case "preferred":
      return t("match.reason.preferred");
    case "cared-before":
      return t("match.reason.caredBefore");
    case "speaks":
      // Inside a sentence: "Habla el idioma que pidió: español" (labels.languageList writes it so).
      return t("match.reason.speaks", { language: labels.languageList([reason.language]) });
    case "skill":
      return t(`match.reason.skill.${reason.skill}`);
    case "gender-asked":
      return t(reason.gender === "female" ? "match.reason.femaleAsked" : "match.reason.maleAsked");
    case "shares-culture":
      return t("match.reason.sharesCulture", { culture: t(`culture.${reason.culture}`) });
    case "rated":
      return t("match.reason.rated", { rating: reason.rating.toFixed(1), count: reason.count });
    case "experience":
      return t("match.reason.years", { count: reason.years });
    case "distance":
      return distanceText(reason.miles, t);
  }
}

/**
 * A preference of the family a caregiver does not meet, in the reader's language (`t` of the
 * `request` namespace): the card shows it beside the reasons, so that no preference is passed over
 * without a word.
 */
export function preferenceGapText(gap: PreferenceGap, t: Translate, labels: Labels): string {
  switch (gap.code) {
    case "language":
      // Named as the "speaks" reason names it, so the two read alike.
      return t("match.gap.language", { language: labels.languageList([gap.language]) });
    case "gender":
      return t(gap.gender === "female" ? "match.gap.female" : "match.gap.male");
    case "culture":
      return t("match.gap.culture", { culture: t(`culture.${gap.culture}`, { defaultValue: gap.culture }) });
  }
}
