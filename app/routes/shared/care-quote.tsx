import type { Quote, QuoteLine } from "~/features/pricing/quote";
import { useFormat, useLabels, useT, type Translate } from "~/i18n/react";
import type { Labels } from "~/i18n/labels";

// An all-in quote: what each visit costs, the lines that make it up (care,
// weekend and overnight rates, discount, platform fee) and the total for the
// order (one-time care) or per week (recurring care).

type Money = (cents: number) => string;

const MONEY = String.raw`-?\$[\d,]+\.\d{2}`;
const HOURS = String.raw`\d+(?:\.\d+)?`;
const CARE_LINE = new RegExp(
  String.raw`^(?<hours>${HOURS}) h × (?<rate>${MONEY})\/h \((?<services>.+?)(?:, minimum (?<minimum>${HOURS}) h per visit)?\)$`,
);
const SEVERAL_SERVICES = /, covers (?<count>\d+) services$/;
const WEEKEND_LINE = new RegExp(String.raw`^Weekend rate ×(?<multiplier>[\d.]+) \((?<hours>${HOURS}) h\)$`);
const OVERNIGHT_LINE = new RegExp(
  String.raw`^Overnight rate ×(?<multiplier>[\d.]+), 22:00 to 06:00 \((?<hours>${HOURS}) h\)$`,
);
const DISCOUNT_LINE = new RegExp(
  String.raw`^Promo (?<code>.+): (?:(?<percent>[\d.]+)% off|(?<amount>${MONEY}) off)(?<firstWeek> the first week)?$`,
);
const FEE_LINE = /^Platform fee \((?<percent>[\d.]+)%\)$/;

/** "$1,234.50" (as features/pricing/quote.ts formatCents writes it) in cents. */
function centsOf(money: string): number {
  const negative = money.startsWith("-");
  const [dollars = "0", cents = "0"] = money.replace(/[-$,]/g, "").split(".");
  return (negative ? -1 : 1) * (Number(dollars) * 100 + Number(cents));
}

/**
 * A quote line in the reader's language. Quotes keep their lines in English
 * (an order keeps the quote it was booked at); the line's kind and figures
 * are read back from it. A line in another form reads as it was stored.
 */
export function quoteLineText(line: QuoteLine, quote: Quote, t: Translate, labels: Labels, money: Money): string {
  const label = line.label;
  switch (line.kind) {
    case "care": {
      const found = CARE_LINE.exec(label)?.groups;
      if (!found?.hours || !found.rate || !found.services) return label;
      const service = labels.service(quote.rateService);
      const count = SEVERAL_SERVICES.exec(found.services)?.groups?.count;
      let details = count ? t("quote.careServices", { service, count: Number(count) }) : service;
      if (found.minimum) details = t("quote.careMinimum", { details, hours: found.minimum });
      return t("quote.care", { hours: found.hours, rate: money(centsOf(found.rate)), details });
    }
    case "weekend": {
      const found = WEEKEND_LINE.exec(label)?.groups;
      return found ? t("quote.weekend", { multiplier: found.multiplier, hours: found.hours }) : label;
    }
    case "overnight": {
      const found = OVERNIGHT_LINE.exec(label)?.groups;
      return found ? t("quote.overnight", { multiplier: found.multiplier, hours: found.hours }) : label;
    }
    case "discount": {
      const found = DISCOUNT_LINE.exec(label)?.groups;
      if (!found) return label;
      if (found.percent) return t("quote.promoPercent", { code: found.code, percent: found.percent });
      const amount = money(centsOf(found.amount ?? ""));
      return t(found.firstWeek ? "quote.promoFixedFirstWeek" : "quote.promoFixed", { code: found.code, amount });
    }
    case "platform_fee": {
      const found = FEE_LINE.exec(label)?.groups;
      return found ? t("quote.platformFee", { percent: found.percent }) : label;
    }
    default:
      return label;
  }
}

export function CareQuote({ quote, heading }: { quote: Quote; heading?: string }) {
  const { t } = useT("request");
  const labels = useLabels();
  const format = useFormat();
  // Never "-$0.00".
  const money = (cents: number) => format.money(cents + 0);
  const isWeekly = quote.period === "week";
  return (
    <section
      aria-labelledby="care-quote-heading"
      className="rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <h2 id="care-quote-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {heading ?? t("quote.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t(isWeekly ? "quote.visitsWeekly" : "quote.visits", {
          count: quote.visitsPerPeriod,
          amount: money(quote.perVisitCents),
        })}
      </p>
      <dl className="mt-4 space-y-2 text-sm">
        {quote.lines.map((line, index) => (
          <div key={index} className="flex justify-between gap-4">
            <dt className="text-slate-700 dark:text-slate-200">{quoteLineText(line, quote, t, labels, money)}</dt>
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
    </section>
  );
}
