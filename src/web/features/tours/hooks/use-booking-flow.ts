import { useReducer } from 'react';
import type { Tour, TourType } from '../../../../shared/schemas/tours.ts';
import { newIdempotencyKey } from '../api/book-tour.ts';

/** A time the renter can book: a free slot, or the one a waitlist offer holds for them. */
export type ChosenSlot = { start: string; end: string; seatsLeft?: number };

/**
 * The booking section's steps, as in Cal.com: pick a date and a time, then confirm (type, note),
 * then done. `key` is the idempotency key of the confirm step: made when a time is chosen and
 * kept for every retry of it, so a double click or a retried request books once.
 */
export type BookingState =
  | { step: 'pick'; date: string | null; notice: string | null }
  | {
      step: 'confirm';
      date: string | null;
      slot: ChosenSlot;
      type: TourType;
      note: string;
      key: string;
    }
  | { step: 'done'; date: string | null; tour: Tour };

export type BookingAction =
  | { kind: 'date'; date: string }
  | { kind: 'slot'; slot: ChosenSlot; type: TourType }
  | { kind: 'type'; type: TourType }
  | { kind: 'note'; note: string }
  | { kind: 'back' }
  | { kind: 'taken'; message: string }
  | { kind: 'booked'; tour: Tour }
  | { kind: 'again' };

export function bookingReducer(state: BookingState, action: BookingAction): BookingState {
  switch (action.kind) {
    case 'date':
      // A "just taken" notice stays while the renter looks at other days (the picker also
      // moves on by itself when the chosen day fills up); choosing a time clears it.
      return {
        step: 'pick',
        date: action.date,
        notice: state.step === 'pick' ? state.notice : null,
      };
    case 'slot':
      return {
        step: 'confirm',
        date: state.date,
        slot: action.slot,
        type: action.type,
        note: state.step === 'confirm' ? state.note : '',
        key: newIdempotencyKey(),
      };
    case 'type':
      return state.step === 'confirm' ? { ...state, type: action.type } : state;
    case 'note':
      return state.step === 'confirm' ? { ...state, note: action.note } : state;
    case 'back':
      return { step: 'pick', date: state.date, notice: null };
    case 'taken':
      // Back to the same day's times (refetched), with the reason on top.
      return { step: 'pick', date: state.date, notice: action.message };
    case 'booked':
      return { step: 'done', date: state.date, tour: action.tour };
    case 'again':
      return { step: 'pick', date: state.date, notice: null };
  }
}

export function useBookingFlow() {
  return useReducer(bookingReducer, { step: 'pick', date: null, notice: null });
}
