import type { ReactNode } from 'react';
import { Link } from 'react-router';

type DashboardCardProps = {
  title: string;
  /** A count, or null when the feature does not exist yet. */
  count: number | null;
  /** What the card says when the count is zero or unknown. */
  empty: ReactNode;
  href: string;
  linkLabel: string;
};

/** A dashboard card: a count with a link, or an honest empty state. */
export function DashboardCard({ title, count, empty, href, linkLabel }: DashboardCardProps) {
  return (
    <section className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{title}</h2>
      {count !== null && count > 0 ? (
        <p className="mt-2 text-3xl font-bold text-stone-900">{count}</p>
      ) : (
        <div className="mt-2 flex-1 text-stone-600">{empty}</div>
      )}
      <Link
        to={href}
        className="mt-4 self-start rounded font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        {linkLabel} →
      </Link>
    </section>
  );
}

type StatTileProps = {
  label: string;
  value: string;
  /** Where the figure is managed; the whole tile is the link. */
  href: string;
  hint?: string;
  testId?: string;
};

/** One figure of a dashboard, linking to where it is managed. */
export function StatTile({ label, value, href, hint, testId }: StatTileProps) {
  return (
    <Link
      to={href}
      className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
      data-testid={testId}
    >
      <span className="text-sm font-medium text-stone-700">{label}</span>
      <span className="mt-1 text-3xl font-bold text-stone-900" data-testid="stat-value">
        {value}
      </span>
      {hint ? <span className="mt-1 text-xs text-stone-600">{hint}</span> : null}
    </Link>
  );
}
