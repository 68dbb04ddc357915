import { z } from 'zod';
import {
  DAY_PARTS,
  isTimeZone,
  minutesOfDay,
  TOUR_NOTE_MAX,
  TOUR_STATUSES,
  TOUR_TYPES,
  WEEKDAYS,
  type Weekday,
} from '../tours.ts';
import { IdempotencyKeySchema } from './messaging.ts';

export {
  DEFAULT_TIME_ZONE,
  isTimeZone,
  minutesOfDay,
  TOUR_NOTE_MAX,
  TOUR_STATUSES,
  TOUR_TYPES,
} from '../tours.ts';

/*
 * Tours, tour availability and the waitlist (issue 13). Times of day and dates are local to the
 * landlord's time zone; instants (`start`, `end`, `createdAt`, …) are ISO 8601 in UTC.
 */

// ---- Building blocks ----

/** A wall-clock time, `HH:MM` on a 24-hour clock; `24:00` ends a range at midnight. */
export const TimeOfDaySchema = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Use a time like 17:30 (24-hour clock).');

/** `YYYY-MM-DD`, a calendar date in the landlord's time zone. */
export const LocalDateSchema = z.iso.date('Use a date like 2026-12-01.');

/** An IANA time zone the runtime knows. */
export const TimeZoneSchema = z.string().max(64).refine(isTimeZone, 'Unknown time zone.');

export const TimeRangeSchema = z
  .object({ start: TimeOfDaySchema, end: TimeOfDaySchema })
  .refine((range) => minutesOfDay(range.start) < minutesOfDay(range.end), {
    message: 'A range must end after it starts.',
    path: ['end'],
  });
export type TimeRange = z.infer<typeof TimeRangeSchema>;

/** One day's hours: ranges that do not overlap (touching is fine), in any order. */
export const DayRangesSchema = z
  .array(TimeRangeSchema)
  .max(12)
  .superRefine((ranges, issues) => {
    const sorted = [...ranges].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
    for (let i = 1; i < sorted.length; i += 1) {
      const previous = sorted[i - 1];
      const current = sorted[i];
      if (previous && current && minutesOfDay(current.start) < minutesOfDay(previous.end)) {
        issues.addIssue({ code: 'custom', message: 'Ranges on one day must not overlap.' });
        return;
      }
    }
  });

export { WEEKDAYS, type Weekday };

/** Weekly hours; a day left out (or empty) is closed. */
export const WeeklyHoursSchema = z.object({
  monday: DayRangesSchema.default([]),
  tuesday: DayRangesSchema.default([]),
  wednesday: DayRangesSchema.default([]),
  thursday: DayRangesSchema.default([]),
  friday: DayRangesSchema.default([]),
  saturday: DayRangesSchema.default([]),
  sunday: DayRangesSchema.default([]),
});
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

/** A date's own hours, replacing the weekly ones; no ranges closes the date. */
export const DateOverrideSchema = z.object({ date: LocalDateSchema, ranges: DayRangesSchema });
export type DateOverride = z.infer<typeof DateOverrideSchema>;

/** Closed from `start` to `end`, both included. */
export const VacationSchema = z
  .object({ start: LocalDateSchema, end: LocalDateSchema })
  .refine((vacation) => vacation.start <= vacation.end, {
    message: 'A vacation must end on or after its first day.',
    path: ['end'],
  });
export type Vacation = z.infer<typeof VacationSchema>;

// ---- Tour settings (per listing, defaults from the landlord) ----

export const TourTypeSchema = z.enum(TOUR_TYPES);
export type TourType = z.infer<typeof TourTypeSchema>;

export const BOOKING_MODES = ['instant', 'request'] as const;
export const BookingModeSchema = z.enum(BOOKING_MODES);

const minutes = (min: number, max: number) => z.number().int().min(min).max(max);

export const TourSettingsSchema = z.object({
  /** How long a tour lasts. */
  lengthMinutes: minutes(10, 240),
  /** The step between slot starts. */
  intervalMinutes: minutes(5, 240),
  /** Kept free before and after every tour (the landlord's, on any listing). */
  bufferBeforeMinutes: minutes(0, 240),
  bufferAfterMinutes: minutes(0, 240),
  /** How far ahead a tour must be booked. */
  minNoticeMinutes: minutes(0, 60 * 24 * 14),
  /** How many days ahead tours can be booked, today included. */
  windowDays: z.number().int().min(1).max(90),
  /** Tours (not seats) a day on this listing; null: no cap. */
  maxPerDay: z.number().int().min(1).max(100).nullable(),
  /** Renters per slot: 1 is a private tour, more an open house. */
  capacity: z.number().int().min(1).max(50),
  /** `instant` confirms on booking; `request` waits for the landlord. */
  mode: BookingModeSchema,
  /** An unanswered request expires after this many hours. */
  requestExpiryHours: z.number().int().min(1).max(168),
  types: z.array(TourTypeSchema).min(1, 'Offer at least one tour type.').max(2),
  /** A renter may cancel a confirmed tour until this long before it. */
  cancelCutoffMinutes: minutes(0, 60 * 24 * 7),
  /** Renters may join the waitlist. */
  waitlistOpen: z.boolean(),
  /** How long a waitlist offer is held for its renter. */
  offerHoldMinutes: minutes(15, 60 * 24),
});
export type TourSettings = z.infer<typeof TourSettingsSchema>;

