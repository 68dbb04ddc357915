import { Temporal } from 'temporal-polyfill';
import {
  type DateOverride,
  minutesOfDay,
  type Slot,
  type TimeRange,
  type TourSettings,
  type Vacation,
  WEEKDAYS,
  type Weekday,
  type WeeklyHours,
} from '../../../shared/schemas/tours.ts';

/*
 * The slot engine (issue 13): pure, no database. Every instant is handled as epoch milliseconds;
 * every local date and wall-clock time goes through Temporal, in the landlord's zone.
 *
 * Decisions (tested in slots.test.ts):
 * - A date's hours: its override if any (ranges open even a weekday that is normally off; no
 *   ranges close it), else closed during a vacation, else its weekday's hours.
 * - Each range is turned into two instants with THAT date's offset. A boundary inside a skipped
 *   hour (spring forward) snaps to the moment the clocks jump, so hours that do not exist offer
 *   nothing; a boundary inside a repeated hour (fall back) is its first occurrence. Starts are then
 *   stepped in elapsed time from the range's start, so a range spanning the repeated hour offers
 *   that real extra hour too, and one spanning the skipped hour loses it.
 * - Buffers: between two tours of the same landlord (any listing) there must be at least
 *   max(earlier tour's buffer after, later tour's buffer before). A tour on this listing at the
 *   very same start is not a conflict but a taken seat (open houses).
 * - Holds (waitlist offers) count as tours for everyone except the renter they are held for.
 * - The daily cap counts showings: distinct starts on this listing that local date. A day at its
 *   cap offers no new start, but a start that already has tours keeps its free seats, since
 *   joining it adds no showing.
 * - Notice: a start at or after now + minNotice. Window: local dates from today (day 1) to
 *   today + windowDays - 1, in the landlord's zone.
 */

const MINUTE = 60_000;

/** A requested or confirmed tour of the landlord, on any of their listings. */
export type BusyTour = {
  listingId: string;
  start: Date | string;
  end: Date | string;
  /** That tour's own buffers (its listing's settings); this listing's when left out. */
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
};

/** A waitlist offer on this listing: one seat kept for `renterId` until it expires. */
export type SlotHold = { start: Date | string; end: Date | string; renterId: string };

export type SlotInput = {
  timeZone: string;
  weeklyHours: WeeklyHours;
  overrides: DateOverride[];
  vacations: Vacation[];
  settings: TourSettings;
  busy: BusyTour[];
  holds: SlotHold[];
  listingId: string;
  /** Local dates (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  now: Date;
  /** The renter asking: their own holds do not take seats from them. */
  forRenterId?: string | null;
};

type Interval = {
  start: number;
  end: number;
  onListing: boolean;
  bufferBefore: number;
  bufferAfter: number;
};

const toMs = (value: Date | string) => new Date(value).getTime();

/*
 * Temporal answers are pure and the same zones, dates and times come back on every request, so
 * they are remembered (Temporal's zone arithmetic is the slow part of a request otherwise).
 */
const MEMO_LIMIT = 20_000;
const instants = new Map<string, number>();
const days = new Map<string, { next: string; weekday: Weekday }>();

function remember<T>(memo: Map<string, T>, key: string, compute: () => T): T {
  let value = memo.get(key);
  if (value === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    value = compute();
    memo.set(key, value);
  }
  return value;
}

/** The next date and the weekday of a local date (calendar facts, no zone). */
function dayOf(date: string) {
  return remember(days, date, () => {
    const plain = Temporal.PlainDate.from(date);
    return {
      next: plain.add({ days: 1 }).toString(),
      weekday: WEEKDAYS[plain.dayOfWeek - 1] as Weekday,
    };
  });
}

