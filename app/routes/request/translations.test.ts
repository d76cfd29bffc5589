import { describe, expect, test } from "vitest";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { scoreCandidate, type ScoreCandidate } from "~/features/matching/score";
import {
  computeQuote,
  promoProblem,
  type PricingModel,
  type PromoForQuote,
  type QuoteRequest,
} from "~/features/pricing/quote";
import { formatMoney } from "~/utils/money";
import { getTranslate, labelsFor, messageText } from "~/i18n/i18n.server";
import { quoteLineText } from "~/components/orders/care-quote";
import { matchReasonText } from "~/components/orders/match-reason-text";

// The quote's lines and the matches' reasons are codes with figures in the
// features; the pages word them in the reader's language.

const NOW = new Date("2026-11-23T10:00:00Z");
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");
const englishMoney = (cents: number) => formatMoney(cents + 0, "en");
/** An independent reading of US dollars from cents ("$1,234.56"), to hold formatMoney against. */
const usDollars = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}$${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
};
const spanishMoney = (cents: number) => plain(formatMoney(cents + 0, "es"));
// As features/pricing/quote.test.ts prices (the seed's defaults; a route's test may not import app/platform/db).
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
const tOf = (locale: "en" | "es") => getTranslate(locale, "request");

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

const inEnglish = (quote: (typeof QUOTES)[number]) =>
  quote.lines.map((line) => quoteLineText(line, tOf("en"), labelsFor("en"), englishMoney));
const distance = (miles: number) => matchReasonText({ code: "distance", miles }, tOf("en"), labelsFor("en"));

describe("quote lines", () => {
  test("read in English as the pricing rules state them", () => {
    const [simple, minimum, several, percent, fixed, recurring, firstWeek, fraction] = QUOTES.map(inEnglish);
    expect(simple).toEqual(["4 h × $34.00/h (Personal Care)", "Platform fee (5%)"]);
    expect(minimum).toEqual(["3 h × $28.00/h (Companionship, minimum 3 h per visit)", "Platform fee (5%)"]);
    expect(several).toEqual([
      "4 h × $30.00/h (Transportation rate, covers 3 services)",
      "Weekend rate ×1.15 (4 h)",
      "Overnight rate ×1.25, 22:00 to 06:00 (4 h)",
      "Platform fee (5%)",
    ]);
    expect(percent).toContain("Promo WELCOME10: 10% off");
    expect(percent).toContain("Overnight rate ×1.25, 22:00 to 06:00 (1.98 h)");
    expect(fixed).toContain("Promo SAVE25: $25.00 off");
    expect(recurring?.[0]).toBe("6 h × $28.00/h (Companionship rate, covers 2 services, minimum 3 h per visit)");
    expect(firstWeek).toContain("Promo FIRSTWEEK: $1,500.00 off the first week");
    expect(fraction).toContain("Promo HALF: 12.5% off");
    for (const quote of QUOTES) {
      for (const line of quote.lines) expect(englishMoney(line.amountCents)).toBe(usDollars(line.amountCents));
      expect(englishMoney(quote.totalCents)).toBe(usDollars(quote.totalCents));
    }
  });

  test("read in Spanish", () => {
    const t = tOf("es");
    const labels = labelsFor("es");
    const money = spanishMoney;
    const [simple, minimum, several] = QUOTES;
    expect(quoteLineText(simple!.lines[0]!, t, labels, money)).toBe("4 h × $34.00/h (Cuidado personal)");
    expect(quoteLineText(minimum!.lines[0]!, t, labels, money)).toContain("mínimo 3 h por visita");
    expect(quoteLineText(several!.lines[0]!, t, labels, money)).toContain("incluye 3 servicios");
    for (const quote of QUOTES) {
      const spanish = quote.lines.map((line) => quoteLineText(line, t, labels, money));
      for (const [index, text] of inEnglish(quote).entries()) expect(spanish[index]).not.toBe(text);
    }
  });

  test("a line stored before lines carried figures reads as it was stored", () => {
    const stored = { kind: "care" as const, label: "Care (old form)", amountCents: 100 };
    expect(quoteLineText(stored, tOf("es"), labelsFor("es"), String)).toBe("Care (old form)");
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
      const spanish = messageText("es", { key: problem! });
      expect(spanish).not.toBe(messageText("en", { key: problem! }));
      expect(spanish).not.toBe(problem);
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

  test("read in English", () => {
    const t = tOf("en");
    expect(reasons.map((reason) => matchReasonText(reason, t, labelsFor("en")))).toEqual([
      "Has cared for you before",
      "Speaks Spanish",
      "Dementia care experience",
      "Diabetes care experience",
      "Female caregiver, as you asked",
      "Shares East African culture",
      "Rated 4.8 by 12 families",
      "7 years of experience",
      "3.2 mi away",
    ]);
  });

  test("read in Spanish, every one", () => {
    const spanish = reasons.map((reason) => matchReasonText(reason, tOf("es"), labelsFor("es")));
    const english = reasons.map((reason) => matchReasonText(reason, tOf("en"), labelsFor("en")));
    expect(spanish).toContain("Habla el idioma que pidió: español");
    expect(spanish).toContain("Cultura compartida: Africana oriental");
    expect(spanish).toContain("A 3.2 millas");
    for (const [index, text] of english.entries()) expect(spanish[index]).not.toBe(text);
  });

  test("distances read like a person would say them", () => {
    expect(distance(2.44)).toBe("2.4 mi away");
    expect(distance(12.6)).toBe("13 mi away");
    // Not "0.0 mi away" for a caregiver next door.
    expect(distance(0.02)).toBe("Less than 0.1 mi away");
    expect(distance(0.09)).toBe("Less than 0.1 mi away");
    expect(matchReasonText({ code: "distance", miles: 0 }, tOf("es"), labelsFor("es"))).toBe("A menos de 0.1 millas");
  });
});
