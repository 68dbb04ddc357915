import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminReport } from '../api/get-report.ts';
import { formatNyDateTime, listingStateLabel, reasonLabel } from '../format.ts';
import { ConversationTranscript } from './conversation-transcript.tsx';
import { ReportStatusBadge } from './report-subject.tsx';
import { ResolveReportForm } from './resolve-report-form.tsx';

/**
 * One report: who sent it and why, the reported listing (a link) or the conversation's messages
 * (an access the server records in the audit log), and the way to resolve it.
 */
export function ReportDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useAdminReport(id);
  const [pending, setPending] = useState(false);
  const report = detail.data?.report;
  return (
    <ModalDialog
      title={report ? `Report: ${reasonLabel(report.reason)}` : 'Report'}
      description={
        report ? `Sent ${formatNyDateTime(report.createdAt)} by ${report.reporter.name}` : undefined
      }
      onClose={onClose}
      busy={pending}
      size="lg"
      testId="report-detail"
    >
      {detail.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the report" />
        </div>
      ) : detail.isError || !report ? (
        <Alert>{errorMessage(detail.error)}</Alert>
      ) : (
        <div className="flex flex-col gap-5">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-stone-600">Reporter</dt>
              <dd className="text-stone-900">
                {report.reporter.name}
                <span className="block break-all text-stone-600">{report.reporter.email}</span>
              </dd>
            </div>
            <div>
              <dt className="font-medium text-stone-600">Status</dt>
              <dd className="mt-0.5 flex flex-wrap items-center gap-2 text-stone-900">
                <ReportStatusBadge report={report} />
                {report.resolvedAt ? <span>{formatNyDateTime(report.resolvedAt)}</span> : null}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="font-medium text-stone-600">Details from the reporter</dt>
              <dd className="mt-0.5 whitespace-pre-wrap break-words text-stone-900">
                {report.details || <span className="text-stone-600">None given.</span>}
              </dd>
            </div>
            {report.resolutionNote ? (
              <div className="sm:col-span-2">
                <dt className="font-medium text-stone-600">Resolution note</dt>
                <dd className="mt-0.5 whitespace-pre-wrap break-words text-stone-900">
                  {report.resolutionNote}
                </dd>
              </div>
            ) : null}
          </dl>

          {report.subject.kind === 'listing' ? (
            <section
              aria-labelledby="reported-listing"
              className="rounded-xl border border-stone-200 p-4"
            >
              <h3 id="reported-listing" className="text-sm font-semibold text-stone-900">
                Reported listing
              </h3>
              <p className="mt-1 text-stone-900">{report.subject.title}</p>
              <p className="text-sm text-stone-600">
                Now: {listingStateLabel({ status: report.subject.status, unpublishedAt: null })}
              </p>
              <Link
                to={paths.listing.href(report.subject.listingId)}
                className={buttonClass('secondary', 'sm', 'mt-3')}
              >
                Open the listing
              </Link>
            </section>
          ) : (
            <section aria-labelledby="reported-conversation" className="flex flex-col gap-3">
              <h3 id="reported-conversation" className="text-sm font-semibold text-stone-900">
                Reported conversation between{' '}
                {report.subject.participants.map((p) => p.name).join(' and ')}
              </h3>
              <Alert tone="info">
                <strong className="font-semibold">Your access is logged.</strong> Opening this
                conversation was recorded in the audit log with your name and the time. Read only
                what the report needs.
              </Alert>
              <ConversationTranscript
                messages={detail.data.messages ?? []}
                participants={report.subject.participants}
                reporterId={report.reporter.id}
              />
            </section>
          )}

          {report.status === 'open' ? (
            <ResolveReportForm
              reportId={report.id}
              onResolved={onClose}
              onPendingChange={setPending}
            />
          ) : null}
        </div>
      )}
    </ModalDialog>
  );
}
