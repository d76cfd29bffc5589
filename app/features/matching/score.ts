import { languageLabel } from "~/features/care-requests/care-labels";
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
};

export type ScorePreferences = {
  healthNeeds: string[];
  language: string;
  caregiverGender: string;
  culture: string;
};

// A match reason a family reads ("Dementia care experience"): a phrase of its own, not a skill's name.
const SKILL_REASONS: Record<CareSkill, string> = {
  dementia: "Dementia care experience",
  "mobility-transfers": "Mobility and transfer experience",
  diabetes: "Diabetes care experience",
  "post-surgery": "Post-surgery care experience",
  "hospice-support": "Hospice support experience",
  "medication-reminders": "Medication reminder experience",
};

function cultureName(id: string): string {
  return id
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export function formatMiles(miles: number): string {
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi away`;
}

export function scoreCandidate(
  candidate: ScoreCandidate,
  preferences: ScorePreferences,
): { score: number; reasons: string[] } {
  const reasons: string[] = [];
  let score = 0;

  if (candidate.caredForClient) {
    score += WEIGHTS.continuity;
    reasons.push("Has cared for you before");
  }
  if (candidate.languages.includes(preferences.language)) {
    score += WEIGHTS.language;
    reasons.push(`Speaks ${languageLabel(preferences.language)}`);
  }
  const needs = preferences.healthNeeds;
  const covered = needs.filter((need) => candidate.skills.includes(need));
  score += needs.length ? (WEIGHTS.skills * covered.length) / needs.length : WEIGHTS.skills;
  for (const need of covered) reasons.push(SKILL_REASONS[need as CareSkill] ?? `${cultureName(need)} experience`);

  if (preferences.caregiverGender === "no-preference") {
    score += WEIGHTS.gender;
  } else if (candidate.gender === preferences.caregiverGender) {
    score += WEIGHTS.gender;
    reasons.push(`${preferences.caregiverGender === "female" ? "Female" : "Male"} caregiver, as you asked`);
  }
  if (preferences.culture && candidate.cultures.includes(preferences.culture)) {
    score += WEIGHTS.culture;
    reasons.push(`Shares ${cultureName(preferences.culture)} culture`);
  }
  if (candidate.ratingAvg !== null && candidate.ratingCount > 0) {
    // A rating counts fully from 10 reviews on.
    const confidence = Math.min(candidate.ratingCount, 10) / 10;
    score += WEIGHTS.rating * (candidate.ratingAvg / 5) * confidence;
    if (candidate.ratingAvg >= 4.5) {
      reasons.push(
        `Rated ${candidate.ratingAvg.toFixed(1)} by ${candidate.ratingCount} ${candidate.ratingCount === 1 ? "family" : "families"}`,
      );
    }
  }
  score += (WEIGHTS.experience * Math.min(candidate.yearsExperience, 10)) / 10;
  if (candidate.yearsExperience >= 5) reasons.push(`${candidate.yearsExperience} years of experience`);

  const radius = Math.max(candidate.travelRadiusMiles, 1);
  score += WEIGHTS.distance * Math.max(0, 1 - candidate.distanceMiles / radius);
  reasons.push(formatMiles(candidate.distanceMiles));

  return { score: Math.round(score * 10) / 10, reasons };
}
