import { minutesOf, WEEKDAYS, type Schedule } from "~/features/care-requests/public";
import type { ServiceId } from "~/utils/services";
import type { MessageKey } from "~/i18n/message-keys";
import { roundCents } from "~/utils/money";

// The all-in quote of a care request (docs/product-rules.md, "Orders and offers"). Pure: the
// review step shows it, the server recomputes it on submit, and the order keeps
// the quote it was booked at.
//
// Rules:
// - One caregiver does every requested service in the same hours, so the hour
//   is billed at the highest rate among the requested services.
// - A visit shorter than the minimum is billed for the minimum.
// - Saturday and Sunday hours cost the weekend multiplier; hours between 22:00
//   and 06:00 cost the overnight multiplier; both multiply when both apply.
// - The discount comes off the care subtotal; the platform fee is a percentage
//   of what remains. A fixed discount applies once: for recurring care, to the
//   first week only. A percentage applies every week.
// - Each line is rounded to the cent; totals are sums of rounded lines.
// - The caregiver's pay is their share of the care subtotal before any discount.

export type PricingModel = {
  serviceRatesCents: Record<ServiceId, number>;
  caregiverPayPercent: number;
  weekendMultiplier: number;
  overnightMultiplier: number;
  minimumHoursPerVisit: number;
  platformFeePercent: number;
};

export type PromoForQuote = { code: string; kind: "percent" | "fixed"; amount: number };

export type PromoRecord = PromoForQuote & {
  active: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  usageCap: number | null;
  timesUsed: number;
};

export type QuoteRequest = { serviceTypes: ServiceId[] } & Schedule;

export type QuoteLineKind = "care" | "weekend" | "overnight" | "discount" | "platform_fee";

/**
 * A line of a quote: its kind, amount and the figures it is worded from; the
 * page words it in the reader's language (components/orders/care-quote.tsx).
 */
export type QuoteLine = { amountCents: number; label?: undefined } & (
  | {
      kind: "care";
      figures: {
        billedMinutes: number;
        rateCents: number;
        /** The service whose rate is billed (the highest of those requested). */
        service: ServiceId;
        serviceCount: number;
        /** Set when a visit was billed for the minimum. */
        minimumMinutes: number | null;
      };
    }
  | { kind: "weekend" | "overnight"; figures: { multiplier: number; minutes: number } }
  | {
      kind: "discount";
      figures: { code: string; percent: number | null; amountCents: number | null; firstWeekOnly: boolean };
    }
  | { kind: "platform_fee"; figures: { percent: number } }
);

/** A line of a quote stored before lines carried figures: its English wording only. */
export type StoredTextLine = { kind: QuoteLineKind; label: string; amountCents: number; figures?: undefined };

export type QuoteVisit = {
  /** "Monday" ... for recurring care, the date (YYYY-MM-DD) for one-time care. */
  day: string;
  start: string;
  end: string;
  scheduledMinutes: number;
  billedMinutes: number;
  amountCents: number;
};

export type Quote = {
  scheduleType: "one-time" | "recurring";
  /** "total" for one-time care, "week" for recurring care. */
  period: "total" | "week";
  hourlyRateCents: number;
  rateService: ServiceId;
  visits: QuoteVisit[];
  visitsPerPeriod: number;
  billedMinutesPerPeriod: number;
  /** The average visit's price before fee and discount. */
  perVisitCents: number;
  lines: (QuoteLine | StoredTextLine)[];
  subtotalCents: number;
  discountCents: number;
  platformFeeCents: number;
  /** One-time: the whole order. Recurring: the first week. */
  totalCents: number;
  /** Recurring: every week after the first (differs only with a fixed discount). Null for one-time care. */
  laterWeeksTotalCents: number | null;
  /** The caregiver's pay for the period (one-time: the order; recurring: a week). */
  caregiverPayCents: number;
  promo: PromoForQuote | null;
  pricing: PricingModel;
  computedAt: string;
};

const OVERNIGHT_START = 22 * 60;
const OVERNIGHT_END = 6 * 60;

/** Minutes of [start, end) that fall between 22:00 and 06:00 (same day, times in minutes since midnight). */
export function overnightMinutes(start: number, end: number): number {
  const early = Math.max(0, Math.min(end, OVERNIGHT_END) - start);
  const late = Math.max(0, end - Math.max(start, OVERNIGHT_START));
  return early + late;
}

