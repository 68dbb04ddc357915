import { REPORT_REASON_LABELS } from '../../../shared/reports.ts';
import type { AuditAction, AuditEntry } from '../../../shared/schemas/admin.ts';
import type { Report } from '../../../shared/schemas/reports.ts';
import { dateFormat } from '../../lib/date-format.ts';

/** Stoop shows times in New York (docs/architecture.md §3), whatever the admin's own zone. */
const NEW_YORK = 'America/New_York';

const DATE_TIME = () =>
  dateFormat('en-US', {
    timeZone: NEW_YORK,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });

const DATE = () =>
  dateFormat('en-US', {
    timeZone: NEW_YORK,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/** "Nov 24, 2026, 4:05 PM EST": an instant in New York time, its zone named. */
export function formatNyDateTime(iso: string): string {
  return DATE_TIME().format(new Date(iso));
}

/** "Nov 24, 2026" in New York. */
export function formatNyDate(iso: string): string {
  return DATE().format(new Date(iso));
}

/** What each audited action reads as in the log. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.suspend': 'Suspended account',
  'user.restore': 'Restored account',
  'user.delete': 'Deleted their own account',
  'listing.unpublish': 'Took down listing',
  'listing.restore': 'Restored listing',
  'listing.feature': 'Featured listing',
  'listing.unfeature': 'Unfeatured listing',
  'report.resolve': 'Resolved report',
  'report.view-conversation': 'Read reported conversation',
};

const RESOLUTION_LABELS = { dismissed: 'Dismissed', 'action-taken': 'Action taken' } as const;

export function resolutionLabel(resolution: Report['resolution']): string {
  return resolution === null ? 'Open' : RESOLUTION_LABELS[resolution];
}

/** The short name of a reason ("Scam or fraud"), without the example in brackets. */
export function reasonLabel(reason: Report['reason']): string {
  return REPORT_REASON_LABELS[reason].replace(/\s*\(.*\)$/, '');
}

const DETAIL_LABELS: Record<string, string> = {
  reason: 'Reason',
  note: 'Note',
  resolution: 'Resolution',
  sessionsEnded: 'Sessions ended',
  messages: 'Messages read',
  suspendedAt: 'Suspended since',
};

/** Ids the entry already names through its target. */
const HIDDEN_DETAILS = new Set(['reportId']);

function detailValue(key: string, value: unknown): string {
  if (key === 'resolution' && (value === 'dismissed' || value === 'action-taken')) {
    return resolutionLabel(value);
  }
  if (key.endsWith('At') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
    return formatNyDateTime(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * An audit entry's details as labelled lines: a status change as "from → to", times in New
 * York, known keys named, others as they come; empty values and internal ids left out.
 */
export function auditDetails(details: AuditEntry['details']): Array<[string, string]> {
  const lines: Array<[string, string]> = [];
  const { from, to, ...rest } = details;
  if (typeof from === 'string' && typeof to === 'string' && from !== to) {
    lines.push(['Status', `${from} → ${to}`]);
  }
  for (const [key, value] of Object.entries(rest)) {
    if (value === null || value === undefined || value === '' || HIDDEN_DETAILS.has(key)) continue;
    const generic = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    const label = DETAIL_LABELS[key] ?? generic.charAt(0).toUpperCase() + generic.slice(1);
    lines.push([label, detailValue(key, value)]);
  }
  return lines;
}

const LISTING_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  draft: 'Draft',
  archived: 'Archived',
  rented: 'Rented',
};

/** A listing's state for the console: a takedown wins over the status it hides behind. */
export function listingStateLabel(listing: { status: string; unpublishedAt: string | null }) {
  if (listing.unpublishedAt !== null) return 'Taken down';
  return LISTING_STATUS_LABELS[listing.status] ?? listing.status;
}

export const ROLE_LABELS = { renter: 'Renter', landlord: 'Landlord', admin: 'Admin' } as const;

/** "1 listing", "3 listings". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
