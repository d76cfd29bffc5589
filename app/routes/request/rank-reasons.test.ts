import { describe, expect, test } from "vitest";
import { getTranslate, labelsFor } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/config";
import { distanceText, rankReasonText } from "~/components/orders/match-reason-text";

// Why a caregiver stands where they do in the list, as the family reads it (features/matching/rank-reason.ts).

const words = (locale: Locale) => [getTranslate(locale, "request"), labelsFor(locale)] as const;

describe("rankReasonText", () => {
  test("the best match names its strongest reasons and its distance", () => {
    const reason = {
      code: "best",
      highlights: [{ code: "speaks", language: "es" }],
      miles: 1.6,
    } as const;
    expect(rankReasonText(reason, ...words("en"))).toBe("Best match: speaks Spanish, 1.6 mi away");
    expect(rankReasonText(reason, ...words("es"))).toBe(
      "La mejor opción: habla el idioma que pidió: español, a 1.6 millas",
    );
  });

  test("a nearer caregiver listed lower says who is above and why", () => {
    const reason = {
      code: "after",
      above: "Elena R.",
      advantages: ["language", "continuity"],
      isNearer: true,
      miles: 1.6,
    } as const;
    expect(rankReasonText(reason, ...words("en"))).toBe(
      "Nearer, but listed after Elena R., who speaks the language you asked for and has cared for you before",
    );
    expect(rankReasonText(reason, ...words("es"))).toBe(
      "Está más cerca, pero aparece después de Elena R., que habla el idioma que usted pidió y ya cuidó a su familia antes",
    );
    expect(rankReasonText({ ...reason, advantages: ["rating"], isNearer: false }, ...words("en"))).toBe(
      "Listed after Elena R., who is rated higher",
    );
    expect(rankReasonText({ ...reason, advantages: [] }, ...words("en"))).toBe("About as good a match as Elena R.");
  });

  test("a preferred caregiver, and a best match next door", () => {
    expect(rankReasonText({ code: "preferred" }, ...words("en"))).toBe("Listed first: your preferred caregiver");
    expect(rankReasonText({ code: "best", highlights: [], miles: 0 }, ...words("en"))).toBe(
      "Best match: less than 0.1 mi away",
    );
  });
});

describe("distanceText", () => {
  test("never 0.0: under a tenth of a mile says so, in both languages", () => {
    const [en] = words("en");
    const [es] = words("es");
    expect(distanceText(0.04, en)).toBe("Less than 0.1 mi away");
    expect(distanceText(0.04, es)).toBe("A menos de 0.1 millas");
    expect(distanceText(0.1, en)).toBe("0.1 mi away");
    expect(distanceText(4.7, en)).toBe("4.7 mi away");
  });
});