export const DEFAULT_TOUR_SETTINGS: TourSettings = {
  lengthMinutes: 20,
  intervalMinutes: 20,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minNoticeMinutes: 120,
  windowDays: 21,
  maxPerDay: null,
  capacity: 1,
  mode: 'instant',
  requestExpiryHours: 24,
  types: ['in_person', 'video'],
  cancelCutoffMinutes: 60,
  waitlistOpen: true,
  offerHoldMinutes: 120,
};

/** `PUT /api/listings/{id}/tour-settings`: fields given replace the current ones. */
export const TourSettingsInputSchema = TourSettingsSchema.partial().extend({
  /** true: drop the listing's own settings and follow the landlord's defaults again. */
  inherit: z.boolean().optional(),
});
export type TourSettingsInput = z.infer<typeof TourSettingsInputSchema>;

/** `GET`/`PUT /api/listings/{id}/tour-settings`. */
export const ListingTourSettingsSchema = TourSettingsSchema.extend({
  listingId: z.uuid(),
  /** true while the listing follows its landlord's defaults. */
  inherited: z.boolean(),
  timeZone: z.string(),
});
export type ListingTourSettings = z.infer<typeof ListingTourSettingsSchema>;

// ---- Availability (per landlord) ----

export const AvailabilitySchema = z.object({
  timeZone: z.string(),
  weeklyHours: WeeklyHoursSchema,
  overrides: z.array(DateOverrideSchema),
  vacations: z.array(VacationSchema),
  /** Tour settings for the landlord's listings that have none of their own. */
  tourDefaults: TourSettingsSchema,
});
export type Availability = z.infer<typeof AvailabilitySchema>;

/** `PUT /api/landlord/availability`: fields given replace the current ones. */
export const AvailabilityInputSchema = z
  .object({
    timeZone: TimeZoneSchema,
    weeklyHours: WeeklyHoursSchema,
    overrides: z
      .array(DateOverrideSchema)
      .max(400)
      .refine((list) => new Set(list.map((item) => item.date)).size === list.length, {
        message: 'Each date can have only one override.',
      }),
    vacations: z.array(VacationSchema).max(50),
    tourDefaults: TourSettingsSchema.partial(),
  })
  .partial();
export type AvailabilityInput = z.infer<typeof AvailabilityInputSchema>;

// ---- Slots ----

export const SlotsQuerySchema = z
  .object({ from: LocalDateSchema, to: LocalDateSchema })
  .refine((query) => query.from <= query.to, {
    message: 'The range must end on or after its first day.',
    path: ['to'],
  });

export const SlotSchema = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** Renters who can still book this slot (1 for a free private slot). */
  seatsLeft: z.number().int().min(1),
});
export type Slot = z.infer<typeof SlotSchema>;

/** `GET /api/listings/{id}/tour-slots?from&to`. */
export const SlotsResponseSchema = z.object({
  timeZone: z.string(),
  slots: z.array(SlotSchema),
});
export type SlotsResponse = z.infer<typeof SlotsResponseSchema>;

// ---- Tours ----

export const TourStatusSchema = z.enum(TOUR_STATUSES);
export type TourStatus = z.infer<typeof TourStatusSchema>;

/** What each status may become (anything else is refused with a 409). */
export const TOUR_TRANSITIONS: Record<TourStatus, readonly TourStatus[]> = {
  requested: ['confirmed', 'declined', 'expired', 'cancelled'],
  confirmed: ['cancelled', 'completed', 'no_show'],
  declined: [],
  expired: [],
  cancelled: [],
  completed: [],
  no_show: [],
};

export const TourNoteSchema = z
  .string()
  .trim()
  .max(TOUR_NOTE_MAX, `A note can be at most ${TOUR_NOTE_MAX} characters.`);