/** The instant of a wall-clock time on a local date (see the DST decisions above). */
function instantOf(date: string, time: string, timeZone: string): number {
  return remember(instants, `${timeZone}|${date}|${time}`, () => {
    const minutes = minutesOfDay(time);
    const day = Temporal.PlainDate.from(minutes === 1440 ? dayOf(date).next : date);
    const clock = minutes === 1440 ? 0 : minutes;
    const wall = day.toPlainDateTime({ hour: Math.floor(clock / 60), minute: clock % 60 });
    const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
    if (zoned.toPlainDateTime().equals(wall)) return zoned.epochMilliseconds;
    // Skipped: 'earlier' moved back by the gap, so the next transition is the jump itself.
    return (zoned.getTimeZoneTransition('next') ?? zoned).epochMilliseconds;
  });
}

/** A local date's opening hours after overrides and vacations. */
export function hoursOn(
  date: string,
  input: Pick<SlotInput, 'weeklyHours' | 'overrides' | 'vacations'>,
): TimeRange[] {
  const override = input.overrides.find((item) => item.date === date);
  if (override) return override.ranges;
  if (input.vacations.some((vacation) => vacation.start <= date && date <= vacation.end)) return [];
  return input.weeklyHours[dayOf(date).weekday] ?? [];
}

function localDate(ms: number, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(ms)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}

const windows = new Map<string, { first: string; last: string }>();

/** Today in the landlord's zone, and the last date of the booking window. */
export function bookingWindow(now: Date, timeZone: string, windowDays: number) {
  // Today changes at midnight only: one answer a minute is plenty.
  const minute = Math.floor(now.getTime() / MINUTE);
  return remember(windows, `${timeZone}|${minute}|${windowDays}`, () => {
    const today = Temporal.Instant.fromEpochMilliseconds(minute * MINUTE)
      .toZonedDateTimeISO(timeZone)
      .toPlainDate();
    return { first: today.toString(), last: today.add({ days: windowDays - 1 }).toString() };
  });
}

/** Local dates `from`..`to` clipped to the booking window, or null when nothing is left. */
export function datesInWindow(
  from: string,
  to: string,
  now: Date,
  timeZone: string,
  windowDays: number,
): { first: string; last: string } | null {
  const window = bookingWindow(now, timeZone, windowDays);
  // YYYY-MM-DD strings sort as dates.
  const [, first = from] = [from, window.first].sort();
  const [last = to] = [to, window.last].sort();
  return first <= last ? { first, last } : null;
}

function intervalsOf(input: SlotInput): Interval[] {
  const { settings, listingId, forRenterId } = input;
  const own = (before?: number, after?: number) => ({
    bufferBefore: (before ?? settings.bufferBeforeMinutes) * MINUTE,
    bufferAfter: (after ?? settings.bufferAfterMinutes) * MINUTE,
  });
  const tours = input.busy.map((tour) => ({
    start: toMs(tour.start),
    end: toMs(tour.end),
    onListing: tour.listingId === listingId,
    ...own(tour.bufferBeforeMinutes, tour.bufferAfterMinutes),
  }));
  const holds = input.holds
    .filter((hold) => !forRenterId || hold.renterId !== forRenterId)
    .map((hold) => ({ start: toMs(hold.start), end: toMs(hold.end), onListing: true, ...own() }));
  return [...tours, ...holds].sort((a, b) => a.start - b.start);
}

/** Showings (distinct starts) on this listing between two instants, for the daily cap. */
function showingsBetween(intervals: Interval[], from: number, to: number): Set<number> {
  const starts = new Set<number>();
  for (const interval of intervals) {
    if (interval.onListing && interval.start >= from && interval.start < to)
      starts.add(interval.start);
  }
  return starts;
}

