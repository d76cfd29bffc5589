import { describe, expect, test } from "vitest";
import {
  compareMatches,
  meetsRequiredPreferences,
  preferenceGaps,
  scoreCandidate,
  WEIGHTS,
  type ScoreCandidate,
  type ScorePreferences,
} from "./score";

const base: ScoreCandidate = {
  gender: "female",
  languages: ["en"],
  skills: [],
  cultures: [],
  ratingAvg: null,
  ratingCount: 0,
  yearsExperience: 0,
  distanceMiles: 5,
  travelRadiusMiles: 10,
  caredForClient: false,
};
const spanishDementia: ScorePreferences = {
  healthNeeds: ["dementia", "diabetes"],
  language: "es",
  caregiverGender: "female",
  culture: "latino",
};

const codes = (candidate: Partial<ScoreCandidate>) =>
  scoreCandidate({ ...base, ...candidate }, spanishDementia).reasons.map((reason) => reason.code);

describe("scoreCandidate", () => {
  test("the weights add up to 100", () => {
    expect(Object.values(WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
  });

  test("a perfect match scores 100 and says why in plain words", () => {
    const result = scoreCandidate(
      {
        ...base,
        languages: ["en", "es"],
        skills: ["dementia", "diabetes"],
        cultures: ["latino"],
        ratingAvg: 5,
        ratingCount: 12,
        yearsExperience: 12,
        distanceMiles: 0,
        caredForClient: true,
      },
      spanishDementia,
    );
    expect(result.score).toBe(100);
    expect(result.reasons).toEqual([
      { code: "cared-before" },
      { code: "speaks", language: "es" },
      { code: "skill", skill: "dementia" },
      { code: "skill", skill: "diabetes" },
      { code: "gender-asked", gender: "female" },
      { code: "shares-culture", culture: "latino" },
      { code: "rated", rating: 5, count: 12 },
      { code: "experience", years: 12 },
      { code: "distance", miles: 0 },
    ]);
  });

  test("each preference adds its weight; half the health needs covered is half the skills weight", () => {
    const none = scoreCandidate({ ...base, gender: "male", distanceMiles: 10 }, spanishDementia);
    expect(none.score).toBe(0);
    expect(none.reasons).toEqual([{ code: "distance", miles: 10 }]);
    const half = scoreCandidate({ ...base, gender: "male", distanceMiles: 10, skills: ["dementia"] }, spanishDementia);
    expect(half.score).toBe(WEIGHTS.skills / 2);
    const speaks = scoreCandidate({ ...base, gender: "male", distanceMiles: 10, languages: ["es"] }, spanishDementia);
    expect(speaks.score).toBe(WEIGHTS.language);
  });

  test("no preference for gender or health needs gives those weights to everyone", () => {
    const result = scoreCandidate(
      { ...base, distanceMiles: 10 },
      { healthNeeds: [], language: "en", caregiverGender: "no-preference", culture: "" },
    );
    expect(result.score).toBe(WEIGHTS.skills + WEIGHTS.gender + WEIGHTS.language);
  });

  test("a rating counts in proportion to reviews up to ten, and closer is better", () => {
    const few = scoreCandidate({ ...base, ratingAvg: 5, ratingCount: 2, distanceMiles: 10 }, spanishDementia);
    const many = scoreCandidate({ ...base, ratingAvg: 5, ratingCount: 20, distanceMiles: 10 }, spanishDementia);
    expect(many.score - few.score).toBeCloseTo(WEIGHTS.rating * 0.8, 1);
    const near = scoreCandidate({ ...base, distanceMiles: 1 }, spanishDementia);
    const far = scoreCandidate({ ...base, distanceMiles: 9 }, spanishDementia);
    expect(near.score).toBeGreaterThan(far.score);
  });

  test("a rating is a reason from 4.5 on, and experience from five years on", () => {
    expect(codes({ ratingAvg: 4.4, ratingCount: 3, yearsExperience: 4 })).not.toContain("rated");
    expect(codes({ ratingAvg: 4.5, ratingCount: 3 })).toContain("rated");
    expect(codes({ yearsExperience: 4 })).not.toContain("experience");
    expect(codes({ yearsExperience: 5 })).toContain("experience");
  });

  test("a preferred caregiver says so first, and the preference leaves the score as it was", () => {
    const plain = scoreCandidate({ ...base, languages: ["es"] }, spanishDementia);
    const preferred = scoreCandidate({ ...base, languages: ["es"], isPreferred: true }, spanishDementia);
    expect(preferred.reasons[0]).toEqual({ code: "preferred" });
    expect(preferred.reasons.slice(1)).toEqual(plain.reasons);
    expect(preferred.score).toBe(plain.score);
    expect(codes({})).not.toContain("preferred");
  });
});

describe("preferences not met", () => {
  test("each preference a caregiver does not meet is a gap, in the request's order", () => {
    const result = scoreCandidate({ ...base, gender: "male" }, spanishDementia);
    expect(result.gaps).toEqual([
      { code: "language", language: "es" },
      { code: "gender", gender: "female" },
      { code: "culture", culture: "latino" },
    ]);
    const met = scoreCandidate({ ...base, languages: ["es"], cultures: ["latino"] }, spanishDementia);
    expect(met.gaps).toEqual([]);
  });

  test("a caregiver whose gender we do not know does not meet a gender preference", () => {
    expect(preferenceGaps({ ...base, gender: null }, spanishDementia)).toContainEqual({
      code: "gender",
      gender: "female",
    });
  });

  test("no preference, no gap", () => {
    const none: ScorePreferences = { healthNeeds: [], language: "en", caregiverGender: "no-preference", culture: "" };
    expect(preferenceGaps({ ...base, gender: null, languages: ["en"] }, none)).toEqual([]);
  });

  test("a gap costs the preference's weight and nothing more", () => {
    const meets = scoreCandidate({ ...base, distanceMiles: 10, languages: ["es"] }, spanishDementia);
    const misses = scoreCandidate({ ...base, distanceMiles: 10 }, spanishDementia);
    expect(meets.score - misses.score).toBe(WEIGHTS.language);
  });
});

describe("meetsRequiredPreferences", () => {
  const male = { ...base, gender: "male", languages: ["en", "es"], cultures: ["latino"] };
  test("a preferred preference never leaves a caregiver out", () => {
    expect(meetsRequiredPreferences(male, spanishDementia)).toBe(true);
    expect(meetsRequiredPreferences(base, spanishDementia)).toBe(true);
  });

  test("a required one leaves out whoever does not meet it, and only that one", () => {
    expect(meetsRequiredPreferences(male, { ...spanishDementia, caregiverGenderRequired: true })).toBe(false);
    expect(meetsRequiredPreferences(male, { ...spanishDementia, languageRequired: true })).toBe(true);
    expect(meetsRequiredPreferences(base, { ...spanishDementia, languageRequired: true })).toBe(false);
    expect(meetsRequiredPreferences(base, { ...spanishDementia, cultureRequired: true })).toBe(false);
    expect(meetsRequiredPreferences(male, { ...spanishDementia, cultureRequired: true })).toBe(true);
  });

  test("a required 'no preference' asks for nothing", () => {
    const none: ScorePreferences = {
      healthNeeds: [],
      language: "en",
      caregiverGender: "no-preference",
      culture: "",
      caregiverGenderRequired: true,
      cultureRequired: true,
    };
    expect(meetsRequiredPreferences({ ...base, gender: null }, none)).toBe(true);
  });
});

describe("compareMatches", () => {
  test("a preferred caregiver ranks first whatever the scores, then the higher score, then the nearer", () => {
    const best = { isPreferred: false, score: 95, distanceMiles: 1 };
    const preferred = { isPreferred: true, score: 20, distanceMiles: 12 };
    const nearer = { isPreferred: false, score: 60, distanceMiles: 2 };
    const farther = { isPreferred: false, score: 60, distanceMiles: 8 };
    expect([nearer, best, farther, preferred].toSorted(compareMatches)).toEqual([preferred, best, nearer, farther]);
    const otherPreferred = { isPreferred: true, score: 40, distanceMiles: 3 };
    expect([preferred, otherPreferred].toSorted(compareMatches)).toEqual([otherPreferred, preferred]);
  });
});
