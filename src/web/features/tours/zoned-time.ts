/*
 * Instants shown on the listing's wall clock. Intl does every zone conversion (its tz database is
 * the browser's); the only arithmetic here is on plain calendar dates, which have no zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formatters.set(key, cached);
  }
  return cached;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** The local calendar date (`YYYY-MM-DD`) of an instant in a zone. */
export function localDateOf(instant: string | Date, zone: string): string {
  const parts = formatter(zone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instant));
  return `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`;
}

/** `YYYY-MM-DD` plus `days` calendar days (no zone involved: noon UTC never crosses a date). */
export function addDays(date: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days, 12)).toISOString().slice(0, 10);
}

function dateAtNoonUtc(date: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12));
}

/** A calendar date's parts for a date strip: "Tue", "1", "Dec". */
export function dayParts(date: string): { weekday: string; day: string; month: string } {
  const parts = formatter('UTC', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).formatToParts(dateAtNoonUtc(date));
  return { weekday: part(parts, 'weekday'), day: part(parts, 'day'), month: part(parts, 'month') };
}

/** "Tuesday, December 1" for a calendar date. */
export function formatLongDate(date: string): string {
  return formatter('UTC', { weekday: 'long', month: 'long', day: 'numeric' }).format(
    dateAtNoonUtc(date),
  );
}

/** The lowercase weekday of a calendar date ("monday"), as the waitlist preferences name it. */
export function weekdayOf(date: string): string {
  return formatter('UTC', { weekday: 'long' }).format(dateAtNoonUtc(date)).toLowerCase();
}

/** "5:00 PM" on the zone's wall clock. */
export function formatTime(instant: string, zone: string): string {
  return formatter(zone, { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** "Tue, Dec 1, 5:00 PM" on the zone's wall clock. */
export function formatDateTime(instant: string, zone: string): string {
  return formatter(zone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));
}

/** "Tuesday, December 1 at 5:00 PM" on the zone's wall clock. */
export function formatLongDateTime(instant: string, zone: string): string {
  return `${formatLongDate(localDateOf(instant, zone))} at ${formatTime(instant, zone)}`;
}

/** "5:00 – 5:20 PM" (or "11:40 AM – 12:00 PM"). */
export function formatTimeRange(start: string, end: string, zone: string): string {
  const from = formatTime(start, zone);
  const to = formatTime(end, zone);
  const [fromClock, fromHalf] = from.split(' ');
  const [, toHalf] = to.split(' ');
  return fromHalf && fromHalf === toHalf ? `${fromClock} – ${to}` : `${from} – ${to}`;
}

/** The zone's abbreviation at an instant: "EST" in winter, "EDT" in summer. */
export function zoneAbbreviation(zone: string, at: string | Date = new Date()): string {
  const parts = formatter(zone, { timeZoneName: 'short' }).formatToParts(new Date(at));
  return part(parts, 'timeZoneName');
}

/** "New York time (EST)": the zone's city and its abbreviation at that instant. */
export function zoneLabel(zone: string, at: string | Date = new Date()): string {
  const city = (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
  return `${city} time (${zoneAbbreviation(zone, at)})`;
}

/** The browser's own zone, or null when Intl cannot tell. */
export function viewerZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

/** True when two zones show the same wall-clock time at this instant. */
export function sameWallClock(a: string, b: string, at: string): boolean {
  return formatDateTime(at, a) === formatDateTime(at, b);
}
