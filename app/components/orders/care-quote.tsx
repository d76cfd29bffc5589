import type { ReactNode } from "react";
import type { Quote, QuoteLine, StoredTextLine } from "~/features/pricing/quote";
import { useFormat, useLabels, useT, type Translate } from "~/i18n/react";
import type { Labels } from "~/i18n/labels";

// An all-in quote: what each visit costs, the lines that make it up (care,
// weekend and overnight rates, discount, platform fee) and the total for the
// order (one-time care) or per week (recurring care).

type Money = (cents: number) => string;

/** "4", "1.5", "2.25": hours as the quote states them. */
function hoursFigure(minutes: number): string {
  const hours = minutes / 60;
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(2).replace(/0$/, "");
}

/** A multiplier or a percentage to two decimals at most: 1.15, 12.5. */
function figure(value: number): string {
  return String(Number(value.toFixed(2)));
}

/**
 * A quote line in the reader's language (`t` of the `request` namespace), from
 * the kind and figures the quote gives (features/pricing/quote.ts). A line
 * stored before lines carried figures reads as its stored English.
 */
export function quoteLineText(line: QuoteLine | StoredTextLine, t: Translate, labels: Labels, money: Money): string {
  if (!line.figures) return line.label;
  switch (line.kind) {
    case "care": {
      const { billedMinutes, rateCents, service, serviceCount, minimumMinutes } = line.figures;
      let details =
        serviceCount > 1
          ? t("quote.careServices", { service: labels.service(service), count: serviceCount })
          : labels.service(service);
      if (minimumMinutes !== null) details = t("quote.careMinimum", { details, hours: hoursFigure(minimumMinutes) });
      return t("quote.care", { hours: hoursFigure(billedMinutes), rate: money(rateCents), details });
    }
    case "weekend":
    case "overnight":
      return t(`quote.${line.kind}`, {
        multiplier: figure(line.figures.multiplier),
        hours: hoursFigure(line.figures.minutes),
      });
    case "discount": {
      const { code, percent, amountCents, firstWeekOnly } = line.figures;
      if (percent !== null) return t("quote.promoPercent", { code, percent: figure(percent) });
      return t(firstWeekOnly ? "quote.promoFixedFirstWeek" : "quote.promoFixed", {
        code,
        amount: money(amountCents ?? 0),
      });
    }
    case "platform_fee":
      return t("quote.platformFee", { percent: figure(line.figures.percent) });
  }
}

/**
 * The quote's box and heading, around the quote (a region named by its heading) or around its
 * place while it is worked out (no region yet: "Your quote" is there once there is one).
 */
function QuoteFrame({ heading, isPending, children }: { heading?: string; isPending?: boolean; children: ReactNode }) {
  const { t } = useT("request");
  const Frame = isPending ? "div" : "section";
  return (
    <Frame
      aria-labelledby={isPending ? undefined : "care-quote-heading"}
      className="rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <h2
        id={isPending ? undefined : "care-quote-heading"}
        className="text-lg font-semibold text-slate-900 dark:text-white"
      >
        {heading ?? t("quote.heading")}
      </h2>
      {children}
    </Frame>
  );
}

/**
 * The quote's place while it is worked out, as tall as a usual quote (two lines, one wrapped), so that what is
 * below it (the terms box, Send request) does not move when the quote arrives under a pointer
 * on its way to it (docs/product-rules.md, "Care requests").
 */
export function CareQuotePending({ text }: { text: string }) {
  const bar = "block h-5 rounded bg-slate-100 motion-safe:animate-pulse dark:bg-slate-700";
  return (
    <QuoteFrame isPending>
      {/* Two lines: one line of the quote usually wraps (its visits or its care line). */}
      <output className="mt-1 block min-h-10 text-sm text-slate-600 dark:text-slate-300">{text}</output>
      <div aria-hidden="true" className="mt-4 space-y-2">
        <span className={`${bar} w-4/5`} />
        <span className={`${bar} w-3/5`} />
        <span className="block border-t border-slate-200 pt-3 dark:border-slate-700">
          <span className={`${bar} h-6 w-2/5`} />
        </span>
      </div>
    </QuoteFrame>
  );
}

export function CareQuote({ quote, heading }: { quote: Quote; heading?: string }) {
  const { t } = useT("request");
  const labels = useLabels();
  const format = useFormat();
  // Never "-$0.00".
  const money = (cents: number) => format.money(cents + 0);
  const isWeekly = quote.period === "week";
  return (
    <QuoteFrame heading={heading}>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t(isWeekly ? "quote.visitsWeekly" : "quote.visits", {
          count: quote.visitsPerPeriod,
          amount: money(quote.perVisitCents),
        })}
      </p>
      <dl className="mt-4 space-y-2 text-sm">
        {quote.lines.map((line, index) => (
          <div key={index} className="flex justify-between gap-4">
            <dt className="text-slate-700 dark:text-slate-200">{quoteLineText(line, t, labels, money)}</dt>
            <dd
              className={`shrink-0 font-medium tabular-nums ${line.amountCents < 0 ? "text-teal-800 dark:text-teal-300" : "text-slate-900 dark:text-white"}`}
            >
              {money(line.amountCents)}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base dark:border-slate-700">
          <dt className="font-semibold text-slate-900 dark:text-white">
            {isWeekly ? t("quote.totalPerWeek") : t("quote.total")}
          </dt>
          <dd className="font-bold text-slate-900 tabular-nums dark:text-white">{money(quote.totalCents)}</dd>
        </div>
        {isWeekly && quote.laterWeeksTotalCents !== null && quote.laterWeeksTotalCents !== quote.totalCents && (
          <div className="flex justify-between gap-4 text-slate-700 dark:text-slate-200">
            <dt>{t("quote.laterWeeks")}</dt>
            <dd className="tabular-nums">{money(quote.laterWeeksTotalCents)}</dd>
          </div>
        )}
      </dl>
    </QuoteFrame>
  );
}
