import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Analytics } from '../../../../shared/api/reports';
import { formatDay } from '../../../features/reports';

/** The brand's green and the landing page's gold: the two series stay apart for every eye. */
const SERIES_COLORS = { sessions: '#157a63', transactions: '#e39a12' } as const;

const INK_MUTED = '#4a5d57';
const LINE = '#dbe5e1';

/**
 * Weekly Activity as bars per Lagos day. The only module that imports recharts: the dashboard
 * loads it lazily, so the chart library ships in this chunk alone.
 */
export default function ActivityChart({
  days,
  height,
}: {
  days: Analytics['dailyActivity'];
  height: number;
}) {
  const data = days.map((d) => ({ ...d, label: formatDay(d.date) }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 8, right: 4, bottom: 0, left: -20 }}
        barGap={2}
      >
        <CartesianGrid vertical={false} stroke={LINE} />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={{ stroke: LINE }}
          tick={{ fill: INK_MUTED, fontSize: 12 }}
          interval="preserveStartEnd"
          minTickGap={12}
        />
        <YAxis
          allowDecimals={false}
          tickLine={false}
          axisLine={false}
          tick={{ fill: INK_MUTED, fontSize: 12 }}
          width={48}
        />
        <Tooltip
          cursor={{ fill: 'rgb(21 122 99 / 0.06)' }}
          contentStyle={{
            borderRadius: 12,
            border: `1px solid ${LINE}`,
            boxShadow: '0 12px 32px -8px rgb(6 37 31 / 0.18)',
            fontSize: 13,
          }}
        />
        <Legend
          iconType="circle"
          iconSize={10}
          wrapperStyle={{ fontSize: 13, paddingTop: 8, color: INK_MUTED }}
        />
        <Bar
          dataKey="sessions"
          name="Sessions"
          fill={SERIES_COLORS.sessions}
          radius={[4, 4, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
        <Bar
          dataKey="transactions"
          name="Transactions"
          fill={SERIES_COLORS.transactions}
          radius={[4, 4, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
