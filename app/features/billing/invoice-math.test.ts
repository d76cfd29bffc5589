import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { DEFAULT_PRICING } from "~/platform/db/seed/pricing-defaults";
import { EMPTY_WEEK } from "~/features/care-requests/public";
import { computeQuote, type PricingModel, type PromoForQuote } from "~/features/pricing/public";
import { zonedInstant } from "~/utils/datetime";
import {
  buildInvoice,
  caregiverPayCents,
  quoteSnapshotOf,
  visitPieces,
  weekOf,
  weekOverAt,
  type BillableVisit,
  type QuoteSnapshot,
} from "./invoice-math";
import { DEFAULT_VISIT_CHARGE_SETTINGS } from "./visit-charge";

const ZONE = "America/Chicago";
const at = (date: string, time: string) => zonedInstant(date, time, ZONE);

function snapshot(overrides: Partial<QuoteSnapshot> = {}): QuoteSnapshot {
  return {
    scheduleType: "one-time",
    hourlyRateCents: DEFAULT_PRICING.serviceRatesCents["personal-care"],
    promo: null,
    pricing: DEFAULT_PRICING,
    ...overrides,
  };
}

function visit(date: string, start: string, end: string, extra: Partial<BillableVisit> = {}): BillableVisit {
  return {
    visitId: `v-${date}-${start}`,
    caregiverId: "cg",
    startsAt: at(date, start),
    endsAt: at(date, end),
    // Checked in and out on time, as most visits are.
    checkedInAt: at(date, start),
    checkedOutAt: at(date, end),
    isTimesEdited: false,
    ...extra,
  };
}

function invoice(visits: BillableVisit[], options: Partial<Parameters<typeof buildInvoice>[0]> = {}) {
  return buildInvoice({
    visits,
    snapshot: snapshot(),
    timeZone: ZONE,
    isFirstInvoice: true,
    creditBalanceCents: 0,
    chargeSettings: DEFAULT_VISIT_CHARGE_SETTINGS,
    ...options,
  });
}

describe("visitPieces", () => {
  test("a daytime visit is one piece without overnight minutes", () => {
    expect(visitPieces(at("2026-12-01", "09:00"), at("2026-12-01", "13:00"), ZONE)).toEqual([
      { weekday: 1, minutes: 240, overnightMinutes: 0 },
    ]);
  });

  test("a night from Saturday 22:00 to Sunday 06:00 is two days of overnight minutes", () => {
    expect(visitPieces(at("2026-12-05", "22:00"), at("2026-12-06", "06:00"), ZONE)).toEqual([
      { weekday: 5, minutes: 120, overnightMinutes: 120 },
      { weekday: 6, minutes: 360, overnightMinutes: 360 },
    ]);
  });

  test("the night the clocks go back is billed for the hours worked", () => {
    // 2026-11-01: 02:00 CDT becomes 01:00 CST in Chicago.
    const pieces = visitPieces(at("2026-11-01", "00:00"), at("2026-11-01", "04:00"), ZONE);
    expect(pieces).toEqual([{ weekday: 6, minutes: 300, overnightMinutes: 300 }]);
  });

  test("seconds are dropped: a visit is billed in whole minutes", () => {
    const start = new Date(at("2026-12-01", "09:00").getTime() + 42_000);
    const end = new Date(at("2026-12-01", "10:00").getTime() + 59_000);
    expect(visitPieces(start, end, ZONE)).toEqual([{ weekday: 1, minutes: 60, overnightMinutes: 0 }]);
  });
});

