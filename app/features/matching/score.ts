import type { CareSkill } from "~/utils/services";

// The weighted score of a caregiver who passed the hard filters, with the
// reasons a family reads. Weights add up to 100.

export const WEIGHTS = {
  skills: 25,
  language: 20,
  continuity: 15,
  gender: 10,
  culture: 10,
  rating: 8,
  experience: 6,
  distance: 6,
} as const;

export type ScoreCandidate = {
  gender: string | null;
  languages: string[];
  skills: string[];
  cultures: string[];
  ratingAvg: number | null;
  ratingCount: number;
  yearsExperience: number;
  distanceMiles: number;
  travelRadiusMiles: number;
  /** This caregiver already cared for this client (a confirmed, started or completed order). */
  caredForClient: boolean;
  /**
   * The family marked this caregiver as preferred (preferred_caregivers), or asked for them in this
   * request ("Request again", "Request this caregiver"): ranked first among those who pass the hard filters.
   */
  isPreferred?: boolean;
};

export type ScorePreferences = {
  healthNeeds: string[];
  language: string;
  caregiverGender: string;
  culture: string;
  /**
   * A required preference is a hard filter (matching.server.ts), so every caregiver scored meets it; a
   * preferred one only ranks, and a caregiver who does not meet it is told as a gap.
   */
  languageRequired?: boolean;
  caregiverGenderRequired?: boolean;
  cultureRequired?: boolean;
};

/** A preference of the family this caregiver does not meet: the card says so (components/orders/match-reason-text.ts). */
export type PreferenceGap =
  | { code: "language"; language: string }
  | { code: "gender"; gender: "female" | "male" }
  | { code: "culture"; culture: string };

/**
 * Why a caregiver matches, as a code and its figures; the page words it in the
 * reader's language (components/orders/match-reason-text.ts).
 */
export type MatchReason =
  /** The family's preferred caregiver (always the first reason). */
  | { code: "preferred" }
  | { code: "cared-before" }
  | { code: "speaks"; language: string }
  /** A health need this caregiver has experience with. */
  | { code: "skill"; skill: CareSkill }
  | { code: "gender-asked"; gender: "female" | "male" }
  | { code: "shares-culture"; culture: string }
  | { code: "rated"; rating: number; count: number }
  | { code: "experience"; years: number }
  | { code: "distance"; miles: number };

/** The points a caregiver earned under each weight: what the score adds up, and what ranks one above another. */
export type ScoreParts = Record<keyof typeof WEIGHTS, number>;

export function scoreCandidate(
  candidate: ScoreCandidate,
  preferences: ScorePreferences,
): { score: number; reasons: MatchReason[]; gaps: PreferenceGap[]; parts: ScoreParts } {
  const reasons: MatchReason[] = candidate.isPreferred ? [{ code: "preferred" }] : [];
  const gaps = preferenceGaps(candidate, preferences);
  const parts: ScoreParts = {
    skills: 0,
    language: 0,
    continuity: 0,
    gender: 0,
    culture: 0,
    rating: 0,
    experience: 0,
    distance: 0,
  };

  if (candidate.caredForClient) {
    parts.continuity = WEIGHTS.continuity;
    reasons.push({ code: "cared-before" });
  }
  if (candidate.languages.includes(preferences.language)) {
    parts.language = WEIGHTS.language;
    reasons.push({ code: "speaks", language: preferences.language });
  }
  const needs = preferences.healthNeeds;
  const covered = needs.filter((need) => candidate.skills.includes(need));
  parts.skills = needs.length ? (WEIGHTS.skills * covered.length) / needs.length : WEIGHTS.skills;
  for (const need of covered) reasons.push({ code: "skill", skill: need as CareSkill });

  if (preferences.caregiverGender === "no-preference") {
    parts.gender = WEIGHTS.gender;
  } else if (candidate.gender === preferences.caregiverGender) {
    parts.gender = WEIGHTS.gender;
    reasons.push({ code: "gender-asked", gender: preferences.caregiverGender === "female" ? "female" : "male" });
  }
  if (preferences.culture && candidate.cultures.includes(preferences.culture)) {
    parts.culture = WEIGHTS.culture;
    reasons.push({ code: "shares-culture", culture: preferences.culture });
  }
  if (candidate.ratingAvg !== null && candidate.ratingCount > 0) {
    // A rating counts fully from 10 reviews on.
    const confidence = Math.min(candidate.ratingCount, 10) / 10;
    parts.rating = WEIGHTS.rating * (candidate.ratingAvg / 5) * confidence;
    if (candidate.ratingAvg >= 4.5) {
      reasons.push({ code: "rated", rating: candidate.ratingAvg, count: candidate.ratingCount });
    }
  }
  parts.experience = (WEIGHTS.experience * Math.min(candidate.yearsExperience, 10)) / 10;
  if (candidate.yearsExperience >= 5) reasons.push({ code: "experience", years: candidate.yearsExperience });

  const radius = Math.max(candidate.travelRadiusMiles, 1);
  parts.distance = WEIGHTS.distance * Math.max(0, 1 - candidate.distanceMiles / radius);
  reasons.push({ code: "distance", miles: candidate.distanceMiles });

  const score = Object.values(parts).reduce((sum, points) => sum + points, 0);
  return { score: Math.round(score * 10) / 10, reasons, gaps, parts };
}

/**
 * The family's preferences this caregiver does not meet, in the order the request asks them: the
 * language, the caregiver's gender (one whose gender we do not know does not meet it), the culture.
 */
export function preferenceGaps(
  candidate: Pick<ScoreCandidate, "gender" | "languages" | "cultures">,
  preferences: ScorePreferences,
): PreferenceGap[] {
  const gaps: PreferenceGap[] = [];
  if (preferences.language && !candidate.languages.includes(preferences.language)) {
    gaps.push({ code: "language", language: preferences.language });
  }
  const gender = preferences.caregiverGender;
  if ((gender === "female" || gender === "male") && candidate.gender !== gender) gaps.push({ code: "gender", gender });
  if (preferences.culture && !candidate.cultures.includes(preferences.culture)) {
    gaps.push({ code: "culture", culture: preferences.culture });
  }
  return gaps;
}

/**
 * Whether a caregiver meets every preference the family made required: the rule the matching query
 * applies in SQL (matching.server.ts), for code that holds a caregiver already.
 */
export function meetsRequiredPreferences(
  candidate: Pick<ScoreCandidate, "gender" | "languages" | "cultures">,
  preferences: ScorePreferences,
): boolean {
  return preferenceGaps(candidate, preferences).every(
    (gap) =>
      !(
        (gap.code === "language" && preferences.languageRequired) ||
        (gap.code === "gender" && preferences.caregiverGenderRequired) ||
        (gap.code === "culture" && preferences.cultureRequired)
      ),
  );
}

/** What the ranking compares: a preference, the score, the distance. */
export type Ranked = { isPreferred: boolean; score: number; distanceMiles: number };

/**
 * The ranking: a caregiver the family prefers comes first (the score does not
 * change: a preference is the family's choice, not a better fit), then the
 * higher score, then the nearer caregiver.
 */
export function compareMatches(a: Ranked, b: Ranked): number {
  return Number(b.isPreferred) - Number(a.isPreferred) || b.score - a.score || a.distanceMiles - b.distanceMiles;
}
