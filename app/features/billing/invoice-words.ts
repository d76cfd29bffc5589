import type { Locale, Translate } from "~/i18n/config";
import { formatMoney } from "~/utils/money";
import { formatClockTime, formatLongDate } from "~/utils/intl-dates";
import { formatNumber } from "~/i18n/format";
import { zoneLongName } from "~/utils/datetime";
import type { VisitLineFigures } from "./invoice-math";

// An invoice in words, in the reader's language: the page (routes/client/invoice.tsx) and the PDF
// (invoice-pdf.server.ts) show the same text. Pure. Visit dates and times read on the clock where
// care happens; money through formatMoney.

/** The parts of an invoice the wording needs (family-billing.server.ts InvoiceView is one). */
export type InvoiceForWords = {
  timeZone: string;
  periodStart: string;
  periodEnd: string;
  subtotalCents: number;
  discountCents: number;
  platformFeeCents: number;
  creditCents: number;
  totalCents: number;
  amountPaidCents: number;
  amountRefundedCents: number;
  /** What is still owed (billing-rules.ts owedCents). */
  balanceCents: number;
  issuedAt: string;
  dueAt: string;
  paidAt: string | null;
  lines: InvoiceLineForWords[];
  payments: { kind: "payment" | "refund"; method: string; amountCents: number; createdAt: string }[];
};

/** A line of the invoice: a visit with its figures and caregiver, or a discount, fee or credit. */
export type InvoiceLineForWords =
  | { kind: "visit"; amountCents: number; figures: VisitLineFigures; caregiverName: string | null }
  | { kind: "discount" | "platform_fee" | "credit"; amountCents: number; figures: Record<string, unknown> };

export type VisitLineWords = {
  date: string;
  times: string;
  hours: string;
  rate: string;
  amount: string;
  /** Caregiver, minimum, corrected times, surcharges: one short sentence each. */
  notes: string[];
};

export type SummaryRow = { key: string; label: string; amount: string; isTotal?: boolean };

/** A payment or refund: "Dec 9, 2026 · Payment · Card"; its amount is the reader's to write. */
export type PaymentWords = { text: string; kind: "payment" | "refund"; amountCents: number };

/** A calendar date (YYYY-MM-DD) in the reader's language, read as that day wherever the reader is. */
export function calendarDate(isoDate: string, locale: Locale, style: "medium" | "long" = "medium"): string {
  return formatLongDate(`${isoDate}T12:00:00Z`, locale, { timeZone: "UTC", style });
}

/** An invoice's period: one date for a single day, else "Dec 7, 2026 to Dec 13, 2026". */
export function periodWords(periodStart: string, periodEnd: string, t: Translate, locale: Locale): string {
  if (periodStart === periodEnd) return calendarDate(periodStart, locale);
  return t("period", { start: calendarDate(periodStart, locale), end: calendarDate(periodEnd, locale) });
}

const hoursOf = (minutes: number, locale: Locale) => formatNumber(minutes / 60, locale, { maximumFractionDigits: 2 });

