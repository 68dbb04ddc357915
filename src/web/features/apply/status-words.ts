import { OPEN_APPLICATION_STATUSES, RENTED_NOTICE } from '../../../shared/applications.ts';
import type { ApplicationStatus } from '../../../shared/schemas/applications.ts';

/** A renter's own application on the listing page: its status, and what comes next. */
export const STATUS_WORDS: Record<ApplicationStatus, { title: string; next: string }> = {
  awaiting_household: {
    title: 'Waiting for your household',
    next: 'Everyone you invited must join before the landlord sees it.',
  },
  submitted: {
    title: 'Application submitted',
    next: 'The landlord reviews it against the criteria shown here.',
  },
  info_requested: {
    title: 'The landlord asked for more information',
    next: 'Answer them from your applications.',
  },
  offered: {
    title: 'You have an offer',
    next: 'Read the terms and answer from your applications.',
  },
  accepted: { title: 'Offer accepted', next: 'The terms are in your applications.' },
  offer_rejected: { title: 'You turned the offer down', next: 'You may apply again.' },
  declined: { title: 'Application declined', next: 'You may apply again.' },
  withdrawn: { title: 'Application withdrawn', next: 'You may apply again.' },
  closed: { title: 'Application closed', next: RENTED_NOTICE },
};

/** Waiting for the household, submitted, info requested or offered: the renter cannot send another one to this listing. */
export const isOpen = (status: ApplicationStatus) =>
  (OPEN_APPLICATION_STATUSES as readonly string[]).includes(status);
