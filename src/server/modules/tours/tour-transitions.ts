import { TOUR_TRANSITIONS, type TourStatus } from '../../../shared/schemas/tours.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * Who may move a tour where, and when (issue 13). The statuses a tour may reach come from the
 * shared TOUR_TRANSITIONS; this adds the actor and the clock. Pure: the service reads the row,
 * asks here, then writes.
 */

export const TOUR_ACTIONS = [
  'confirm',
  'decline',
  'cancel',
  'reschedule',
  'complete',
  'no-show',
] as const;
export type TourAction = (typeof TOUR_ACTIONS)[number];

export type TourRole = 'renter' | 'landlord';

/** The status each action leaves the tour in (a reschedule cancels the old tour). */
export const ACTION_STATUS: Record<TourAction, TourStatus> = {
  confirm: 'confirmed',
  decline: 'declined',
  cancel: 'cancelled',
  reschedule: 'cancelled',
  complete: 'completed',
  'no-show': 'no_show',
};

const LANDLORD_ONLY: readonly TourAction[] = ['confirm', 'decline', 'complete', 'no-show'];

const STATUS_WORDS: Record<TourStatus, string> = {
  requested: 'still waiting for an answer',
  confirmed: 'confirmed',
  declined: 'declined',
  expired: 'expired',
  cancelled: 'cancelled',
  completed: 'completed',
  no_show: 'marked as a no-show',
};

const ACTION_WORDS: Record<TourAction, string> = {
  confirm: 'confirmed',
  decline: 'declined',
  cancel: 'cancelled',
  reschedule: 'rescheduled',
  complete: 'marked completed',
  'no-show': 'marked as a no-show',
};

function refuse(message: string): AppError {
  return new AppError('TOUR_STATE', { message });
}

export type TransitionCheck = {
  action: TourAction;
  role: TourRole;
  status: TourStatus;
  startsAt: Date;
  now: Date;
  /** The listing's renter cancel cut-off. */
  cancelCutoffMinutes: number;
};

/**
 * Throws the clear refusal for an action that may not happen now: FORBIDDEN for a role that
 * never may (a renter confirming), TOUR_STATE (409) for a tour in the wrong state or at the
 * wrong time. Returns the status the tour moves to.
 */
export function checkTransition(check: TransitionCheck): TourStatus {
  const { action, role, status, startsAt, now } = check;
  if (role === 'renter' && LANDLORD_ONLY.includes(action)) {
    throw new AppError('FORBIDDEN', {
      message: `Only the landlord can mark a tour ${ACTION_WORDS[action]}.`,
    });
  }
  const target = ACTION_STATUS[action];
  // A reschedule needs a live tour to move, as a cancel does.
  const allowed =
    TOUR_TRANSITIONS[status].includes(target) &&
    !(action === 'reschedule' && status !== 'requested' && status !== 'confirmed');
  if (!allowed) {
    throw refuse(
      `This tour is ${STATUS_WORDS[status]}, so it can no longer be ${ACTION_WORDS[action]}.`,
    );
  }
  const started = now.getTime() >= startsAt.getTime();
  if ((action === 'complete' || action === 'no-show') && !started) {
    throw refuse(`A tour can be ${ACTION_WORDS[action]} only once it has started.`);
  }
  if ((action === 'cancel' || action === 'reschedule') && started) {
    throw refuse(
      role === 'landlord' && status === 'confirmed'
        ? 'This tour has already started: mark it completed or a no-show instead.'
        : `This tour has already started, so it can no longer be ${ACTION_WORDS[action]}.`,
    );
  }
  if ((action === 'confirm' || action === 'decline') && started) {
    throw refuse(`This request's time has passed, so it can no longer be ${ACTION_WORDS[action]}.`);
  }
  if (
    role === 'renter' &&
    status === 'confirmed' &&
    (action === 'cancel' || action === 'reschedule')
  ) {
    const cutoff = startsAt.getTime() - check.cancelCutoffMinutes * 60_000;
    if (now.getTime() > cutoff) {
      throw refuse(
        `Tours can be ${ACTION_WORDS[action]} up to ${formatMinutes(check.cancelCutoffMinutes)} before they start; please message the landlord instead.`,
      );
    }
  }
  return target;
}

/** 90 → "1 h 30 min", 1440 → "24 h". */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