describe("buildInvoice", () => {
  test("a weekday visit: its hours at the booked rate, the fee on it, no discount", () => {
    const result = invoice([visit("2026-12-01", "09:00", "13:00")]);
    expect(result.subtotalCents).toBe(4 * 3400);
    expect(result.platformFeeCents).toBe(680);
    expect(result.totalCents).toBe(14_280);
    expect(result.lines.map((line) => line.kind)).toEqual(["visit", "platform_fee"]);
    expect(result.periodStart).toBe("2026-12-01");
    expect(result.periodEnd).toBe("2026-12-01");
    expect(result.earnings[0]).toMatchObject({ minutes: 240, workedOn: "2026-12-01", amountCents: 4 * 3400 * 0.7 });
  });

  test("a short visit is billed for the minimum; the caregiver's pay rate is the pay over those minutes", () => {
    const result = invoice([visit("2026-12-01", "09:00", "10:00")]);
    const line = result.lines[0]!;
    expect(line.kind === "visit" && line.figures.billedMinutes).toBe(DEFAULT_PRICING.minimumHoursPerVisit * 60);
    expect(result.earnings[0]!.minutes).toBe(DEFAULT_PRICING.minimumHoursPerVisit * 60);
  });

  test("edited times are billed from check-in to check-out; unedited ones never past the booked time", () => {
    const base = visit("2026-12-01", "09:00", "13:00", {
      checkedInAt: at("2026-12-01", "09:00"),
      checkedOutAt: at("2026-12-01", "15:00"),
    });
    expect(invoice([base]).subtotalCents).toBe(4 * 3400);
    const edited = invoice([{ ...base, isTimesEdited: true }]);
    expect(edited.subtotalCents).toBe(6 * 3400);
    const line = edited.lines[0]!;
    expect(line.kind === "visit" && line.figures.isTimesEdited).toBe(true);
  });

  test("a fixed promo comes off the first invoice only, capped at the subtotal", () => {
    const promo: PromoForQuote = { code: "HELLO", kind: "fixed", amount: 50_000 };
    const first = invoice([visit("2026-12-01", "09:00", "13:00")], {
      snapshot: snapshot({ promo }),
      isFirstInvoice: true,
    });
    expect(first.discountCents).toBe(first.subtotalCents);
    expect(first.platformFeeCents).toBe(0);
    expect(first.totalCents).toBe(0);
    const later = invoice([visit("2026-12-08", "09:00", "13:00")], {
      snapshot: snapshot({ promo }),
      isFirstInvoice: false,
    });
    expect(later.discountCents).toBe(0);
  });

  test("credit pays what it can and no more", () => {
    const some = invoice([visit("2026-12-01", "09:00", "13:00")], { creditBalanceCents: 2500 });
    expect(some.creditCents).toBe(2500);
    expect(some.totalCents).toBe(14_280 - 2500);
    const plenty = invoice([visit("2026-12-01", "09:00", "13:00")], { creditBalanceCents: 100_000 });
    expect(plenty.creditCents).toBe(14_280);
    expect(plenty.totalCents).toBe(0);
    expect(invoice([visit("2026-12-01", "09:00", "13:00")], { creditBalanceCents: -300 }).creditCents).toBe(0);
  });

  test("a recurring invoice's period is the visits' Monday-to-Sunday week", () => {
    const result = invoice([visit("2026-12-02", "09:00", "13:00"), visit("2026-12-05", "09:00", "13:00")], {
      snapshot: snapshot({ scheduleType: "recurring" }),
    });
    expect([result.periodStart, result.periodEnd]).toEqual(["2026-11-30", "2026-12-06"]);
    expect(result.lines.filter((line) => line.kind === "visit")).toHaveLength(2);
  });

  test("weekOf and weekOverAt: Monday to Sunday, over at the next Monday's local midnight", () => {
    expect(weekOf("2026-12-06")).toEqual({ start: "2026-11-30", end: "2026-12-06" });
    expect(weekOf("2026-11-30")).toEqual({ start: "2026-11-30", end: "2026-12-06" });
    expect(weekOverAt("2026-11-30", ZONE).toISOString()).toBe("2026-12-07T06:00:00.000Z");
  });

  test("quoteSnapshotOf reads an order's stored quote", () => {
    const quote = computeQuote({
      request: {
        serviceTypes: ["personal-care"],
        scheduleType: "one-time",
        startDate: "2026-12-01",
        startTime: "09:00",
        endTime: "13:00",
      },
      pricing: DEFAULT_PRICING,
      promo: null,
    });
    const read = quoteSnapshotOf(JSON.parse(JSON.stringify(quote)) as Record<string, unknown>);
    expect(read).toEqual({ scheduleType: "one-time", hourlyRateCents: 3400, promo: null, pricing: DEFAULT_PRICING });
    expect(() => quoteSnapshotOf({})).toThrow("no pricing snapshot");
  });
});

