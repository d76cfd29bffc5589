import type { MatchReason, PreferenceGap, ScoreParts } from "./score";

// One ranked caregiver for a care request, as the family sees it (no health data, last initial only).
export type Match = {
  caregiverId: string;
  slug: string;
  firstName: string;
  lastInitial: string;
  photoUrl: string | null;
  ratingAvg: number | null;
  ratingCount: number;
  languages: string[];
  distanceMiles: number;
  yearsExperience: number;
  score: number;
  /** The points under each weight (score.ts): what ranks this caregiver above or below another (rank-reason.ts). */
  scoreParts: ScoreParts;
  /** The family marked this caregiver as preferred or asked for them: ranked first (score.ts compareMatches). */
  isPreferred: boolean;
  /** Why this caregiver matches: codes and figures, worded by the page (components/orders/match-reason-text.ts). */
  reasons: MatchReason[];
  /** The family's preferences this caregiver does not meet (only preferred ones: required ones filter). */
  gaps: PreferenceGap[];
};
