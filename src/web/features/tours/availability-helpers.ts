import type { TimeRange, Weekday, WeeklyHours } from '../../../shared/schemas/tours.ts';
import { minutesOfDay, WEEKDAYS } from '../../../shared/tours.ts';

/*
 * The availability editor's draft helpers, without zod: the waitlist and tours screens use the
 * pickers and ranges too, and the checks (availability-draft.ts) load zod with the schemas.
 */

/** One message per field path; the first issue of a path wins. */
export type FieldErrors = Record<string, string>;

/** Times offered in the hour pickers: every 15 minutes, then midnight as an end. */
export const TIME_STEPS: readonly string[] = Array.from({ length: 97 }, (_, i) => {
  const minutes = i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A sensible next range for a day: an hour after its last one ends, or 9:00-17:00 on an empty day. */
export function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = [...ranges].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start)).at(-1);
  if (!last) return { start: '09:00', end: '17:00' };
  const start = Math.min(minutesOfDay(last.end) + 60, 23 * 60);
  return { start: toTime(start), end: toTime(Math.min(start + 60, 24 * 60)) };
}

/** Copies one day's ranges onto other days (their own ranges are replaced). */
export function copyDay(weekly: WeeklyHours, from: Weekday, to: readonly Weekday[]): WeeklyHours {
  const next = { ...weekly };
  for (const day of to) {
    if (day !== from) next[day] = weekly[from].map((range) => ({ ...range }));
  }
  return next;
}

/** Lists the weekdays with at least one range. */
export function openDays(weekly: WeeklyHours): Weekday[] {
  return WEEKDAYS.filter((day) => weekly[day].length > 0);
}

/** The errors under a path prefix ("weeklyHours.monday"), itself included. */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const found: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === prefix || key.startsWith(`${prefix}.`)) found[key] = message;
  }
  return found;
}

/** Two drafts hold the same values (the draft against what is saved). */
export function sameDraft(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

let knownZones: string[] | null = null;

/**
 * Every IANA zone the browser knows, with the default kept in even on an old runtime. Made on
 * first use and kept: asking the runtime for the list took 1.5 ms in the editor's first render.
 */
export function timeZones(): string[] {
  if (knownZones === null) {
    const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
    const zones = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
    knownZones = zones.includes('America/New_York') ? zones : ['America/New_York', ...zones];
  }
  return knownZones;
}