/** Monday = 0 ... Sunday = 6 of a YYYY-MM-DD date. */
export function weekdayOf(isoDate: string): number {
  const [year = 1970, month = 1, day = 1] = isoDate.split("-").map(Number);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

type VisitWindow = { day: string; weekday: number; start: number; end: number; startText: string; endText: string };

function visitWindows(schedule: Schedule): VisitWindow[] {
  if (schedule.scheduleType === "one-time") {
    return [
      {
        day: schedule.startDate,
        weekday: weekdayOf(schedule.startDate),
        start: minutesOf(schedule.startTime),
        end: minutesOf(schedule.endTime),
        startText: schedule.startTime,
        endText: schedule.endTime,
      },
    ];
  }
  return WEEKDAYS.flatMap((name, weekday) =>
    (schedule.weeklySchedule[String(weekday) as keyof typeof schedule.weeklySchedule] ?? []).map((window) => ({
      day: name,
      weekday,
      start: minutesOf(window.start),
      end: minutesOf(window.end),
      startText: window.start,
      endText: window.end,
    })),
  );
}

/** A stretch of a visit on one local day and on one side of the overnight hours' edges. */
export type VisitPiece = {
  /** Monday = 0 ... Sunday = 6, on the clock where care happens. */
  weekday: number;
  /** Minutes of care in the piece. */
  minutes: number;
  /** Of those, the minutes between 22:00 and 06:00 local. */
  overnightMinutes: number;
};

/** What one visit costs, and the figures its line is worded from. Every amount is rounded once. */
export type VisitPrice = {
  /** Minutes of care (the window's length). */
  minutes: number;
  /** Minutes billed: the care, or the minimum when the care was shorter. */
  billedMinutes: number;
  /** Set when the visit was billed for the minimum. */
  minimumMinutes: number | null;
  /** Billed minutes on Saturday or Sunday (the minimum's extra minutes count on the visit's first day). */
  weekendMinutes: number;
  overnightWeekdayMinutes: number;
  overnightWeekendMinutes: number;
  /** Billed minutes at the hourly rate. */
  careCents: number;
  /** The weekend surcharge (weekend minutes at rate × (multiplier - 1)). */
  weekendCents: number;
  /** The overnight surcharge, on top of the weekend rate when both apply. */
  overnightCents: number;
  /** careCents + weekendCents + overnightCents. */
  amountCents: number;
};

const careCentsOf = (minutes: number, rateCents: number) => roundCents((minutes * rateCents) / 60);
const weekendCentsOf = (minutes: number, rateCents: number, pricing: PricingModel) =>
  roundCents((minutes * rateCents * (pricing.weekendMultiplier - 1)) / 60);
const overnightCentsOf = (weekday: number, weekend: number, rateCents: number, pricing: PricingModel) =>
  roundCents(((weekday + weekend * pricing.weekendMultiplier) * rateCents * (pricing.overnightMultiplier - 1)) / 60);

/**
 * The price of one visit (the quote's visits and the invoices' lines: features/billing/invoice-math.ts):
 * billed for at least the minimum, weekend minutes at the weekend multiplier, overnight minutes at
 * the overnight multiplier on top. A visit priced alone has the same care, weekend and overnight
 * amounts as a one-visit quote's lines.
 */
export function priceVisit({
  pieces,
  rateCents,
  pricing,
}: {
  pieces: readonly VisitPiece[];
  rateCents: number;
  pricing: PricingModel;
}): VisitPrice {
  const minimum = Math.round(pricing.minimumHoursPerVisit * 60);
  const minutes = pieces.reduce((sum, piece) => sum + piece.minutes, 0);
  const billedMinutes = Math.max(minutes, minimum);
  const padding = billedMinutes - minutes;
  let weekendMinutes = 0;
  let overnightWeekdayMinutes = 0;
  let overnightWeekendMinutes = 0;
  pieces.forEach((piece, index) => {
    const isWeekend = piece.weekday >= 5;
    const billed = piece.minutes + (index === 0 ? padding : 0);
    if (isWeekend) {
      weekendMinutes += billed;
      overnightWeekendMinutes += piece.overnightMinutes;
    } else {
      overnightWeekdayMinutes += piece.overnightMinutes;
    }
  });
  const careCents = careCentsOf(billedMinutes, rateCents);
  const weekendCents = pricing.weekendMultiplier > 1 ? weekendCentsOf(weekendMinutes, rateCents, pricing) : 0;
  const overnightCents =
    pricing.overnightMultiplier > 1
      ? overnightCentsOf(overnightWeekdayMinutes, overnightWeekendMinutes, rateCents, pricing)
      : 0;
  return {
    minutes,
    billedMinutes,
    minimumMinutes: padding > 0 ? minimum : null,
    weekendMinutes,
    overnightWeekdayMinutes,
    overnightWeekendMinutes,
    careCents,
    weekendCents,
    overnightCents,
    amountCents: careCents + weekendCents + overnightCents,
  };
}

function rateFor(serviceTypes: ServiceId[], pricing: PricingModel): { service: ServiceId; cents: number } {
  let best: { service: ServiceId; cents: number } | undefined;
  for (const service of serviceTypes) {
    const cents = pricing.serviceRatesCents[service] ?? 0;
    if (!best || cents > best.cents) best = { service, cents };
  }
  if (!best) throw new Error("A quote needs at least one service.");
  return best;
}

export function computeQuote({
  request,
  pricing,
  promo,
  now = new Date(),
}: {
  request: QuoteRequest;
  pricing: PricingModel;
  promo: PromoForQuote | null;
  now?: Date;
}): Quote {
  const rate = rateFor(request.serviceTypes, pricing);
  const minimumMinutes = Math.round(pricing.minimumHoursPerVisit * 60);
  const weekendExtra = pricing.weekendMultiplier - 1;
  const overnightExtra = pricing.overnightMultiplier - 1;

  let billedMinutes = 0;
  let weekendMinutes = 0;
  let overnightWeekdayMinutes = 0;
  let overnightWeekendMinutes = 0;
  const visits: QuoteVisit[] = visitWindows(request).map((window) => {
    const price = priceVisit({
      pieces: [
        {
          weekday: window.weekday,
          minutes: window.end - window.start,
          overnightMinutes: overnightMinutes(window.start, window.end),
        },
      ],
      rateCents: rate.cents,
      pricing,
    });
    billedMinutes += price.billedMinutes;
    weekendMinutes += price.weekendMinutes;
    overnightWeekdayMinutes += price.overnightWeekdayMinutes;
    overnightWeekendMinutes += price.overnightWeekendMinutes;
    return {
      day: window.day,
      start: window.startText,
      end: window.endText,
      scheduledMinutes: price.minutes,
      billedMinutes: price.billedMinutes,
      amountCents: price.amountCents,
    };
  });

  const lines: QuoteLine[] = [];
  const billedForMinimum = visits.some((visit) => visit.billedMinutes > visit.scheduledMinutes);
  lines.push({
    kind: "care",
    figures: {
      billedMinutes,
      rateCents: rate.cents,
      service: rate.service,
      serviceCount: request.serviceTypes.length,
      minimumMinutes: billedForMinimum ? minimumMinutes : null,
    },
    amountCents: careCentsOf(billedMinutes, rate.cents),
  });
  if (weekendMinutes > 0 && weekendExtra > 0) {
    lines.push({
      kind: "weekend",
      figures: { multiplier: pricing.weekendMultiplier, minutes: weekendMinutes },
      amountCents: weekendCentsOf(weekendMinutes, rate.cents, pricing),
    });
  }
  const overnightTotal = overnightWeekdayMinutes + overnightWeekendMinutes;
  if (overnightTotal > 0 && overnightExtra > 0) {
    lines.push({
      kind: "overnight",
      figures: { multiplier: pricing.overnightMultiplier, minutes: overnightTotal },
      amountCents: overnightCentsOf(overnightWeekdayMinutes, overnightWeekendMinutes, rate.cents, pricing),
    });
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);

  const discountFor = (fixedApplies: boolean): number => {
    if (!promo) return 0;
    if (promo.kind === "percent") return Math.min(subtotalCents, roundCents((subtotalCents * promo.amount) / 100));
    return fixedApplies ? Math.min(subtotalCents, promo.amount) : 0;
  };
  const feeFor = (discount: number) => roundCents(((subtotalCents - discount) * pricing.platformFeePercent) / 100);

  const discountCents = discountFor(true);
  const platformFeeCents = feeFor(discountCents);
  if (promo && discountCents > 0) {
    const percent = promo.kind === "percent";
    lines.push({
      kind: "discount",
      figures: {
        code: promo.code,
        percent: percent ? promo.amount : null,
        amountCents: percent ? null : promo.amount,
        firstWeekOnly: !percent && request.scheduleType === "recurring",
      },
      amountCents: -discountCents,
    });
  }
  lines.push({ kind: "platform_fee", figures: { percent: pricing.platformFeePercent }, amountCents: platformFeeCents });
  const totalCents = subtotalCents - discountCents + platformFeeCents;
  let laterWeeksTotalCents: number | null = null;
  if (request.scheduleType === "recurring") {
    const laterDiscount = discountFor(false);
    laterWeeksTotalCents = subtotalCents - laterDiscount + feeFor(laterDiscount);
  }

  return {
    scheduleType: request.scheduleType,
    period: request.scheduleType === "one-time" ? "total" : "week",
    hourlyRateCents: rate.cents,
    rateService: rate.service,
    visits,
    visitsPerPeriod: visits.length,
    billedMinutesPerPeriod: billedMinutes,
    perVisitCents: visits.length ? roundCents(subtotalCents / visits.length) : 0,
    lines,
    subtotalCents,
    discountCents,
    platformFeeCents,
    totalCents,
    laterWeeksTotalCents,
    caregiverPayCents: roundCents((subtotalCents * pricing.caregiverPayPercent) / 100),
    promo,
    pricing,
    computedAt: now.toISOString(),
  };
}

/** The part of a stored promo code a quote keeps. */
export function promoForQuote(promo: PromoForQuote | null | undefined): PromoForQuote | null {
  return promo ? { code: promo.code, kind: promo.kind, amount: promo.amount } : null;
}

/** Why a promo code cannot be used now, as the message key of the refusal; null when it can. */
export function promoProblem(promo: PromoRecord | null | undefined, now: Date): MessageKey | null {
  if (!promo || !promo.active) return "request:refusals.promoInvalid";
  if (promo.validFrom && promo.validFrom > now) return "request:refusals.promoNotYetActive";
  if (promo.validUntil && promo.validUntil <= now) return "request:refusals.promoExpired";
  if (promo.usageCap !== null && promo.timesUsed >= promo.usageCap) return "request:refusals.promoUsedUp";
  return null;
}
