import { describe, expect, test } from "vitest";
import { DEFAULT_PRICING } from "~/platform/db/seed/pricing-defaults";
import { zonedInstant } from "~/utils/datetime";
import { buildInvoice, type BillableVisit } from "./invoice-math";
import { DEFAULT_VISIT_CHARGE_SETTINGS, shortVisit, visitCharge, wholeMinutes } from "./visit-charge";

const ZONE = "America/Chicago";
const at = (time: string) => zonedInstant("2026-12-02", time, ZONE);
/** The visit of the report: booked 4:37–6:37 PM (120 minutes). */
const booked = { startsAt: at("16:37"), endsAt: at("18:37") };
const settings = DEFAULT_VISIT_CHARGE_SETTINGS;
const checkOut = (time: string) =>
  shortVisit({ ...booked, checkedInAt: at("16:37"), checkedOutAt: at(time) }, { shortVisitPercent: 75 });

describe("short visits", () => {
  test("a check-out before the booked start is short, however long after the check-in", () => {
    const short = shortVisit({ ...booked, checkedInAt: at("16:24"), checkedOutAt: at("16:25") }, settings);
    expect(short).toEqual({ isShort: true, isBeforeStart: true, workedMinutes: 1, bookedMinutes: 120 });
  });

  test("under the threshold's share of the booked time is short; at it, not", () => {
    expect(checkOut("18:06")).toMatchObject({ isShort: true, workedMinutes: 89 });
    expect(checkOut("18:07")).toMatchObject({ isShort: false, workedMinutes: 90 });
    expect(checkOut("18:37").isShort).toBe(false);
  });

  test("the threshold is the admin's setting", () => {
    const times = { ...booked, checkedInAt: at("16:37"), checkedOutAt: at("17:37") };
    expect(shortVisit(times, { shortVisitPercent: 75 }).isShort).toBe(true);
    expect(shortVisit(times, { shortVisitPercent: 50 }).isShort).toBe(false);
  });

  test("minutes are whole, never negative", () => {
    expect(wholeMinutes(at("16:00"), new Date(at("16:01").getTime() + 59_000))).toBe(1);
    expect(wholeMinutes(at("16:01"), at("16:00"))).toBe(0);
  });
});

describe("the time charged", () => {
  test("a short visit is charged from its check-in for the time worked, with the minimum charge", () => {
    const charge = visitCharge(
      { ...booked, checkedInAt: at("16:24"), checkedOutAt: at("16:25"), isTimesEdited: false },
      settings,
    );
    expect(charge.startsAt).toEqual(at("16:24"));
    expect(charge.endsAt).toEqual(at("16:25"));
    expect(charge.shortMinimumMinutes).toBe(60);
  });

  test("the minimum charge is never more than the booked time", () => {
    const charge = visitCharge(
      { ...booked, checkedInAt: at("16:37"), checkedOutAt: at("16:40"), isTimesEdited: false },
      { shortVisitPercent: 75, minimumChargeMinutes: 180 },
    );
    expect(charge.shortMinimumMinutes).toBe(120);
  });

  test("a visit worked in full keeps the booking's minimum and is never charged past the booked time", () => {
    const charge = visitCharge(
      { ...booked, checkedInAt: at("16:30"), checkedOutAt: at("19:30"), isTimesEdited: false },
      settings,
    );
    expect(charge.shortMinimumMinutes).toBeNull();
    expect(wholeMinutes(charge.startsAt, charge.endsAt)).toBe(120);
  });

  test("an admin's corrected times are charged as corrected, longer than booked included", () => {
    const charge = visitCharge(
      { ...booked, checkedInAt: at("16:30"), checkedOutAt: at("19:30"), isTimesEdited: true },
      settings,
    );
    expect(wholeMinutes(charge.startsAt, charge.endsAt)).toBe(180);
  });
});

const visit = (checkedInAt: Date, checkedOutAt: Date): BillableVisit => ({
  visitId: "v1",
  caregiverId: "c1",
  ...booked,
  checkedInAt,
  checkedOutAt,
  isTimesEdited: false,
});
const invoiceOf = (billable: BillableVisit) =>
  buildInvoice({
    visits: [billable],
    snapshot: { scheduleType: "one-time", hourlyRateCents: 3400, promo: null, pricing: DEFAULT_PRICING },
    timeZone: ZONE,
    isFirstInvoice: true,
    creditBalanceCents: 0,
    chargeSettings: settings,
  });

describe("a short visit on the invoice and in the caregiver's pay", () => {
  test("the one-minute visit is billed the 60-minute minimum charge, not the booking's 3 hours", () => {
    const draft = invoiceOf(visit(at("16:24"), at("16:25")));
    const line = draft.lines[0]!;
    expect(line.kind === "visit" && line.figures).toMatchObject({
      minutes: 1,
      billedMinutes: 60,
      minimumMinutes: 60,
      isShort: true,
      workedMinutes: 1,
      bookedMinutes: 120,
    });
    expect(draft.subtotalCents).toBe(3400);
    expect(draft.earnings[0]).toMatchObject({
      minutes: 60,
      amountCents: (3400 * DEFAULT_PRICING.caregiverPayPercent) / 100,
    });
  });

  test("a short visit longer than the minimum is billed the minutes worked", () => {
    const draft = invoiceOf(visit(at("16:37"), at("17:52")));
    expect(draft.subtotalCents).toBe(Math.round((75 * 3400) / 60));
    expect(draft.earnings[0]!.minutes).toBe(75);
  });

  test("a visit worked in full is billed as booked, with the booking's minimum hours", () => {
    const draft = invoiceOf(visit(at("16:37"), at("18:37")));
    expect(draft.subtotalCents).toBe(DEFAULT_PRICING.minimumHoursPerVisit * 3400);
  });
});
