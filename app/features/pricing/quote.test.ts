import { describe, expect, test } from "vitest";
import { DEFAULT_PRICING } from "~/platform/db/seed/pricing-defaults";
import { EMPTY_WEEK } from "~/features/care-requests/public";
import { roundCents } from "~/utils/money";
import {
  computeQuote,
  overnightMinutes,
  promoProblem,
  weekdayOf,
  type PricingModel,
  type PromoRecord,
  type QuoteRequest,
} from "./quote";

const PRICING: PricingModel = DEFAULT_PRICING;
const NOW = new Date("2026-11-23T10:00:00Z");

// 2026-12-01 is a Tuesday, 2026-12-05 a Saturday.
function oneTime(
  startTime: string,
  endTime: string,
  startDate = "2026-12-01",
  services: QuoteRequest["serviceTypes"] = ["personal-care"],
): QuoteRequest {
  return { serviceTypes: services, scheduleType: "one-time", startDate, startTime, endTime };
}

function quote(request: QuoteRequest, promo: Parameters<typeof computeQuote>[0]["promo"] = null, pricing = PRICING) {
  return computeQuote({ request, pricing, promo, now: NOW });
}

describe("computeQuote, one-time care", () => {
  test("a weekday daytime visit: hours × the service rate, then a 5% platform fee", () => {
    const result = quote(oneTime("09:00", "13:00"));
    expect(result.period).toBe("total");
    expect(result.subtotalCents).toBe(4 * 3400);
    expect(result.platformFeeCents).toBe(680);
    expect(result.totalCents).toBe(13_600 + 680);
    expect(result.lines.map((line) => line.kind)).toEqual(["care", "platform_fee"]);
    expect(result.lines[0]?.figures).toEqual({
      billedMinutes: 240,
      rateCents: 3400,
      service: "personal-care",
      serviceCount: 1,
      minimumMinutes: null,
    });
    expect(result.lines[1]?.figures).toEqual({ percent: 5 });
    expect(result.laterWeeksTotalCents).toBeNull();
    expect(result.caregiverPayCents).toBe(9520);
  });

  test("a visit shorter than the minimum is billed for the minimum hours", () => {
    const result = quote(oneTime("10:00", "11:30", "2026-12-01", ["companionship"]));
    expect(result.visits[0]).toMatchObject({ scheduledMinutes: 90, billedMinutes: 180 });
    expect(result.subtotalCents).toBe(3 * 2800);
    expect(result.lines[0]?.figures).toMatchObject({ billedMinutes: 180, minimumMinutes: 180 });
  });

  test("several services are billed once per hour, at the highest of their rates", () => {
    const result = quote(oneTime("09:00", "12:00", "2026-12-01", ["housekeeping", "transportation", "companionship"]));
    expect(result.hourlyRateCents).toBe(3000);
    expect(result.rateService).toBe("transportation");
    expect(result.lines[0]?.figures).toMatchObject({ service: "transportation", serviceCount: 3, rateCents: 3000 });
    expect(result.subtotalCents).toBe(9000);
  });

  test("a Saturday visit costs the weekend multiplier on every billed hour", () => {
    const result = quote(oneTime("09:00", "13:00", "2026-12-05"));
    const weekend = result.lines.find((line) => line.kind === "weekend");
    expect(weekend?.amountCents).toBe(2040); // 4 h × $34 × 0.15
    expect(result.subtotalCents).toBe(13_600 + 2040);
  });

  test("hours between 22:00 and 06:00 cost the overnight multiplier, and only those hours", () => {
    const result = quote(oneTime("20:00", "23:59"));
    const overnight = result.lines.find((line) => line.kind === "overnight");
    expect(overnight?.figures).toEqual({ multiplier: 1.25, minutes: 119 });
    // 119 min × $34/h × 0.25 = 1685.83 cents.
    expect(overnight?.amountCents).toBe(1686);
    const early = quote(oneTime("04:00", "08:00"));
    expect(early.lines.find((line) => line.kind === "overnight")?.amountCents).toBe(1700); // 2 h × 3400 × 0.25
  });

  test("weekend and overnight multiply together on weekend nights", () => {
    const result = quote(oneTime("00:00", "04:00", "2026-12-06"));
    // 4 h × 3400 × 1.15 × 1.25 = 19,550 cents.
    expect(result.subtotalCents).toBe(19_550);
    expect(result.visits[0]?.amountCents).toBe(19_550);
  });

  test("each line is rounded to the cent and the total is the sum of the lines", () => {
    const pricing = {
      ...PRICING,
      serviceRatesCents: { ...PRICING.serviceRatesCents, companionship: 2777 },
      platformFeePercent: 3.5,
    };
    const result = quote(oneTime("09:10", "13:17", "2026-12-05", ["companionship"]), null, pricing);
    for (const line of result.lines) expect(Number.isInteger(line.amountCents)).toBe(true);
    expect(result.totalCents).toBe(result.lines.reduce((sum, line) => sum + line.amountCents, 0));
    // 247 min × 2777 / 60 = 11431.98 -> 11432; weekend 0.15 of that = 1714.80 -> 1715.
    expect(result.lines[0]?.amountCents).toBe(11_432);
    expect(result.lines[1]?.amountCents).toBe(1715);
    expect(result.platformFeeCents).toBe(roundCents(((11_432 + 1715) * 3.5) / 100));
  });
});

