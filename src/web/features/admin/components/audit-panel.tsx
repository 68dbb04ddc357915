import type { AuditEntry } from '../../../../shared/schemas/admin.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useAdminAudit } from '../api/get-audit.ts';
import { AUDIT_ACTION_LABELS, auditDetails, formatNyDateTime } from '../format.ts';
import { CardField, PagedListFrame, Th } from './admin-ui.tsx';

/** Every admin action, newest first: who, what, on what, when (New York time). */
export function AuditPanel() {
  const query = useAdminAudit();
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-600">
        Every moderation action and every read of a reported conversation, as it happened. Times are
        New York time.
      </p>
      <PagedListFrame
        query={query}
        count={entries.length}
        loadingLabel="Loading the audit log"
        empty={
          <EmptyState title="Nothing recorded yet">
            Suspensions, takedowns, features and resolved reports appear here.
          </EmptyState>
        }
      >
        <div className="hidden overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">Audit log</caption>
            <thead className="border-b border-stone-200 bg-stone-50">
              <tr>
                <Th>When</Th>
                <Th>Who</Th>
                <Th>What</Th>
                <Th>Details</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-row" className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap text-stone-700">
                    <time dateTime={entry.createdAt}>{formatNyDateTime(entry.createdAt)}</time>
                  </td>
                  <td className="px-4 py-3">
                    <p className="font-medium text-stone-900">{entry.actor.name}</p>
                    <p className="break-all text-stone-600">{entry.actor.email}</p>
                  </td>
                  <td className="max-w-xs px-4 py-3">
                    <What entry={entry} />
                  </td>
                  <td className="max-w-xs px-4 py-3">
                    <Details entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ol className="flex flex-col gap-3 md:hidden" aria-label="Audit log">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
              data-testid="audit-card"
            >
              <What entry={entry} />
              <dl className="mt-3 grid grid-cols-2 gap-3">
                <CardField label="Who">{entry.actor.name}</CardField>
                <CardField label="When">
                  <time dateTime={entry.createdAt}>{formatNyDateTime(entry.createdAt)}</time>
                </CardField>
              </dl>
              <div className="mt-2">
                <Details entry={entry} />
              </div>
            </li>
          ))}
        </ol>
      </PagedListFrame>
    </div>
  );
}

function What({ entry }: { entry: AuditEntry }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold text-stone-900">{AUDIT_ACTION_LABELS[entry.action]}</p>
      <p className="text-sm break-words text-stone-700">
        <span className="text-stone-600">{entry.targetType}: </span>
        {entry.targetLabel}
      </p>
    </div>
  );
}

function Details({ entry }: { entry: AuditEntry }) {
  const lines = auditDetails(entry.details);
  if (lines.length === 0) return <span className="text-sm text-stone-600">—</span>;
  return (
    <dl className="flex flex-col gap-0.5 text-sm">
      {lines.map(([label, value]) => (
        <div key={label} className="break-words">
          <dt className="inline text-stone-600">{label}: </dt>
          <dd className="inline text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
