import type { Match } from "./match";
import type { MatchReason, ScoreParts } from "./score";

// Why a caregiver stands where they do in the family's list of matches (docs/product-rules.md, "Orders and
// offers"), from the same parts the score adds up (score.ts): the first is the best match and says what for; every
// other names the caregiver just above and what put them there, so that a nearer caregiver listed lower is never
// left unexplained. Codes and figures; the page words them (components/orders/match-reason-text.ts).

/** A score part one caregiver wins over another, in the words a family reads. */
export type RankAdvantage = keyof ScoreParts;

export type RankReason =
  /** A caregiver the family prefers or asked for: listed first whatever the score. */
  | { code: "preferred" }
  /** The first of the list: its strongest reasons (at most two) and its distance. */
  | { code: "best"; highlights: readonly MatchReason[]; miles: number }
  /**
   * Listed after `above` (the caregiver just above), who wins on `advantages` (largest first, at most two);
   * `isNearer` when this caregiver is nearer all the same.
   */
  | { code: "after"; above: string; advantages: readonly RankAdvantage[]; isNearer: boolean; miles: number };

/** A difference of points smaller than this is a tie on that part. */
const TIE = 0.05;
/** The parts a family reads as a strength of the best match (distance is said apart, always). */
const HIGHLIGHT_CODES: readonly MatchReason["code"][] = [
  "cared-before",
  "speaks",
  "skill",
  "gender-asked",
  "shares-culture",
  "rated",
  "experience",
];

type Ranked = Pick<Match, "isPreferred" | "scoreParts" | "reasons" | "distanceMiles"> & { name: string };

/** The reason for each place of a list already in its ranked order (score.ts compareMatches). */
export function rankReasons(matches: readonly Ranked[]): RankReason[] {
  return matches.map((match, index) => {
    if (match.isPreferred) return { code: "preferred" };
    const above = matches[index - 1];
    if (!above) {
      return {
        code: "best",
        highlights: match.reasons.filter((reason) => HIGHLIGHT_CODES.includes(reason.code)).slice(0, 2),
        miles: match.distanceMiles,
      };
    }
    const advantages = (Object.keys(match.scoreParts) as RankAdvantage[])
      .map((part) => ({ part, lead: above.scoreParts[part] - match.scoreParts[part] }))
      .filter(({ lead }) => lead > TIE)
      .sort((a, b) => b.lead - a.lead)
      .slice(0, 2)
      .map(({ part }) => part);
    // Equal scores: the nearer is listed first (compareMatches), which is then the one advantage.
    if (advantages.length === 0 && above.distanceMiles < match.distanceMiles) advantages.push("distance");
    return {
      code: "after",
      above: above.name,
      advantages,
      isNearer: match.distanceMiles < above.distanceMiles,
      miles: match.distanceMiles,
    };
  });
}
