import { formatWholeMoney } from "~/utils/money";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// The earnings page's bar chart (recharts, loaded lazily by routes/caregiver/earnings.tsx only, so the
// library loads on that page alone). It is a picture of figures the page also gives as a table for
// screen readers: the bars are hidden from assistive technology.

export type EarningsBar = { label: string; amountCents: number; amountText: string };

export function EarningsChart({
  bars,
  amountLabel,
  locale,
}: {
  bars: EarningsBar[];
  amountLabel: string;
  locale: "en" | "es";
}) {
  return (
    <div aria-hidden="true" className="h-56 w-full text-teal-700 dark:text-teal-300" data-testid="earnings-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: "currentColor" }} interval="preserveStartEnd" />
          <YAxis
            width={44}
            tick={{ fontSize: 11, fill: "currentColor" }}
            tickFormatter={(cents: number) => formatWholeMoney(cents, locale)}
          />
          <Tooltip
            cursor={{ fillOpacity: 0.08 }}
            formatter={(_value, _name, item) => [(item.payload as EarningsBar).amountText, amountLabel]}
          />
          <Bar dataKey="amountCents" name={amountLabel} fill="currentColor" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
