import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// An analytics chart (recharts, loaded lazily by routes/admin/analytics.tsx only, so the library loads on
// that page alone). A picture of figures the page also gives as a table and a CSV: hidden from assistive
// technology, which reads the table.

export type ChartPoint = { label: string; value: number | null; valueText: string };

export function MetricChart({
  points,
  valueLabel,
  metric,
}: {
  points: ChartPoint[];
  valueLabel: string;
  metric: string;
}) {
  return (
    <div aria-hidden="true" className="h-56 w-full text-teal-700 dark:text-teal-300" data-chart={metric}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: "currentColor" }} interval="preserveStartEnd" />
          <YAxis width={52} tick={{ fontSize: 11, fill: "currentColor" }} />
          <Tooltip
            cursor={{ fillOpacity: 0.08 }}
            formatter={(_value, _name, item) => [(item.payload as ChartPoint).valueText, valueLabel]}
          />
          <Bar dataKey="value" name={valueLabel} fill="currentColor" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
