import { formatCents, type Quote } from "~/features/pricing/quote";

// An all-in quote: what each visit costs, the lines that make it up (care,
// weekend and overnight rates, discount, platform fee) and the total for the
// order (one-time care) or per week (recurring care).

export function CareQuote({ quote, heading = "Your quote" }: { quote: Quote; heading?: string }) {
  const isWeekly = quote.period === "week";
  return (
    <section
      aria-labelledby="care-quote-heading"
      className="rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <h2 id="care-quote-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {quote.visitsPerPeriod} {quote.visitsPerPeriod === 1 ? "visit" : "visits"}
        {isWeekly ? " a week" : ""}, about {formatCents(quote.perVisitCents)} per visit before fees.
      </p>
      <dl className="mt-4 space-y-2 text-sm">
        {quote.lines.map((line, index) => (
          <div key={index} className="flex justify-between gap-4">
            <dt className="text-slate-700 dark:text-slate-200">{line.label}</dt>
            <dd
              className={`shrink-0 font-medium tabular-nums ${line.amountCents < 0 ? "text-teal-800 dark:text-teal-300" : "text-slate-900 dark:text-white"}`}
            >
              {formatCents(line.amountCents)}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base dark:border-slate-700">
          <dt className="font-semibold text-slate-900 dark:text-white">{isWeekly ? "Total per week" : "Total"}</dt>
          <dd className="font-bold text-slate-900 tabular-nums dark:text-white">{formatCents(quote.totalCents)}</dd>
        </div>
        {isWeekly && quote.laterWeeksTotalCents !== null && quote.laterWeeksTotalCents !== quote.totalCents && (
          <div className="flex justify-between gap-4 text-slate-700 dark:text-slate-200">
            <dt>Each week after the first</dt>
            <dd className="tabular-nums">{formatCents(quote.laterWeeksTotalCents)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