// Properties over random visits, pricing and promos.

const pricingArb: fc.Arbitrary<PricingModel> = fc.record({
  serviceRatesCents: fc.constant(DEFAULT_PRICING.serviceRatesCents),
  caregiverPayPercent: fc.integer({ min: 0, max: 100 }),
  weekendMultiplier: fc.integer({ min: 100, max: 200 }).map((n) => n / 100),
  overnightMultiplier: fc.integer({ min: 100, max: 200 }).map((n) => n / 100),
  minimumHoursPerVisit: fc.integer({ min: 0, max: 8 }).map((n) => n / 2),
  platformFeePercent: fc.integer({ min: 0, max: 300 }).map((n) => n / 10),
});

const promoArb: fc.Arbitrary<PromoForQuote | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    code: fc.constant("P"),
    kind: fc.constant("percent" as const),
    amount: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({
    code: fc.constant("F"),
    kind: fc.constant("fixed" as const),
    amount: fc.integer({ min: 1, max: 100_000 }),
  }),
);

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A visit within one local day: a date in December 2026, a start, a length. */
const windowArb = fc
  .record({
    day: fc.integer({ min: 1, max: 28 }),
    start: fc.integer({ min: 0, max: 23 * 4 }).map((quarter) => quarter * 15),
    length: fc.integer({ min: 15, max: 16 * 60 }),
  })
  .map(({ day, start, length }) => ({
    date: `2026-12-${String(day).padStart(2, "0")}`,
    start,
    end: Math.min(24 * 60 - 1, start + length),
  }))
  .filter((window) => window.end > window.start);

const visitsArb = fc.array(
  fc.record({
    window: windowArb,
    editedBy: fc.option(fc.integer({ min: -120, max: 240 }), { nil: null }),
  }),
  { minLength: 1, maxLength: 7 },
);

function visitsOf(drawn: { window: { date: string; start: number; end: number }; editedBy: number | null }[]) {
  return drawn.map(({ window, editedBy }, index): BillableVisit => {
    const startsAt = at(window.date, hhmm(window.start));
    const endsAt = at(window.date, hhmm(window.end));
    // Unedited visits were checked in and out on time; an admin's correction moved the check-out.
    const checkedOutAt =
      editedBy === null
        ? endsAt
        : new Date(Math.max(startsAt.getTime() + 60_000, endsAt.getTime() + editedBy * 60_000));
    return {
      visitId: `v${index}`,
      caregiverId: index % 2 ? "a" : "b",
      startsAt,
      endsAt,
      checkedInAt: startsAt,
      checkedOutAt,
      isTimesEdited: editedBy !== null,
    };
  });
}

