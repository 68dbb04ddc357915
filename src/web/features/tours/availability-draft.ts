import type { z } from 'zod';
import {
  type Availability,
  AvailabilityInputSchema,
  minutesOfDay,
  type TimeRange,
  type TourSettings,
  TourSettingsSchema,
  WEEKDAYS,
  type Weekday,
  type WeeklyHours,
} from '../../../shared/schemas/tours.ts';

/*
 * The availability editor's draft and its checks: the same shared schemas the server validates
 * with, their issues turned into one message per field path ("weeklyHours.monday.0.end").
 */

export type AvailabilityDraft = Availability;

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

type Issue = z.core.$ZodIssue;

type NumberBounds = { minValue: number | null; maxValue: number | null };

/** The bounds of a numeric tour setting, read from the shared schema itself. */
export function settingBounds(key: keyof TourSettings): { min: number; max: number } | null {
  const field = TourSettingsSchema.shape[key] as unknown as { unwrap?: () => unknown };
  const inner = (typeof field.unwrap === 'function' ? field.unwrap() : field) as NumberBounds;
  if (typeof inner.minValue !== 'number' || typeof inner.maxValue !== 'number') return null;
  return { min: inner.minValue, max: inner.maxValue };
}

function messageFor(issue: Issue): string {
  const path = issue.path.map(String);
  const settingKey = path[0] === 'tourDefaults' ? path[1] : path[0];
  if (settingKey && settingKey in TourSettingsSchema.shape && path.length <= 2) {
    const bounds = settingBounds(settingKey as keyof TourSettings);
    if (bounds) return `Enter a whole number from ${bounds.min} to ${bounds.max}.`;
  }
  if (issue.code === 'invalid_type') return 'Fill this in.';
  return issue.message;
}

/** Turns a schema's issues into one message per path. */
export function issuesToErrors(issues: readonly Issue[], prefix: string[] = []): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = [...prefix, ...issue.path.map(String)].join('.');
    errors[key] ??= messageFor(issue);
  }
  return errors;
}

/** Checks the whole draft as `PUT /api/landlord/availability` would; empty when it is valid. */
export function validateAvailability(draft: AvailabilityDraft): FieldErrors {
  const result = AvailabilityInputSchema.safeParse(draft);
  return result.success ? {} : issuesToErrors(result.error.issues);
}

/** Checks one listing's own settings. */
export function validateTourSettings(settings: TourSettings): FieldErrors {
  const result = TourSettingsSchema.safeParse(settings);
  return result.success ? {} : issuesToErrors(result.error.issues);
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

/** Every IANA zone the browser knows, with the default kept in even on an old runtime. */
export function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  return zones.includes('America/New_York') ? zones : ['America/New_York', ...zones];
}
