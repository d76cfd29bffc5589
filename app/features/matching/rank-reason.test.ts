import { describe, expect, test } from "vitest";
import { rankReasons } from "./rank-reason";
import { compareMatches, scoreCandidate, type ScoreCandidate, type ScorePreferences } from "./score";

// The issue a family met: a caregiver 4.7 mi away listed above one 1.6 mi away, with no reason shown.

const wants: ScorePreferences = {
  healthNeeds: ["dementia"],
  language: "es",
  caregiverGender: "no-preference",
  culture: "",
};
const base: ScoreCandidate = {
  gender: "female",
  languages: ["en"],
  skills: ["dementia"],
  cultures: [],
  ratingAvg: null,
  ratingCount: 0,
  yearsExperience: 2,
  distanceMiles: 3,
  travelRadiusMiles: 10,
  caredForClient: false,
};

function ranked(candidates: (Partial<ScoreCandidate> & { name: string })[]) {
  return candidates
    .map(({ name, ...candidate }) => {
      const scored = scoreCandidate({ ...base, ...candidate }, wants);
      return {
        name,
        isPreferred: Boolean(candidate.isPreferred),
        score: scored.score,
        scoreParts: scored.parts,
        reasons: scored.reasons,
        distanceMiles: candidate.distanceMiles ?? base.distanceMiles,
      };
    })
    .sort(compareMatches);
}

describe("rankReasons", () => {
  test("the farther caregiver who speaks the family's language is the best match, and the nearer one says why it is second", () => {
    const list = ranked([
      { name: "Ana P.", distanceMiles: 1.6 },
      { name: "Elena R.", distanceMiles: 4.7, languages: ["en", "es"] },
    ]);
    expect(list.map((match) => match.name)).toEqual(["Elena R.", "Ana P."]);
    const [best, second] = rankReasons(list);
    expect(best).toEqual({
      code: "best",
      highlights: [
        { code: "speaks", language: "es" },
        { code: "skill", skill: "dementia" },
      ],
      miles: 4.7,
    });
    expect(second).toEqual({
      code: "after",
      above: "Elena R.",
      advantages: ["language"],
      isNearer: true,
      miles: 1.6,
    });
  });

  test("the parts where the caregiver above leads most come first, two at most", () => {
    const [, second] = rankReasons(
      ranked([
        { name: "Ana P.", distanceMiles: 1 },
        { name: "Elena R.", distanceMiles: 1, languages: ["es"], caredForClient: true, yearsExperience: 8 },
      ]),
    );
    expect(second).toMatchObject({ code: "after", above: "Elena R.", advantages: ["language", "continuity"] });
    expect(second).toMatchObject({ isNearer: false });
  });

  test("equal scores: the nearer is listed first, which is the reason given", () => {
    // Wide radii make the distance part equal to a tenth of a point; the tie-break is then the distance itself.
    const list = ranked([
      { name: "Far", distanceMiles: 2.01, travelRadiusMiles: 100_000 },
      { name: "Near", distanceMiles: 2, travelRadiusMiles: 100_000 },
    ]);
    expect(rankReasons(list)[1]).toMatchObject({ code: "after", above: "Near", advantages: ["distance"] });
  });

  test("the family's preferred caregiver is listed first for that reason alone", () => {
    const list = ranked([
      { name: "Elena R.", languages: ["es"] },
      { name: "Jordan A.", isPreferred: true },
    ]);
    expect(rankReasons(list).map((reason) => reason.code)).toEqual(["preferred", "after"]);
  });

  test("a best match with nothing but its distance says only that", () => {
    const [only] = rankReasons(ranked([{ name: "Ana P.", skills: [], distanceMiles: 0.04 }]));
    expect(only).toEqual({ code: "best", highlights: [], miles: 0.04 });
  });
});
