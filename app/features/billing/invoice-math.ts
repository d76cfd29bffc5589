import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { roundCents } from "~/utils/money";
import {
  priceVisit,
  weekdayOf,
  type PricingModel,
  type PromoForQuote,
  type VisitPiece,
  type VisitPrice,
} from "~/features/pricing/public";
import { formatInZone, localDateIn, zonedInstant } from "~/utils/datetime";
import { visitCharge, type VisitCharge, type VisitChargeSettings } from "./visit-charge";

// What an invoice comes to (docs/product-rules.md, "Billing and pay"; docs/decisions/0022-billing.md).
// Pure: the order's booked quote is the price list, each visit is priced by the quote's own
// priceVisit on the clock where care happens, and every amount is rounded once, per line.

/** The part of an order's booked quote that prices its visits. */
export type QuoteSnapshot = {
  scheduleType: "one-time" | "recurring";
  hourlyRateCents: number;
  promo: PromoForQuote | null;
  pricing: PricingModel;
};

/** Reads the pricing snapshot out of an order's stored quote (orders.quote); throws when it has none. */
export function quoteSnapshotOf(quote: Record<string, unknown>): QuoteSnapshot {
  const pricing = quote.pricing as PricingModel | undefined;
  const rate = quote.hourlyRateCents;
  if (!pricing || typeof rate !== "number") throw new Error("The order's quote has no pricing snapshot.");
  return {
    scheduleType: quote.scheduleType === "recurring" ? "recurring" : "one-time",
    hourlyRateCents: rate,
    promo: (quote.promo as PromoForQuote | null | undefined) ?? null,
    pricing,
  };
}

