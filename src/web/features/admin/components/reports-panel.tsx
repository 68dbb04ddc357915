import type { Report } from '../../../../shared/schemas/reports.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ReportStatusFilter } from '../api/admin-keys.ts';
import { useAdminReports } from '../api/get-reports.ts';
import { formatNyDateTime } from '../format.ts';
import { AdminTable, CardField, PagedListFrame } from './admin-ui.tsx';
import { ReasonBadge, ReportStatusBadge, ReportSubject } from './report-subject.tsx';

type ReportsPanelProps = {
  status: ReportStatusFilter;
  onStatus: (status: ReportStatusFilter) => void;
  /** Opens a report's detail view. */
  onOpen: (id: string) => void;
};

const FILTERS: Array<[ReportStatusFilter, string]> = [
  ['open', 'Open'],
  ['resolved', 'Resolved'],
];

/** The reports queue: open or resolved, newest reports first, each opening its detail view. */
export function ReportsPanel({ status, onStatus, onOpen }: ReportsPanelProps) {
  const query = useAdminReports(status);
  const reports = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">Show reports</legend>
        <div className="inline-flex rounded-lg border border-stone-300 bg-white p-1 shadow-sm">
          {FILTERS.map(([value, label]) => (
            <label
              key={value}
              className={cn(
                'cursor-pointer rounded-md px-4 py-1.5 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                status === value ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100',
              )}
            >
              <input
                type="radio"
                name="report-status"
                value={value}
                checked={status === value}
                onChange={() => onStatus(value)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <PagedListFrame
        query={query}
        count={reports.length}
        loadingLabel="Loading reports"
        empty={
          <EmptyState title={status === 'open' ? 'No open reports' : 'No resolved reports yet'}>
            {status === 'open'
              ? 'The queue is clear. New reports from renters and landlords appear here.'
              : 'Reports you resolve move here, with how they were resolved.'}
          </EmptyState>
        }
      >
        <ReportsTable reports={reports} onOpen={onOpen} />
        <ul className="flex flex-col gap-3 md:hidden" aria-label="Reports">
          {reports.map((report) => (
            <li
              key={report.id}
              className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
              data-testid="report-card"
              data-report-id={report.id}
            >
              <div className="flex flex-wrap items-center gap-2">
                <ReasonBadge reason={report.reason} />
                <ReportStatusBadge report={report} />
              </div>
              <p className="mt-2 text-sm">
                <ReportSubject subject={report.subject} />
              </p>
              {report.details ? (
                <p className="mt-2 line-clamp-3 text-sm break-words text-stone-700">
                  “{report.details}”
                </p>
              ) : null}
              <dl className="mt-3 grid grid-cols-2 gap-3">
                <CardField label="Reported by">{report.reporter.name}</CardField>
                <CardField label="When">{formatNyDateTime(report.createdAt)}</CardField>
              </dl>
              <ReviewButton report={report} onOpen={onOpen} className="mt-3 w-full" />
            </li>
          ))}
        </ul>
      </PagedListFrame>
    </div>
  );
}

function ReviewButton({
  report,
  onOpen,
  className,
}: {
  report: Report;
  onOpen: (id: string) => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(report.id)}
      aria-haspopup="dialog"
      className={cn(
        'inline-flex h-9 items-center justify-center rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50',
        className,
      )}
    >
      {report.status === 'open' ? 'Review' : 'View'}
      <span className="sr-only">
        {' '}
        report by {report.reporter.name} from {formatNyDateTime(report.createdAt)}
      </span>
    </button>
  );
}

function ReportsTable({ reports, onOpen }: { reports: Report[]; onOpen: (id: string) => void }) {
  return (
    <AdminTable caption="Reports" columns={['Reason', 'Reported', 'By', 'When', 'Status']}>
      {reports.map((report) => (
        <tr
          key={report.id}
          data-testid="report-row"
          data-report-id={report.id}
          className="align-top"
        >
          <td className="px-4 py-3">
            <ReasonBadge reason={report.reason} />
            {report.details ? (
              <p className="mt-1 line-clamp-2 max-w-xs break-words text-stone-600">
                “{report.details}”
              </p>
            ) : null}
          </td>
          <td className="max-w-xs px-4 py-3">
            <ReportSubject subject={report.subject} />
          </td>
          <td className="px-4 py-3">
            <p className="font-medium text-stone-900">{report.reporter.name}</p>
            <p className="break-all text-stone-600">{report.reporter.email}</p>
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-stone-700">
            {formatNyDateTime(report.createdAt)}
          </td>
          <td className="px-4 py-3">
            <ReportStatusBadge report={report} />
          </td>
          <td className="px-4 py-3 text-right">
            <ReviewButton report={report} onOpen={onOpen} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
