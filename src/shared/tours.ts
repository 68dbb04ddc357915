/**
 * Tour vocabulary (closed lists) shared by the API and the web app. No zod here: the web app's
 * formatters import these, and a schema module would pull zod into every page's initial JS.
 */

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** morning before 12:00, afternoon 12:00-17:00, evening from 17:00 (local). */
export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** Minutes since midnight of a `TimeOfDay` (`24:00` is 1440). */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

export const DEFAULT_TIME_ZONE = 'America/New_York';

export const TOUR_TYPES = ['in_person', 'video'] as const;

export const TOUR_STATUSES = [
  'requested',
  'confirmed',
  'declined',
  'expired',
  'cancelled',
  'completed',
  'no_show',
] as const;

export const TOUR_NOTE_MAX = 500;
