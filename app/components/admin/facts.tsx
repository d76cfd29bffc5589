// An admin page's facts about one thing (an order, an invoice): term and value side by side on a
// wide screen, one under the other at 390 px.

export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-700 dark:text-slate-200">{term}</dt>
          <dd className="break-words text-slate-900 dark:text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