describe("computeQuote, promo codes", () => {
  test("a percentage comes off the care subtotal, and the fee is charged on what remains", () => {
    const result = quote(oneTime("09:00", "13:00"), { code: "WELCOME10", kind: "percent", amount: 10 });
    expect(result.discountCents).toBe(1360);
    expect(result.platformFeeCents).toBe(612); // 5% of 12,240
    expect(result.totalCents).toBe(13_600 - 1360 + 612);
    expect(result.lines.find((line) => line.kind === "discount")).toEqual({
      kind: "discount",
      figures: { code: "WELCOME10", percent: 10, amountCents: null, firstWeekOnly: false },
      amountCents: -1360,
    });
    expect(result.caregiverPayCents).toBe(9520);
  });

  test("a fixed amount comes off once and never below zero", () => {
    const result = quote(oneTime("09:00", "13:00"), { code: "SAVE25", kind: "fixed", amount: 2500 });
    expect(result.discountCents).toBe(2500);
    expect(result.totalCents).toBe(13_600 - 2500 + roundCents((11_100 * 5) / 100));
    const huge = quote(oneTime("09:00", "13:00"), { code: "HUGE", kind: "fixed", amount: 1_000_000 });
    expect(huge.discountCents).toBe(13_600);
    expect(huge.totalCents).toBe(0);
  });
});

describe("computeQuote, recurring care", () => {
  const weekly: QuoteRequest = {
    serviceTypes: ["personal-care"],
    scheduleType: "recurring",
    startDate: "2026-12-01",
    endDate: "2027-02-28",
    weeklySchedule: {
      ...EMPTY_WEEK,
      0: [{ start: "09:00", end: "13:00" }],
      2: [{ start: "09:00", end: "11:00" }],
      5: [{ start: "10:00", end: "14:00" }],
    },
  };

  test("is priced per week: every weekly visit, the minimum, the weekend day", () => {
    const result = quote(weekly);
    expect(result.period).toBe("week");
    expect(result.visitsPerPeriod).toBe(3);
    expect(result.visits.map((visit) => [visit.day, visit.billedMinutes])).toEqual([
      ["Monday", 240],
      ["Wednesday", 180],
      ["Saturday", 240],
    ]);
    expect(result.billedMinutesPerPeriod).toBe(660);
    expect(result.subtotalCents).toBe(11 * 3400 + 2040);
    expect(result.perVisitCents).toBe(roundCents((11 * 3400 + 2040) / 3));
    expect(result.laterWeeksTotalCents).toBe(result.totalCents);
  });

  test("a fixed promo comes off the first week only; a percentage every week", () => {
    const fixed = quote(weekly, { code: "SAVE25", kind: "fixed", amount: 2500 });
    expect(fixed.lines.find((line) => line.kind === "discount")?.figures).toEqual({
      code: "SAVE25",
      percent: null,
      amountCents: 2500,
      firstWeekOnly: true,
    });
    expect(fixed.laterWeeksTotalCents! - fixed.totalCents).toBe(
      2500 + roundCents((fixed.subtotalCents * 5) / 100) - roundCents(((fixed.subtotalCents - 2500) * 5) / 100),
    );
    const percent = quote(weekly, { code: "WELCOME10", kind: "percent", amount: 10 });
    expect(percent.laterWeeksTotalCents).toBe(percent.totalCents);
    expect(percent.discountCents).toBe(roundCents(percent.subtotalCents / 10));
  });
});

describe("pricing helpers", () => {
  test("overnightMinutes counts only 22:00-06:00", () => {
    expect(overnightMinutes(9 * 60, 17 * 60)).toBe(0);
    expect(overnightMinutes(0, 8 * 60)).toBe(360);
    expect(overnightMinutes(21 * 60, 23 * 60 + 30)).toBe(90);
    expect(overnightMinutes(5 * 60, 23 * 60)).toBe(120);
  });

  test("weekdayOf counts Monday as 0", () => {
    expect(weekdayOf("2026-11-23")).toBe(0);
    expect(weekdayOf("2026-11-29")).toBe(6);
  });

  const promo: PromoRecord = {
    code: "WELCOME10",
    kind: "percent",
    amount: 10,
    active: true,
    validFrom: new Date("2026-01-01T00:00:00Z"),
    validUntil: new Date("2026-12-31T00:00:00Z"),
    usageCap: 100,
    timesUsed: 3,
  };

  test("promoProblem accepts a valid code and names what is wrong with the others", () => {
    expect(promoProblem(promo, NOW)).toBeNull();
    expect(promoProblem(null, NOW)).toBe("request:refusals.promoInvalid");
    expect(promoProblem({ ...promo, active: false }, NOW)).toBe("request:refusals.promoInvalid");
    expect(promoProblem({ ...promo, validFrom: new Date("2026-12-01T00:00:00Z") }, NOW)).toBe(
      "request:refusals.promoNotYetActive",
    );
    expect(promoProblem({ ...promo, validUntil: new Date("2026-11-01T00:00:00Z") }, NOW)).toBe(
      "request:refusals.promoExpired",
    );
    expect(promoProblem({ ...promo, timesUsed: 100 }, NOW)).toBe("request:refusals.promoUsedUp");
    expect(promoProblem({ ...promo, usageCap: null, timesUsed: 10_000 }, NOW)).toBeNull();
  });
});
