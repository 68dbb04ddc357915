import { Link } from 'react-router';
import type { ApplicationStatusCounts } from '../../../../shared/schemas/applications.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { useApplicationCounts } from '../api/get-application-counts.ts';

export type ApplicationsSummary = {
  /** The number the card leads with, and what it counts. */
  figure: number;
  figureLabel: string;
  /** One line a group of applications that has any. */
  lines: string[];
  /** Said instead of everything else when there are no applications at all. */
  empty: string | null;
};

const n = (count: number, one: string, many = one) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

/**
 * What the card says. A renter leads with their open applications (each open status named); a
 * landlord with those waiting for them (submitted, or answered after a request).
 */
export function applicationsSummary(
  side: 'renter' | 'landlord',
  byStatus: ApplicationStatusCounts,
): ApplicationsSummary {
  const total = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
  const closed = byStatus.offer_rejected + byStatus.declined + byStatus.withdrawn + byStatus.closed;
  if (side === 'renter') {
    const household = byStatus.awaiting_household;
    const lines = [
      household > 0 ? `${n(household, 'waits', 'wait')} for your household to join` : null,
      byStatus.submitted > 0 ? `${n(byStatus.submitted, 'submitted')}, with the landlord` : null,
      byStatus.info_requested > 0
        ? `${n(byStatus.info_requested, 'needs', 'need')} your answer`
        : null,
      byStatus.offered > 0 ? `${n(byStatus.offered, 'offer', 'offers')} to answer` : null,
      byStatus.accepted > 0 ? `${n(byStatus.accepted, 'offer', 'offers')} accepted` : null,
      closed > 0 ? `${n(closed, 'closed')}` : null,
    ].filter((line): line is string => line !== null);
    return {
      figure: household + byStatus.submitted + byStatus.info_requested + byStatus.offered,
      figureLabel: 'open',
      lines,
      empty:
        total === 0 ? 'No applications yet. Apply to any listing with one profile, free.' : null,
    };
  }
  const lines = [
    byStatus.info_requested > 0
      ? `${n(byStatus.info_requested, 'waits', 'wait')} for the renter's answer`
      : null,
    byStatus.offered > 0 ? `${n(byStatus.offered, 'offer', 'offers')} out to renters` : null,
    byStatus.accepted > 0 ? `${n(byStatus.accepted, 'offer', 'offers')} accepted` : null,
    closed > 0 ? `${n(closed, 'closed')}` : null,
  ].filter((line): line is string => line !== null);
  return {
    figure: byStatus.submitted,
    figureLabel: 'to review',
    lines,
    empty: total === 0 ? 'No applications yet. Renters apply from your listing pages.' : null,
  };
}

/**
 * The dashboards' Applications card (`GET /api/applications/counts`, one small request): the
 * figure, the groups in words, and the way to the list.
 */
export function ApplicationsCard({
  side,
  href,
  linkLabel,
}: {
  side: 'renter' | 'landlord';
  href: string;
  linkLabel: string;
}) {
  const counts = useApplicationCounts();
  const summary = counts.data ? applicationsSummary(side, counts.data.byStatus) : null;
  return (
    <section
      aria-labelledby={`applications-card-${side}`}
      data-testid="applications-card"
      className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2
        id={`applications-card-${side}`}
        className="text-sm font-semibold tracking-wide text-stone-600 uppercase"
      >
        Applications
      </h2>
      <div className="mt-2 flex-1 text-stone-700">
        {counts.isPending ? (
          <p role="status" className="flex items-center gap-2">
            <Spinner size="sm" /> Loading applications…
          </p>
        ) : counts.isError ? (
          <div className="flex flex-col items-start gap-2">
            <p role="alert">Applications could not be loaded.</p>
            <Button variant="secondary" size="sm" onClick={() => void counts.refetch()}>
              Try again
            </Button>
          </div>
        ) : summary?.empty ? (
          <p>{summary.empty}</p>
        ) : summary ? (
          <>
            <p>
              <span className="text-3xl font-bold text-stone-900">
                {formatInteger(summary.figure)}
              </span>{' '}
              {summary.figureLabel}
            </p>
            {summary.lines.length > 0 ? (
              <ul className="mt-1 text-sm">
                {summary.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
      <Link
        to={href}
        className="mt-4 self-start rounded font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        {linkLabel} →
      </Link>
    </section>
  );
}
