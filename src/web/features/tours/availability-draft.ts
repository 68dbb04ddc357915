import type { z } from 'zod';
import {
  type Availability,
  AvailabilityInputSchema,
  type TourSettings,
  TourSettingsSchema,
} from '../../../shared/schemas/tours.ts';
import type { FieldErrors } from './availability-helpers.ts';

export { VacationSchema } from '../../../shared/schemas/tours.ts';

/*
 * The availability editor's draft and its checks: the same shared schemas the server validates
 * with, their issues turned into one message per field path ("weeklyHours.monday.0.end").
 */

export type AvailabilityDraft = Availability;

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
