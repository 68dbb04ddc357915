import { Link } from 'react-router';
import type { Report } from '../../../../shared/schemas/reports.ts';
import { paths } from '../../../config/paths.ts';
import { reasonLabel, resolutionLabel } from '../format.ts';
import { Badge, type BadgeTone } from './admin-ui.tsx';

/** What was reported: the listing (a link to it) or the conversation's two people. */
export function ReportSubject({ subject }: { subject: Report['subject'] }) {
  if (subject.kind === 'listing') {
    return (
      <span className="min-w-0">
        <span className="text-xs font-medium text-stone-600">Listing · </span>
        <Link
          to={paths.listing.href(subject.listingId)}
          className="font-medium break-words text-brand-800 underline-offset-2 hover:underline"
        >
          {subject.title}
        </Link>
      </span>
    );
  }
  const names = subject.participants.map((p) => p.name).join(' and ');
  return (
    <span className="min-w-0">
      <span className="text-xs font-medium text-stone-600">Conversation · </span>
      <span className="font-medium text-stone-900">{names || 'Two users'}</span>
    </span>
  );
}

const REASON_TONES: Partial<Record<Report['reason'], BadgeTone>> = {
  scam: 'bad',
  discrimination: 'bad',
  harassment: 'bad',
};

export function ReasonBadge({ reason }: { reason: Report['reason'] }) {
  return <Badge tone={REASON_TONES[reason] ?? 'warn'}>{reasonLabel(reason)}</Badge>;
}

export function ReportStatusBadge({ report }: { report: Pick<Report, 'status' | 'resolution'> }) {
  if (report.status === 'open') return <Badge tone="brand">Open</Badge>;
  return (
    <Badge tone={report.resolution === 'action-taken' ? 'good' : 'neutral'}>
      {resolutionLabel(report.resolution)}
    </Badge>
  );
}
