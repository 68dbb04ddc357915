import type { WaitlistEntry, WaitlistPreferences } from '../../../shared/schemas/tours.ts';
import { dateFormat } from '../../lib/date-format.ts';
import {
  DAY_PART_LABEL,
  formatDateTime,
  formatTime,
  localDate,
  TOUR_TYPE_LABEL,
  WEEKDAY_LABEL,
  weekdayOf,
} from './format.ts';

/** The part of the day a local time falls in: before 12:00, 12:00-17:00, from 17:00. */
export function dayPartOf(start: string, timeZone: string): 'morning' | 'afternoon' | 'evening' {
  const hour = Number(
    dateFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(start)),
  );
  if (hour < 12) return 'morning';
  return hour < 17 ? 'afternoon' : 'evening';
}

/** A slot suits an entry when its weekday and part of day are among the preferred (empty: any). */
export function suits(start: string, timeZone: string, preferences: WaitlistPreferences): boolean {
  const day = weekdayOf(localDate(start, timeZone));
  const part = dayPartOf(start, timeZone);
  return (
    (preferences.days.length === 0 || preferences.days.includes(day)) &&
    (preferences.times.length === 0 || preferences.times.includes(part))
  );
}

/** "Mon, Wed · Evenings · In person", or "Any time". */
export function preferencesText(preferences: WaitlistPreferences): string {
  const parts = [
    preferences.days.map((d) => WEEKDAY_LABEL[d].slice(0, 3)).join(', '),
    preferences.times.map((t) => DAY_PART_LABEL[t]).join(', '),
    preferences.types.map((t) => TOUR_TYPE_LABEL[t]).join(', '),
  ].filter(Boolean);
  return parts.length === 0 ? 'Any time' : parts.join(' · ');
}

/** The queue as the landlord sees it: entries still in line, by position. */
export function activeQueue(entries: readonly WaitlistEntry[]): WaitlistEntry[] {
  return entries
    .filter((e) => e.status === 'waiting' || e.status === 'offered')
    .sort(
      (a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER),
    );
}

/** "Offered Tue, Nov 24, 5:20 PM, held until 7:20 PM". */
export function offerText(entry: WaitlistEntry, timeZone: string): string | null {
  if (!entry.offer) return null;
  const { start, expiresAt } = entry.offer;
  const sameDay = localDate(expiresAt, timeZone) === localDate(new Date(), timeZone);
  const until = sameDay ? formatTime(expiresAt, timeZone) : formatDateTime(expiresAt, timeZone);
  return `Offered ${formatDateTime(start, timeZone)}, held until ${until}`;
}
