import { describe, expect, it } from 'vitest';
import { TOUR_STATUSES, type TourStatus } from '../../../shared/schemas/tours.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  checkTransition,
  TOUR_ACTIONS,
  type TourAction,
  type TourRole,
} from './tour-transitions.ts';

const HOUR = 3_600_000;
const now = new Date('2026-12-01T12:00:00Z');
const future = new Date(now.getTime() + 48 * HOUR);
const past = new Date(now.getTime() - HOUR);

/** Every allowed move, as [status, action, role, when]; all else must be refused. */
const ALLOWED: [TourStatus, TourAction, TourRole, 'future' | 'past'][] = [
  ['requested', 'confirm', 'landlord', 'future'],
  ['requested', 'decline', 'landlord', 'future'],
  ['requested', 'cancel', 'renter', 'future'],
  ['requested', 'cancel', 'landlord', 'future'],
  ['requested', 'reschedule', 'renter', 'future'],
  ['requested', 'reschedule', 'landlord', 'future'],
  ['confirmed', 'cancel', 'renter', 'future'],
  ['confirmed', 'cancel', 'landlord', 'future'],
  ['confirmed', 'reschedule', 'renter', 'future'],
  ['confirmed', 'reschedule', 'landlord', 'future'],
  ['confirmed', 'complete', 'landlord', 'past'],
  ['confirmed', 'no-show', 'landlord', 'past'],
];

function outcome(status: TourStatus, action: TourAction, role: TourRole, startsAt: Date) {
  try {
    return checkTransition({ action, role, status, startsAt, now, cancelCutoffMinutes: 60 });
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('tour transitions', () => {
  for (const status of TOUR_STATUSES) {
    for (const action of TOUR_ACTIONS) {
      for (const role of ['renter', 'landlord'] as const) {
        for (const when of ['future', 'past'] as const) {
          const allowed = ALLOWED.some(
            ([s, a, r, w]) => s === status && a === action && r === role && w === when,
          );
          it(`${role} ${action} on a ${status} tour (${when}): ${allowed ? 'allowed' : 'refused'}`, () => {
            const result = outcome(status, action, role, when === 'future' ? future : past);
            if (allowed)
              expect(result).toMatch(/^(confirmed|declined|cancelled|completed|no_show)$/);
            else expect(['TOUR_STATE', 'FORBIDDEN']).toContain(result);
          });
        }
      }
    }
  }

  it('refuses a renter cancelling inside the cut-off with the cut-off in the message', () => {
    const soon = new Date(now.getTime() + 30 * 60_000);
    expect(() =>
      checkTransition({
        action: 'cancel',
        role: 'renter',
        status: 'confirmed',
        startsAt: soon,
        now,
        cancelCutoffMinutes: 60,
      }),
    ).toThrow(/up to 1 h before/);
    // The landlord still can.
    expect(
      checkTransition({
        action: 'cancel',
        role: 'landlord',
        status: 'confirmed',
        startsAt: soon,
        now,
        cancelCutoffMinutes: 60,
      }),
    ).toBe('cancelled');
  });

  it('names the state in the refusal', () => {
    expect(() =>
      checkTransition({
        action: 'confirm',
        role: 'landlord',
        status: 'cancelled',
        startsAt: future,
        now,
        cancelCutoffMinutes: 0,
      }),
    ).toThrow('This tour is cancelled, so it can no longer be confirmed.');
  });
});