describe("invoice properties", () => {
  test("totals are the sums of their lines, in whole cents, never negative; pay never above price", () => {
    fc.assert(
      fc.property(
        visitsArb,
        pricingArb,
        promoArb,
        fc.boolean(),
        fc.integer({ min: -5_000, max: 200_000 }),
        fc.boolean(),
        (drawn, pricing, promo, isFirstInvoice, credit, recurring) => {
          const result = buildInvoice({
            visits: visitsOf(drawn),
            snapshot: snapshot({ pricing, promo, scheduleType: recurring ? "recurring" : "one-time" }),
            timeZone: ZONE,
            isFirstInvoice,
            creditBalanceCents: credit,
            chargeSettings: DEFAULT_VISIT_CHARGE_SETTINGS,
          });
          const sumOf = (kind: string) =>
            result.lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amountCents, 0);
          expect(result.subtotalCents).toBe(sumOf("visit"));
          expect(result.discountCents + sumOf("discount")).toBe(0);
          expect(result.platformFeeCents).toBe(sumOf("platform_fee"));
          expect(result.creditCents + sumOf("credit")).toBe(0);
          expect(result.totalCents).toBe(result.lines.reduce((sum, line) => sum + line.amountCents, 0));
          expect(result.totalCents).toBe(
            result.subtotalCents - result.discountCents + result.platformFeeCents - result.creditCents,
          );
          for (const value of [
            result.subtotalCents,
            result.discountCents,
            result.platformFeeCents,
            result.creditCents,
            result.totalCents,
          ]) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(result.discountCents).toBeLessThanOrEqual(result.subtotalCents);
          expect(result.periodEnd >= result.periodStart).toBe(true);
          for (const line of result.lines) expect(Number.isInteger(line.amountCents)).toBe(true);
          const visitLines = result.lines.filter((line) => line.kind === "visit");
          expect(result.earnings).toHaveLength(visitLines.length);
          for (const earning of result.earnings) {
            const line = visitLines.find((candidate) => candidate.visitId === earning.visitId)!;
            expect(Number.isInteger(earning.amountCents)).toBe(true);
            expect(earning.amountCents).toBeGreaterThanOrEqual(0);
            expect(earning.amountCents).toBeLessThanOrEqual(line.amountCents);
            expect(earning.amountCents).toBe(caregiverPayCents(line.amountCents, pricing));
            expect(earning.minutes).toBeGreaterThan(0);
            expect(Number.isInteger(earning.payRateCents)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test("an unedited one-time visit's invoice matches the quote it was booked at", () => {
    fc.assert(
      fc.property(windowArb, pricingArb, promoArb, (window, pricing, promo) => {
        const quote = computeQuote({
          request: {
            serviceTypes: ["personal-care"],
            scheduleType: "one-time",
            startDate: window.date,
            startTime: hhmm(window.start),
            endTime: hhmm(window.end),
          },
          pricing,
          promo,
        });
        const result = buildInvoice({
          visits: visitsOf([{ window, editedBy: null }]),
          snapshot: quoteSnapshotOf(JSON.parse(JSON.stringify(quote)) as Record<string, unknown>),
          timeZone: ZONE,
          isFirstInvoice: true,
          creditBalanceCents: 0,
          chargeSettings: DEFAULT_VISIT_CHARGE_SETTINGS,
        });
        expect(result.subtotalCents).toBe(quote.subtotalCents);
        expect(result.subtotalCents).toBe(quote.visits[0]!.amountCents);
        expect(result.discountCents).toBe(quote.discountCents);
        expect(result.platformFeeCents).toBe(quote.platformFeeCents);
        expect(result.totalCents).toBe(quote.totalCents);
        expect(result.earnings[0]!.amountCents).toBe(quote.caregiverPayCents);
      }),
      { numRuns: 300 },
    );
  });

  test("each recurring visit is priced as the quote prices its weekly window", () => {
    fc.assert(
      fc.property(windowArb, pricingArb, (window, pricing) => {
        const weekday = (new Date(`${window.date}T12:00:00Z`).getUTCDay() + 6) % 7;
        const quote = computeQuote({
          request: {
            serviceTypes: ["personal-care"],
            scheduleType: "recurring",
            startDate: "2026-11-30",
            endDate: "2027-02-28",
            weeklySchedule: {
              ...EMPTY_WEEK,
              [String(weekday)]: [{ start: hhmm(window.start), end: hhmm(window.end) }],
            },
          },
          pricing,
          promo: null,
        });
        const result = buildInvoice({
          visits: visitsOf([{ window, editedBy: null }]),
          snapshot: snapshot({ pricing, scheduleType: "recurring" }),
          timeZone: ZONE,
          isFirstInvoice: false,
          creditBalanceCents: 0,
          chargeSettings: DEFAULT_VISIT_CHARGE_SETTINGS,
        });
        expect(result.subtotalCents).toBe(quote.visits[0]!.amountCents);
        expect(result.totalCents).toBe(quote.laterWeeksTotalCents);
      }),
      { numRuns: 200 },
    );
  });
});
