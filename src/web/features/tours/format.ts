import type { TourStatus, TourType } from '../../../shared/schemas/tours.ts';
import { WEEKDAYS, type Weekday } from '../../../shared/tours.ts';
import { dateFormat } from '../../lib/date-format.ts';

/*
 * Tour times, shown in the listing's (the landlord's) time zone with Intl. Instants are ISO 8601
 * in UTC; local dates are `YYYY-MM-DD` and times of day `HH:MM`. Date-only arithmetic runs on UTC
 * midnights, where no day is ever 23 or 25 hours long.
 */

/** One formatter per zone and option set, kept (lib/date-format.ts). */
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions, locale = 'en-US') {
  return dateFormat(locale, { timeZone, ...options });
}

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** "5:20 PM" in the zone. */
export function formatTime(value: string | Date, timeZone: string): string {
  return formatter(timeZone, { hour: 'numeric', minute: '2-digit' }).format(toDate(value));
}

/** "5:20 – 5:40 PM" in the zone. */
export function formatTimeRange(start: string | Date, end: string | Date, timeZone: string) {
  return formatter(timeZone, { hour: 'numeric', minute: '2-digit' }).formatRange(
    toDate(start),
    toDate(end),
  );
}

/** "Mon, Nov 30" in the zone. */
export function formatDay(value: string | Date, timeZone: string): string {
  return formatter(timeZone, { weekday: 'short', month: 'short', day: 'numeric' }).format(
    toDate(value),
  );
}

/** "Mon, Nov 30, 5:20 PM" in the zone. */
export function formatDateTime(value: string | Date, timeZone: string): string {
  return formatter(timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(toDate(value));
}

/** The zone's short name at that instant: "EST", "EDT", "GMT+1". */
export function zoneAbbreviation(value: string | Date, timeZone: string): string {
  const parts = formatter(timeZone, { timeZoneName: 'short' }).formatToParts(toDate(value));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** "New York" from "America/New_York". */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');
}

/** The local calendar date of an instant in the zone, `YYYY-MM-DD`. */
export function localDate(value: string | Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(
    toDate(value),
  );
}

/** Today's date in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDate(now, timeZone);
}

const dayMs = 86_400_000;
const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** A local date `days` later (or earlier). */
export function addDays(date: string, days: number): string {
  return new Date(utcMidnight(date) + days * dayMs).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / dayMs);
}

/** The weekday of a local date. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(utcMidnight(date)).getUTCDay() + 6) % 7] as Weekday;
}

/** The Monday on or before a local date. */
export function startOfWeek(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

/** A local date, written out: "Monday, November 30" (style long) or "Mon, Nov 30". */
export function formatLocalDate(date: string, style: 'short' | 'long' = 'short'): string {
  return formatter('UTC', {
    weekday: style,
    month: style,
    day: 'numeric',
  }).format(new Date(utcMidnight(date)));
}

/** "5:30 PM" from "17:30"; "midnight" for 24:00. */
export function formatTimeOfDay(time: string): string {
  if (time === '24:00') return 'midnight';
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** "20 min", "1 h", "1 h 30 min", "2 days". */
export function formatMinutes(total: number): string {
  if (total >= 1440 && total % 1440 === 0) {
    const days = total / 1440;
    return `${days} day${days === 1 ? '' : 's'}`;
  }
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

export const WEEKDAY_LABEL: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const TOUR_STATUS_LABEL: Record<TourStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'No-show',
};

/** Badge colours per status (text contrast checked against WCAG AA). */
export const TOUR_STATUS_CLASS: Record<TourStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-stone-200 text-stone-800',
  expired: 'bg-stone-200 text-stone-800',
  cancelled: 'bg-red-100 text-red-900',
  completed: 'bg-sky-100 text-sky-900',
  no_show: 'bg-orange-100 text-orange-900',
};

export const TOUR_TYPE_LABEL: Record<TourType, string> = {
  in_person: 'In person',
  video: 'Video',
};

export const DAY_PART_LABEL = {
  morning: 'Mornings',
  afternoon: 'Afternoons',
  evening: 'Evenings',
} as const;
