import { describe, expect, test } from "vitest";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { scoreCandidate, type ScoreCandidate } from "~/features/matching/score";
import {
  computeQuote,
  formatCents,
  promoProblem,
  type PricingModel,
  type PromoForQuote,
  type QuoteRequest,
} from "~/features/pricing/quote";
import type { Translate } from "~/i18n/config";
import { formatMoney } from "~/i18n/format";
import { getFixedT, labelsFor, localizeText } from "~/i18n/i18n.server";
import { quoteLineText } from "~/routes/shared/care-quote";
import { localizeReason } from "./match-reasons.server";

// The quote's lines and the matches' reasons are kept in English by the
// features; the wizard shows them in the reader's language. In English they
// must read exactly as the features write them.

const NOW = new Date("2026-11-23T10:00:00Z");
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");
const englishMoney = (cents: number) => formatMoney(cents + 0, "en");
const spanishMoney = (cents: number) => plain(formatMoney(cents + 0, "es"));
// As features/pricing/quote.test.ts prices (the seed's defaults).
const PRICING: PricingModel = {
  serviceRatesCents: {
    "personal-care": 3400,
    companionship: 2800,
    housekeeping: 2700,
    "meal-preparation": 2800,
    transportation: 3000,
  },
  caregiverPayPercent: 70,
  weekendMultiplier: 1.15,
  overnightMultiplier: 1.25,
  minimumHoursPerVisit: 3,
  platformFeePercent: 5,
};
const tOf = (locale: "en" | "es") => getFixedT(locale, "request") as unknown as Translate;

function linesOf(request: QuoteRequest, promo: PromoForQuote | null = null) {
  return computeQuote({ request, pricing: PRICING, promo, now: NOW });
}

const oneTime = (startTime: string, endTime: string, startDate = "2026-12-01", services = ["personal-care"]) =>
  ({ serviceTypes: services, scheduleType: "one-time", startDate, startTime, endTime }) as QuoteRequest;
const weekly: QuoteRequest = {
  serviceTypes: ["companionship", "housekeeping"],
  scheduleType: "recurring",
  startDate: "2026-12-01",
  endDate: "2027-02-01",
  weeklySchedule: { ...EMPTY_WEEK, 0: [{ start: "09:00", end: "10:00" }], 5: [{ start: "21:00", end: "23:30" }] },
};
const QUOTES = [
  linesOf(oneTime("09:00", "13:00")),
  linesOf(oneTime("10:00", "11:30", "2026-12-01", ["companionship"])),
  linesOf(oneTime("00:00", "04:00", "2026-12-06", ["housekeeping", "transportation", "companionship"])),
  linesOf(oneTime("20:00", "23:59"), { code: "WELCOME10", kind: "percent", amount: 10 }),
  linesOf(oneTime("09:00", "17:00"), { code: "SAVE25", kind: "fixed", amount: 2500 }),
  linesOf(weekly),
  linesOf(weekly, { code: "FIRSTWEEK", kind: "fixed", amount: 150_000 }),
  linesOf(weekly, { code: "HALF", kind: "percent", amount: 12.5 }),
];

describe("quote lines", () => {
  test("read in English exactly as the quote keeps them", () => {
    const t = tOf("en");
    const labels = labelsFor("en");
    const money = englishMoney;
    for (const quote of QUOTES) {
      for (const line of quote.lines) {
        expect(quoteLineText(line, quote, t, labels, money)).toBe(line.label);
        expect(money(line.amountCents)).toBe(formatCents(line.amountCents));
      }
      expect(money(quote.totalCents)).toBe(formatCents(quote.totalCents));
    }
  });

  test("read in Spanish", () => {
    const t = tOf("es");
    const labels = labelsFor("es");
    const money = spanishMoney;
    const [simple, minimum, several] = QUOTES;
    expect(quoteLineText(simple!.lines[0]!, simple!, t, labels, money)).toBe("4 h × $34.00/h (Cuidado personal)");
    expect(quoteLineText(minimum!.lines[0]!, minimum!, t, labels, money)).toContain("mínimo 3 h por visita");
    expect(quoteLineText(several!.lines[0]!, several!, t, labels, money)).toContain("incluye 3 servicios");
    const texts = QUOTES.flatMap((quote) => quote.lines.map((line) => quoteLineText(line, quote, t, labels, money)));
    expect(texts.filter((text) => QUOTES.some((quote) => quote.lines.some((line) => line.label === text)))).toEqual([]);
  });

  test("a line in an unknown form reads as it was stored", () => {
    const quote = QUOTES[0]!;
    const odd = { kind: "care" as const, label: "Care (old form)", amountCents: 100 };
    expect(quoteLineText(odd, quote, tOf("es"), labelsFor("es"), String)).toBe("Care (old form)");
  });

  test("promo code refusals have their Spanish", () => {
    const promo = { code: "X", kind: "percent" as const, amount: 5, active: true, validFrom: null, validUntil: null };
    const problems = [
      promoProblem(null, NOW),
      promoProblem({ ...promo, validFrom: new Date("2027-01-01"), usageCap: null, timesUsed: 0 }, NOW),
      promoProblem({ ...promo, validUntil: new Date("2026-01-01"), usageCap: null, timesUsed: 0 }, NOW),
      promoProblem({ ...promo, usageCap: 1, timesUsed: 1 }, NOW),
    ];
    for (const problem of problems) {
      expect(problem).toBeTruthy();
      expect(localizeText("es", problem!)).not.toBe(problem);
    }
  });
});

describe("match reasons", () => {
  const candidate: ScoreCandidate = {
    gender: "female",
    languages: ["es", "en"],
    skills: ["dementia", "diabetes"],
    cultures: ["east-african"],
    ratingAvg: 4.75,
    ratingCount: 12,
    yearsExperience: 7,
    distanceMiles: 3.24,
    travelRadiusMiles: 20,
    caredForClient: true,
  };
  const { reasons } = scoreCandidate(candidate, {
    healthNeeds: ["dementia", "diabetes"],
    language: "es",
    caregiverGender: "female",
    culture: "east-african",
  });

  test("read in English exactly as the matching writes them", () => {
    const t = getFixedT("en", "request");
    expect(reasons.length).toBeGreaterThan(6);
    for (const reason of reasons) expect(localizeReason(reason, "en", t)).toBe(reason);
  });

  test("read in Spanish, every one", () => {
    const t = getFixedT("es", "request");
    const spanish = reasons.map((reason) => localizeReason(reason, "es", t));
    expect(spanish).toContain("Habla el idioma que pidió: Español");
    expect(spanish).toContain("Cultura compartida: Africana oriental");
    expect(spanish).toContain("A 3.2 millas");
    for (const [index, reason] of reasons.entries()) expect(spanish[index]).not.toBe(reason);
  });
});