/** The first interval that may touch a slot starting at `start` (intervals sorted by start). */
function firstRelevant(intervals: Interval[], start: number, lookBack: number): number {
  let low = 0;
  let high = intervals.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((intervals[middle] as Interval).start < start - lookBack) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Seats taken at `start` on this listing, or null when another tour's buffers block it. */
function takenSeats(
  start: number,
  end: number,
  intervals: Interval[],
  settings: TourSettings,
  reach: { ahead: number; back: number },
): number | null {
  const before = settings.bufferBeforeMinutes * MINUTE;
  const after = settings.bufferAfterMinutes * MINUTE;
  let taken = 0;
  for (let i = firstRelevant(intervals, start, reach.back); i < intervals.length; i += 1) {
    const other = intervals[i] as Interval;
    if (other.onListing && other.start === start) {
      taken += 1;
      continue;
    }
    // Sorted by start: nothing later can reach back into this slot.
    if (other.start >= end + reach.ahead) break;
    const gapAfter = other.start - end; // other comes after the slot
    const gapBefore = start - other.end; // other comes before the slot
    const clearAfter = gapAfter >= Math.max(after, other.bufferBefore);
    const clearBefore = gapBefore >= Math.max(before, other.bufferAfter);
    if (!clearAfter && !clearBefore) return null;
  }
  return taken;
}

/** The bookable slots of a listing between two local dates. */
export function computeSlots(input: SlotInput): Slot[] {
  const { settings, timeZone } = input;
  const dates = datesInWindow(input.from, input.to, input.now, timeZone, settings.windowDays);
  if (!dates) return [];
  const { first, last } = dates;
  const earliest = input.now.getTime() + settings.minNoticeMinutes * MINUTE;
  const length = settings.lengthMinutes * MINUTE;
  const step = settings.intervalMinutes * MINUTE;
  const intervals = intervalsOf(input);
  // How far another tour can reach into a slot: from ahead, the larger buffer between them;
  // from behind, its length and the larger buffer between them too.
  const before = settings.bufferBeforeMinutes * MINUTE;
  const after = settings.bufferAfterMinutes * MINUTE;
  const reach = {
    ahead: Math.max(after, ...intervals.map((interval) => interval.bufferBefore)),
    back: Math.max(
      0,
      ...intervals.map(
        (interval) => interval.end - interval.start + Math.max(before, interval.bufferAfter),
      ),
    ),
  };
  const slots: Slot[] = [];
  for (let day = first; day <= last; day = dayOf(day).next) {
    const dayStarts =
      settings.maxPerDay === null
        ? null
        : showingsBetween(
            intervals,
            instantOf(day, '00:00', timeZone),
            instantOf(day, '24:00', timeZone),
          );
    const full = settings.maxPerDay !== null && (dayStarts?.size ?? 0) >= settings.maxPerDay;
    const ranges = [...hoursOn(day, input)].sort(
      (a, b) => minutesOfDay(a.start) - minutesOfDay(b.start),
    );
    for (const range of ranges) {
      const rangeStart = instantOf(day, range.start, timeZone);
      const rangeEnd = instantOf(day, range.end, timeZone);
      for (let start = rangeStart; start + length <= rangeEnd; start += step) {
        if (start < earliest) continue;
        if (full && !dayStarts?.has(start)) continue;
        const taken = takenSeats(start, start + length, intervals, settings, reach);
        if (taken === null) continue;
        const seatsLeft = settings.capacity - taken;
        if (seatsLeft < 1) continue;
        slots.push({
          start: new Date(start).toISOString(),
          end: new Date(start + length).toISOString(),
          seatsLeft,
        });
      }
    }
  }
  return slots;
}

/** The local date of an instant in a zone. */
export function localDateOf(start: Date | string, timeZone: string): string {
  return localDate(toMs(start), timeZone);
}

/** The slot starting exactly at `start`, if it is bookable now (for booking and offers). */
export function findSlot(input: Omit<SlotInput, 'from' | 'to'>, start: Date | string): Slot | null {
  const ms = toMs(start);
  if (Number.isNaN(ms)) return null;
  const date = localDate(ms, input.timeZone);
  const slots = computeSlots({ ...input, from: date, to: date });
  return slots.find((slot) => toMs(slot.start) === ms) ?? null;
}

/** Whether `start` is a bookable slot with a free seat. */
export function isBookableStart(input: Omit<SlotInput, 'from' | 'to'>, start: Date | string) {
  return findSlot(input, start) !== null;
}
