import {
  incomeMetBy,
  OPEN_APPLICATION_STATUSES,
  RENTED_NOTICE,
} from '../../../shared/applications.ts';
import { DOCUMENT_KIND_LABELS } from '../../../shared/renter-documents.ts';
import type {
  Application,
  ApplicationStatus,
  DECLINE_REASONS,
} from '../../../shared/schemas/applications.ts';
import type { MemberRole } from '../../../shared/schemas/households.ts';
import { dateFormat } from '../../lib/date-format.ts';

/* What an application's state and history say, in words, to either side. */

/** `member`: a co-applicant or guarantor, for whom the primary's moves are not theirs. */
export type Side = 'renter' | 'member' | 'landlord';
type TimelineEntry = Application['timeline'][number];

export const STATUS_LABEL: Record<ApplicationStatus, string> = {
  awaiting_household: 'Waiting for household',
  submitted: 'Submitted',
  info_requested: 'Information requested',
  offered: 'Offer made',
  accepted: 'Offer accepted',
  offer_rejected: 'Offer rejected',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
};

/** The status as the renter reads it on /applications. */
export const RENTER_STATUS_TEXT: Record<ApplicationStatus, string> = {
  awaiting_household:
    'Waiting for your household. Everyone you invited must join before the landlord sees it.',
  submitted: 'The landlord has your application.',
  info_requested: 'The landlord asked you for more information.',
  offered: 'The landlord offered you the apartment.',
  accepted: 'You accepted the offer. The apartment is yours.',
  offer_rejected: 'You turned down the offer.',
  declined: 'The landlord declined your application.',
  withdrawn: 'You withdrew this application.',
  closed: RENTED_NOTICE,
};

export const STATUS_TONE: Record<ApplicationStatus, string> = {
  awaiting_household: 'bg-amber-100 text-amber-900',
  submitted: 'bg-brand-50 text-brand-900',
  info_requested: 'bg-amber-100 text-amber-900',
  offered: 'bg-emerald-100 text-emerald-900',
  accepted: 'bg-emerald-700 text-white',
  offer_rejected: 'bg-stone-200 text-stone-800',
  declined: 'bg-red-100 text-red-900',
  withdrawn: 'bg-stone-200 text-stone-800',
  closed: 'bg-stone-200 text-stone-800',
};

export const DECLINE_REASON_LABEL: Record<(typeof DECLINE_REASONS)[number], string> = {
  income: 'Income below what the listing asked',
  incomplete: 'The application was incomplete',
  rented: 'The apartment was rented to someone else',
  other: 'Another reason',
};

/**
 * The status as a co-applicant or guarantor reads it: the application is the primary's, so
 * "you" is only what is theirs to do.
 */
export function memberStatusText(status: ApplicationStatus, primary: string): string {
  switch (status) {
    case 'awaiting_household':
      return 'Waiting for everyone invited to join before the landlord sees it.';
    case 'submitted':
      return 'The landlord has the application.';
    case 'info_requested':
      return `The landlord asked ${primary} for more information.`;
    case 'offered':
      return `The landlord made an offer. ${primary} accepts or rejects it.`;
    case 'accepted':
      return `${primary} accepted the offer. The apartment is yours.`;
    case 'offer_rejected':
      return `${primary} turned down the offer.`;
    case 'withdrawn':
      return `${primary} withdrew this application.`;
    default:
      return RENTER_STATUS_TEXT[status];
  }
}

export const ROLE_LABEL: Record<MemberRole, string> = {
  co_applicant: 'Co-applicant',
  guarantor: 'Guarantor',
};

/** Open: the landlord still has to act, or the renter to answer. */
export const isOpen = (status: ApplicationStatus) =>
  (OPEN_APPLICATION_STATUSES as readonly ApplicationStatus[]).includes(status);

/** Until an offer is made, the primary applicant may change who is in the household. */
export const canChangeHousehold = (status: ApplicationStatus) =>
  status === 'awaiting_household' || status === 'submitted' || status === 'info_requested';

