import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { LandlordStats } from '../../../../shared/schemas/billing.ts';
import { AfterPaint } from '../../../components/ui/after-paint.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatInteger } from '../../../lib/format.ts';
import { dayLabel } from './day-label.ts';

// uPlot and its CSS load only here, after the figures are on screen (never in a page's first JS).
const UplotChart = lazy(() => import('./uplot-chart.tsx'));

type Metric = 'views' | 'saves' | 'inquiries';
export type Range = 7 | 30;

const METRICS: ReadonlyArray<{ key: Metric; label: string; color: string }> = [
  { key: 'views', label: 'Views', color: '#0f766e' },
  { key: 'saves', label: 'Saves', color: '#4338ca' },
  { key: 'inquiries', label: 'Inquiries', color: '#b45309' },
];

/** The last `range` days of the daily figures (the API sends 30, oldest first). */
export function lastDays(daily: LandlordStats['daily'], range: Range) {
  return daily.slice(-range);
}

function MetricChart({
  metric,
  label,
  color,
  days,
  totals,
  href,
  range,
}: {
  metric: Metric;
  label: string;
  color: string;
  days: LandlordStats['daily'];
  totals: LandlordStats['totals'];
  href: string;
  range: Range;
}) {
  const labels = useMemo(() => days.map((d) => dayLabel(d.day)), [days]);
  const values = useMemo(() => days.map((d) => d[metric]), [days, metric]);
  const captionId = `chart-${metric}-caption`;
  return (
    <figure
      aria-labelledby={captionId}
      className="flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
      data-testid={`chart-${metric}`}
    >
      <figcaption id={captionId}>
        <Link to={href} className="font-semibold text-stone-900 hover:underline">
          {label}
        </Link>
      </figcaption>
      <dl className="mt-1 grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-stone-600">Last 7 days</dt>
          <dd className="text-2xl font-bold text-stone-900" data-testid="total-7">
            {formatInteger(totals.last7[metric])}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Last 30 days</dt>
          <dd className="text-2xl font-bold text-stone-900" data-testid="total-30">
            {formatInteger(totals.last30[metric])}
          </dd>
        </div>
      </dl>
      {/* The chart is for the eye; the table below says the same to a screen reader. */}
      <div aria-hidden="true" className="mt-2 h-[120px]">
        <Suspense fallback={null}>
          <UplotChart labels={labels} values={values} color={color} />
        </Suspense>
      </div>
      {/* Invisible, so made in a task of its own after the figures paint: the three tables were
          279 of the dashboard's 493 elements in its first render. */}
      <AfterPaint>
        <table className="sr-only">
          <caption>
            {label} per day, last {range} days
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td>{d[metric]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AfterPaint>
    </figure>
  );
}

/** Views, saves and inquiries over the last 7 or 30 days: a total and a small chart each. */
export function ActivityCharts({
  stats,
  hrefs,
}: {
  stats: LandlordStats;
  hrefs: Record<Metric, string>;
}) {
  const [range, setRange] = useState<Range>(30);
  const days = useMemo(() => lastDays(stats.daily, range), [stats.daily, range]);
  return (
    <section aria-labelledby="activity-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="activity-heading" className="text-lg font-semibold text-stone-900">
          Activity
        </h2>
        <fieldset className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5">
          <legend className="sr-only">Days the charts show</legend>
          {([7, 30] as const).map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              onClick={() => setRange(r)}
              className={cn(
                'h-9 rounded-md px-3 text-sm font-semibold',
                range === r ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100',
              )}
            >
              {r} days
            </button>
          ))}
        </fieldset>
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        {METRICS.map((m) => (
          <MetricChart
            key={m.key}
            metric={m.key}
            label={m.label}
            color={m.color}
            days={days}
            totals={stats.totals}
            href={hrefs[m.key]}
            range={range}
          />
        ))}
      </div>
    </section>
  );
}
