import { formatLocalDate, formatTime, localDate, zoneAbbreviation, zoneCity } from './format.ts';

/*
 * What the renter's booking screens add to format.ts: the date strip's day parts, the zone's
 * label, and the renter's own zone. Intl does every zone conversion.
 */

/** A calendar date's parts for a date strip: "Tue", "1", "Dec". */
export function dayParts(date: string): { weekday: string; day: string; month: string } {
  const [weekday = '', monthDay = ''] = formatLocalDate(date, 'short').split(', ');
  const [month = '', day = ''] = monthDay.split(' ');
  return { weekday, day, month };
}

/** "New York time (EST)": the zone's city and its abbreviation at that instant. */
export function zoneLabel(zone: string, at: string | Date = new Date()): string {
  return `${zoneCity(zone)} time (${zoneAbbreviation(at, zone)})`;
}

/** "Tuesday, December 1 at 5:00 PM" on the zone's wall clock. */
export function formatLongDateTime(instant: string, zone: string): string {
  return `${formatLocalDate(localDate(instant, zone), 'long')} at ${formatTime(instant, zone)}`;
}

/** The browser's own zone, or null when Intl cannot tell. */
export function viewerZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}