/** One timeline entry in words; `detail` (what was asked or answered) is shown beside it. */
export function timelineText(entry: TimelineEntry, side: Side): string {
  const you = (mine: boolean, yours: string, theirs: string) => (mine ? yours : theirs);
  switch (entry.kind) {
    case 'submitted':
      return you(side === 'renter', 'You sent the application', 'Application received');
    case 'viewed':
      return you(
        side === 'landlord',
        'You opened the application',
        'The landlord viewed your application',
      );
    case 'document_opened':
      return you(
        side === 'landlord',
        `You opened ${entry.detail ?? 'a document'}`,
        `The landlord opened ${entry.detail ?? 'a document'}`,
      );
    case 'info_requested':
      return you(
        side === 'landlord',
        'You asked for more information',
        'The landlord asked for more information',
      );
    case 'responded':
      return you(side === 'renter', 'You answered', 'The applicant answered');
    case 'offered':
      return you(side === 'landlord', 'You made an offer', 'The landlord made an offer');
    case 'accepted':
      return you(side === 'renter', 'You accepted the offer', 'The applicant accepted the offer');
    case 'offer_rejected':
      return you(side === 'renter', 'You rejected the offer', 'The applicant rejected the offer');
    case 'declined':
      return you(
        side === 'landlord',
        'You declined the application',
        'The landlord declined the application',
      );
    case 'withdrawn':
      return you(
        side === 'renter',
        'You withdrew the application',
        'The applicant withdrew the application',
      );
    case 'closed':
      return 'Closed: the apartment was rented';
    case 'member_invited':
      return `${you(side === 'renter', 'You', 'The applicant')} invited ${entry.detail ?? 'someone'}`;
    case 'member_joined':
      return `${entry.detail ?? 'Someone'} joined the application`;
    case 'member_removed':
      return `${entry.detail ?? 'Someone'} was removed from the application`;
    case 'member_left':
      return `${entry.detail ?? 'Someone'} left the application`;
    case 'offer_signed':
      return `The offer was signed${entry.detail ? ` by ${entry.detail}` : ''}`;
  }
}

/** Whether an entry's `detail` is words to quote (a message), not a name already in the text. */
export function quotesDetail(entry: TimelineEntry): boolean {
  return (
    entry.detail !== null &&
    (entry.kind === 'info_requested' || entry.kind === 'responded' || entry.kind === 'closed')
  );
}

/** The landlord's latest request for information, if any. */
export function latestRequest(application: Application): string | null {
  const asks = application.timeline.filter((entry) => entry.kind === 'info_requested');
  return asks.at(-1)?.detail ?? null;
}

const format = (options: Intl.DateTimeFormatOptions) =>
  dateFormat('en-US', { timeZone: 'America/New_York', ...options });

/** "Nov 28, 2026" in New York. */
export const dateText = (iso: string) =>
  format({ month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** "Nov 28, 2026, 9:14 AM" in New York. */
export const dateTimeText = (iso: string) =>
  format({
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/** A calendar date ("2027-03-01") as "Mar 1, 2027", whatever the zone. */
export function dayText(day: string): string {
  return dateFormat('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A month ("2022-04") as "Apr 2022". */
export function monthText(month: string): string {
  return dateFormat('en-US', {
    timeZone: 'UTC',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * Whether the income asked for is met, by the household or through a guarantor (the shared rule
 * the server applies; a program paying all meets any).
 */
export function meetsIncome(application: Application): boolean {
  return incomeWay(application) !== false;
}

/** Which way the income is met: the household's, a guarantor's, or not at all. */
export const incomeWay = (application: Application) =>
  incomeMetBy(
    application.criteria,
    application.incomeMultiple,
    application.guarantorIncomeMultiple ?? null,
  );

/** "Meets the criteria with the household's income" and the like, for the landlord. */
export function criteriaWayText(application: Application): string {
  const way = incomeWay(application);
  if (way === 'guarantor') return 'Meets the criteria through the guarantor';
  if (way === 'household') {
    return application.members.some((m) => m.role === 'co_applicant' && m.status === 'joined')
      ? "Meets the criteria with the household's income"
      : "Meets the criteria with the applicant's income";
  }
  return 'Does not meet the income asked';
}

/** The guarantor's multiple against the listing's guarantor multiple, or null without one. */
export function guarantorIncomeText(application: Application): string | null {
  const achieved = application.guarantorIncomeMultiple;
  if (achieved === null || achieved === undefined) return null;
  const required = application.criteria.guarantorIncomeMultiple;
  if (required === null) return `${achieved.toFixed(1)}× (no guarantor multiple asked)`;
  return `${achieved.toFixed(1)}× of ${required}× — ${achieved >= required ? 'meets' : 'does not meet'}`;
}

/**
 * The income multiple against the criteria: "42.0× of 40× — meets", "31.5× of 40× — does not
 * meet", "42.0× (no income multiple asked)", or the rent paid in full by a program.
 */
export function incomeText(application: Application): string {
  const required = application.criteria.incomeMultiple;
  const achieved = application.incomeMultiple;
  const what = achieved === null ? 'Rent paid in full by a program' : `${achieved.toFixed(1)}×`;
  if (required === null) return `${what} (no income multiple asked)`;
  // The household's own figure: a guarantor meeting it instead is said on its own line.
  const meets = achieved === null || achieved >= required;
  return `${what} of ${required}× — ${meets ? 'meets' : 'does not meet'}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Pay stub", "ID". */
export const kindText = (kind: keyof typeof DOCUMENT_KIND_LABELS) =>
  capitalised(DOCUMENT_KIND_LABELS[kind]);

/** The required kinds of document the application does not carry (or carries removed). */
export function missingKinds(application: Application) {
  const sent = new Set(application.documents.filter((d) => !d.removed).map((d) => d.kind));
  return application.criteria.requiredDocuments.filter((kind) => !sent.has(kind));
}

/** 2048 → "2 KB"; 1_572_864 → "1.5 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}