export function invoiceWords(invoice: InvoiceForWords, t: Translate, locale: Locale) {
  const money = (cents: number) => formatMoney(cents, locale);
  const visits: VisitLineWords[] = [];
  const summary: SummaryRow[] = [
    { key: "subtotal", label: t("invoice.subtotal"), amount: money(invoice.subtotalCents) },
  ];
  for (const line of invoice.lines) {
    if (line.kind === "visit") {
      const f = line.figures;
      const notes: string[] = [];
      if (line.caregiverName) notes.push(t("invoice.caregiver", { name: line.caregiverName }));
      if (f.minimumMinutes) notes.push(t("invoice.minimum", { hours: hoursOf(f.minimumMinutes, locale) }));
      if (f.isTimesEdited) notes.push(t("invoice.timesCorrected"));
      if (f.isShort && f.workedMinutes !== undefined && f.bookedMinutes !== undefined) {
        notes.push(
          t("invoice.shortVisit", {
            worked: formatNumber(f.workedMinutes, locale),
            booked: formatNumber(f.bookedMinutes, locale),
          }),
        );
      }
      if (f.weekendCents > 0) {
        const label = t("invoice.weekend", {
          multiplier: formatNumber(f.weekendMultiplier, locale),
          hours: hoursOf(f.weekendMinutes, locale),
        });
        notes.push(t("invoice.surcharge", { label, amount: money(f.weekendCents) }));
      }
      if (f.overnightCents > 0) {
        const label = t("invoice.overnight", {
          multiplier: formatNumber(f.overnightMultiplier, locale),
          hours: hoursOf(f.overnightWeekdayMinutes + f.overnightWeekendMinutes, locale),
        });
        notes.push(t("invoice.surcharge", { label, amount: money(f.overnightCents) }));
      }
      visits.push({
        date: formatLongDate(f.startsAt, locale, { timeZone: f.timeZone, style: "medium" }),
        times: t("invoice.times", {
          start: formatClockTime(f.startsAt, locale, { timeZone: f.timeZone }),
          end: formatClockTime(f.endsAt, locale, { timeZone: f.timeZone }),
        }),
        hours: t("invoice.hours", { hours: hoursOf(f.billedMinutes, locale) }),
        rate: t("invoice.perHour", { rate: money(f.rateCents) }),
        amount: money(line.amountCents),
        notes,
      });
    } else if (line.kind === "discount") {
      const percent = line.figures.percent;
      const code = String(line.figures.code ?? "");
      summary.push({
        key: "discount",
        label:
          typeof percent === "number"
            ? t("invoice.discountPercent", { code, percent: formatNumber(percent, locale) })
            : t("invoice.discountFixed", { code }),
        amount: money(line.amountCents),
      });
    } else if (line.kind === "platform_fee") {
      summary.push({
        key: "platform_fee",
        label: t("invoice.platformFee", { percent: formatNumber(Number(line.figures.percent ?? 0), locale) }),
        amount: money(line.amountCents),
      });
    } else {
      summary.push({ key: "credit", label: t("invoice.credit"), amount: money(line.amountCents) });
    }
  }
  summary.push({ key: "total", label: t("invoice.total"), amount: money(invoice.totalCents), isTotal: true });
  if (invoice.amountPaidCents > 0) {
    summary.push({ key: "paid", label: t("invoice.amountPaid"), amount: money(invoice.amountPaidCents) });
  }
  if (invoice.amountRefundedCents > 0) {
    summary.push({ key: "refunded", label: t("invoice.amountRefunded"), amount: money(invoice.amountRefundedCents) });
  }
  if (invoice.balanceCents > 0 && invoice.amountPaidCents > 0) {
    summary.push({ key: "balance", label: t("invoice.balance"), amount: money(invoice.balanceCents) });
  }
  const period = periodWords(invoice.periodStart, invoice.periodEnd, t, locale);
  // Dates of the invoice and its payments on the clock where care happens, as its visits.
  const date = (iso: string) => formatLongDate(iso, locale, { timeZone: invoice.timeZone, style: "medium" });
  const facts: [string, string][] = [
    [t("invoice.period"), period],
    [t("invoice.issued"), date(invoice.issuedAt)],
    [t("invoice.due"), date(invoice.dueAt)],
  ];
  if (invoice.paidAt) facts.push([t("invoice.paidOn"), date(invoice.paidAt)]);
  const payments = invoice.payments.map((payment): PaymentWords => ({
    text: `${date(payment.createdAt)} · ${t(`invoice.payment.${payment.kind}`)} · ${t(`invoice.methods.${payment.method}`)}`,
    kind: payment.kind,
    amountCents: payment.amountCents,
  }));
  // The zone by its name in the reader's words ("Central Time", "hora central"), never its IANA id.
  const timeZoneNote = t("invoice.timeZoneNote", {
    zone: zoneLongName(invoice.issuedAt, invoice.timeZone, locale, "longGeneric"),
  });
  return { period, facts, visits, summary, payments, timeZoneNote };
}