/** `POST /api/tours`. */
export const BookTourInputSchema = z.object({
  listingId: z.uuid(),
  start: z.iso.datetime({ offset: true }),
  type: TourTypeSchema,
  note: TourNoteSchema.optional(),
  idempotencyKey: IdempotencyKeySchema,
});
export type BookTourInput = z.infer<typeof BookTourInputSchema>;

export const CancelTourInputSchema = z.object({
  reason: z.string().trim().max(TOUR_NOTE_MAX).optional(),
});
export const DeclineTourInputSchema = CancelTourInputSchema;

/** `POST /api/tours/{id}/reschedule`: a new tour at `start`, linked to this one (cancelled). */
export const RescheduleTourInputSchema = z.object({
  start: z.iso.datetime({ offset: true }),
  type: TourTypeSchema.optional(),
  note: TourNoteSchema.optional(),
  idempotencyKey: IdempotencyKeySchema,
});

export const TourPartySchema = z.object({ id: z.uuid(), name: z.string() });

export const TourListingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Full address for the renter of a booked tour and for the landlord. */
  address: z.string().nullable(),
  unit: z.string().nullable(),
  neighborhood: z.string().nullable(),
  borough: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
});

export const TourSchema = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  listing: TourListingSchema,
  renter: TourPartySchema,
  landlord: TourPartySchema,
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** The listing's time zone, for showing `start` and `end`. */
  timeZone: z.string(),
  type: TourTypeSchema,
  note: z.string().nullable(),
  status: TourStatusSchema,
  /** A request's deadline for the landlord's answer. */
  expiresAt: z.iso.datetime().nullable(),
  cancelledBy: z.enum(['renter', 'landlord']).nullable(),
  cancelReason: z.string().nullable(),
  /** The tour this one replaced, and the one that replaced it. */
  rescheduledFromId: z.uuid().nullable(),
  rescheduledToId: z.uuid().nullable(),
  /** Raised on every change the calendar file shows (iCalendar SEQUENCE). */
  sequence: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Tour = z.infer<typeof TourSchema>;

export const ToursQuerySchema = z.object({
  /** upcoming: start in the future and requested or confirmed; past: everything else. */
  scope: z.enum(['upcoming', 'past', 'all']).default('all'),
  listingId: z.uuid().optional(),
  /** Local dates in the landlord's zone, for the landlord's agenda. */
  from: LocalDateSchema.optional(),
  to: LocalDateSchema.optional(),
  status: TourStatusSchema.optional(),
});
export const ToursResponseSchema = z.object({ items: z.array(TourSchema) });

// ---- Waitlist ----

export { DAY_PARTS };
/** morning before 12:00, afternoon 12:00-17:00, evening from 17:00 (local). */
export const DayPartSchema = z.enum(DAY_PARTS);

/** What slots suit the renter; empty lists mean any. */
export const WaitlistPreferencesSchema = z.object({
  days: z.array(z.enum(WEEKDAYS)).max(7).default([]),
  times: z.array(DayPartSchema).max(3).default([]),
  types: z.array(TourTypeSchema).max(2).default([]),
});
export type WaitlistPreferences = z.infer<typeof WaitlistPreferencesSchema>;

export const JoinWaitlistInputSchema = z.object({
  preferences: WaitlistPreferencesSchema.optional(),
});

export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'removed', 'left'] as const;
export const WaitlistStatusSchema = z.enum(WAITLIST_STATUSES);

export const WaitlistEntrySchema = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  listing: TourListingSchema,
  renter: TourPartySchema,
  preferences: WaitlistPreferencesSchema,
  status: WaitlistStatusSchema,
  /** 1 is next in line; null once the entry has left the queue. */
  position: z.number().int().min(1).nullable(),
  /** The slot held for this renter while `status` is offered. */
  offer: z
    .object({ start: z.iso.datetime(), end: z.iso.datetime(), expiresAt: z.iso.datetime() })
    .nullable(),
  createdAt: z.iso.datetime(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;
export const WaitlistResponseSchema = z.object({ items: z.array(WaitlistEntrySchema) });

/** `GET /api/landlord/waitlist`: each listing's queue. */
export const LandlordWaitlistSchema = z.object({
  items: z.array(
    z.object({
      listing: TourListingSchema,
      open: z.boolean(),
      entries: z.array(WaitlistEntrySchema),
    }),
  ),
});

/** `POST /api/waitlist/{entryId}/offer`: a slot the landlord offers by hand. */
export const OfferWaitlistInputSchema = z.object({ start: z.iso.datetime({ offset: true }) });

export const TourIdParamSchema = z.object({ id: z.uuid() });
export const WaitlistEntryParamSchema = z.object({ entryId: z.uuid() });