const MINUTE_MS = 60_000;
const floorToMinute = (date: Date) => new Date(Math.floor(date.getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * A window of care as pieces, one per local day where care happens, with their minutes between 22:00
 * and 06:00 on that clock. Minutes are real elapsed minutes (a night when the clocks change is billed
 * for the hours worked), counted from whole minutes.
 */
export function visitPieces(startsAt: Date, endsAt: Date, timeZone: string): VisitPiece[] {
  const end = floorToMinute(endsAt);
  let cursor = floorToMinute(startsAt);
  const pieces: VisitPiece[] = [];
  let lastDay = "";
  while (cursor < end) {
    const day = localDateIn(timeZone, cursor);
    const nextDay = format(addDays(new Date(`${day}T12:00:00Z`), 1), "yyyy-MM-dd");
    const edges = [zonedInstant(day, "06:00", timeZone), zonedInstant(day, "22:00", timeZone)];
    edges.push(zonedInstant(nextDay, "00:00", timeZone));
    const next = edges.filter((edge) => edge > cursor).reduce((a, b) => (a < b ? a : b), end);
    const pieceEnd = next < end ? next : end;
    const minutes = Math.round((pieceEnd.getTime() - cursor.getTime()) / MINUTE_MS);
    const hour = Number(formatInZone(cursor, timeZone, "H"));
    const isOvernight = hour < 6 || hour >= 22;
    const weekday = weekdayOf(day);
    const overnight = isOvernight ? minutes : 0;
    const last = pieces.at(-1);
    // One piece per local day, as the quote has one window per day.
    if (last && last.weekday === weekday && lastDay === day) {
      last.minutes += minutes;
      last.overnightMinutes += overnight;
    } else {
      pieces.push({ weekday, minutes, overnightMinutes: overnight });
    }
    lastDay = day;
    cursor = pieceEnd;
  }
  return pieces;
}

/** A completed visit as billing reads it. */
export type BillableVisit = {
  visitId: string;
  caregiverId: string;
  startsAt: Date;
  endsAt: Date;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  /** An admin corrected its times (a times_edited event): the corrected times are what was worked. */
  isTimesEdited: boolean;
};

/**
 * The window a visit is billed over and why (visit-charge.ts): the time worked from its check-in. A
 * completed visit always has both times; one without them (never written by the app) keeps its booking.
 */
export function billableWindow(
  visit: BillableVisit,
  settings: VisitChargeSettings,
): { startsAt: Date; endsAt: Date; isEdited: boolean; charge: VisitCharge | null } {
  if (!visit.checkedInAt || !visit.checkedOutAt || visit.checkedOutAt <= visit.checkedInAt) {
    return { startsAt: visit.startsAt, endsAt: visit.endsAt, isEdited: false, charge: null };
  }
  const charge = visitCharge(
    {
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      checkedInAt: visit.checkedInAt,
      checkedOutAt: visit.checkedOutAt,
      isTimesEdited: visit.isTimesEdited,
    },
    settings,
  );
  return { startsAt: charge.startsAt, endsAt: charge.endsAt, isEdited: visit.isTimesEdited, charge };
}

/** The figures a visit line is worded from (stored in invoice_lines.figures). */
export type VisitLineFigures = Omit<VisitPrice, "amountCents"> & {
  startsAt: string;
  endsAt: string;
  timeZone: string;
  /** The local date the visit started on. */
  localDate: string;
  rateCents: number;
  weekendMultiplier: number;
  overnightMultiplier: number;
  isTimesEdited: boolean;
  /** A short visit (visit-charge.ts): charged for the time worked with the short-visit minimum. */
  isShort?: boolean;
  /** The minutes booked and the minutes worked (absent on lines written before the rule). */
  bookedMinutes?: number;
  workedMinutes?: number;
};

export type InvoiceLineDraft =
  | { kind: "visit"; visitId: string; figures: VisitLineFigures; amountCents: number }
  | {
      kind: "discount";
      visitId: null;
      figures: { code: string; percent: number | null; fixedCents: number | null };
      amountCents: number;
    }
  | { kind: "platform_fee"; visitId: null; figures: { percent: number }; amountCents: number }
  | { kind: "credit"; visitId: null; figures: Record<string, never>; amountCents: number };

/** A caregiver's pay for one visit on the invoice (a caregiver_earnings row). */
export type EarningDraft = {
  visitId: string;
  caregiverId: string;
  workedAt: Date;
  workedOn: string;
  minutes: number;
  payRateCents: number;
  amountCents: number;
};

export type InvoiceDraft = {
  periodStart: string;
  periodEnd: string;
  lines: InvoiceLineDraft[];
  subtotalCents: number;
  discountCents: number;
  platformFeeCents: number;
  creditCents: number;
  totalCents: number;
  earnings: EarningDraft[];
};

/**
 * Prices one visit of an order from its quote snapshot, over the time worked: a short visit has the
 * short-visit minimum in place of the booking's minimum hours.
 */
export function priceBillableVisit(
  visit: BillableVisit,
  snapshot: QuoteSnapshot,
  timeZone: string,
  settings: VisitChargeSettings,
) {
  const window = billableWindow(visit, settings);
  const minimum = window.charge?.shortMinimumMinutes;
  const pricing =
    minimum === null || minimum === undefined
      ? snapshot.pricing
      : { ...snapshot.pricing, minimumHoursPerVisit: minimum / 60 };
  const price = priceVisit({
    pieces: visitPieces(window.startsAt, window.endsAt, timeZone),
    rateCents: snapshot.hourlyRateCents,
    pricing,
  });
  return { window, price };
}

/** The caregiver's share of a visit's price, rounded once. */
export function caregiverPayCents(visitAmountCents: number, pricing: PricingModel): number {
  return roundCents((visitAmountCents * pricing.caregiverPayPercent) / 100);
}

/**
 * An invoice of some completed visits of one order: a line per visit (in start order), the discount
 * (a percentage on every invoice; a fixed amount on the order's first invoice only, never more
 * than the subtotal), the platform fee on what remains, and the family's credit up to what is owed.
 */
export function buildInvoice({
  visits,
  snapshot,
  timeZone,
  isFirstInvoice,
  creditBalanceCents,
  chargeSettings,
}: {
  visits: readonly BillableVisit[];
  snapshot: QuoteSnapshot;
  timeZone: string;
  isFirstInvoice: boolean;
  creditBalanceCents: number;
  chargeSettings: VisitChargeSettings;
}): InvoiceDraft {
  if (visits.length === 0) throw new Error("An invoice needs at least one visit.");
  const { pricing, promo } = snapshot;
  const sorted = [...visits].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const lines: InvoiceLineDraft[] = [];
  const earnings: EarningDraft[] = [];
  const dates: string[] = [];
  for (const visit of sorted) {
    const { window, price } = priceBillableVisit(visit, snapshot, timeZone, chargeSettings);
    const { amountCents, ...rest } = price;
    const localDate = localDateIn(timeZone, window.startsAt);
    dates.push(localDate, localDateIn(timeZone, new Date(window.endsAt.getTime() - 1)));
    lines.push({
      kind: "visit",
      visitId: visit.visitId,
      amountCents,
      figures: {
        ...rest,
        startsAt: window.startsAt.toISOString(),
        endsAt: window.endsAt.toISOString(),
        timeZone,
        localDate,
        rateCents: snapshot.hourlyRateCents,
        weekendMultiplier: pricing.weekendMultiplier,
        overnightMultiplier: pricing.overnightMultiplier,
        isTimesEdited: window.isEdited,
        isShort: window.charge?.isShort ?? false,
        bookedMinutes: window.charge?.bookedMinutes,
        workedMinutes: window.charge?.workedMinutes,
      },
    });
    const pay = caregiverPayCents(amountCents, pricing);
    const minutes = Math.max(1, price.billedMinutes);
    earnings.push({
      visitId: visit.visitId,
      caregiverId: visit.caregiverId,
      workedAt: window.endsAt,
      workedOn: localDateIn(timeZone, window.endsAt),
      minutes,
      payRateCents: roundCents((pay * 60) / minutes),
      amountCents: pay,
    });
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);

  let discountCents = 0;
  if (promo?.kind === "percent")
    discountCents = Math.min(subtotalCents, roundCents((subtotalCents * promo.amount) / 100));
  if (promo?.kind === "fixed" && isFirstInvoice) discountCents = Math.min(subtotalCents, promo.amount);
  discountCents = Math.max(0, discountCents);
  if (promo && discountCents > 0) {
    lines.push({
      kind: "discount",
      visitId: null,
      figures: {
        code: promo.code,
        percent: promo.kind === "percent" ? promo.amount : null,
        fixedCents: promo.kind === "fixed" ? promo.amount : null,
      },
      amountCents: -discountCents,
    });
  }
  const platformFeeCents = Math.max(
    0,
    roundCents(((subtotalCents - discountCents) * pricing.platformFeePercent) / 100),
  );
  lines.push({
    kind: "platform_fee",
    visitId: null,
    figures: { percent: pricing.platformFeePercent },
    amountCents: platformFeeCents,
  });
  const owed = subtotalCents - discountCents + platformFeeCents;
  const creditCents = Math.max(0, Math.min(creditBalanceCents, owed));
  if (creditCents > 0) lines.push({ kind: "credit", visitId: null, figures: {}, amountCents: -creditCents });

  dates.sort();
  const week = weekOf(localDateIn(timeZone, sorted[0]!.startsAt));
  return {
    periodStart: snapshot.scheduleType === "recurring" ? week.start : dates[0]!,
    periodEnd: snapshot.scheduleType === "recurring" ? week.end : dates.at(-1)!,
    lines,
    subtotalCents,
    discountCents,
    platformFeeCents,
    creditCents,
    totalCents: owed - creditCents,
    earnings,
  };
}

/** The Monday and Sunday (YYYY-MM-DD) of a local date's week. */
export function weekOf(localDate: string): { start: string; end: string } {
  const noon = new Date(`${localDate}T12:00:00Z`);
  const monday = addDays(noon, -weekdayOf(localDate));
  return { start: monday.toISOString().slice(0, 10), end: addDays(monday, 6).toISOString().slice(0, 10) };
}

/** The instant a local week (Monday `weekStart`) is over where care happens: the next Monday's midnight. */
export function weekOverAt(weekStart: string, timeZone: string): Date {
  const nextMonday = addDays(new Date(`${weekStart}T12:00:00Z`), 7)
    .toISOString()
    .slice(0, 10);
  return zonedInstant(nextMonday, "00:00", timeZone);
}
