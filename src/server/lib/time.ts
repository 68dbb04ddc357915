import { Temporal } from 'temporal-polyfill';

/** Dates people see (a day viewed, a day's figures) are New York's (docs/architecture.md §3). */
export const NEW_YORK = 'America/New_York';

/** The driver's text form of a UTC timestamptz: "2026-11-21 08:04:53.123456+00". */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A `timestamptz` as drizzle's node-postgres driver returns it from `db.execute` (text, not a
 * Date) as an ISO string in UTC. UTC text is rearranged without parsing (lists convert thousands
 * per request); any other offset goes through Date.
 */
export function isoTime(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  const utc = UTC_TEXT.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const normalized = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const time = new Date(normalized);
  if (Number.isNaN(time.getTime())) throw new Error(`Not a timestamp: ${value}`);
  return time.toISOString();
}

export function isoTimeOrNull(value: string | Date | null): string | null {
  return value === null ? null : isoTime(value);
}

/** Today's New York date, `YYYY-MM-DD` (from Date.now(), so tests can move the clock). */
export function newYorkDay(epochMs = Date.now()): string {
  return Temporal.Instant.fromEpochMilliseconds(epochMs)
    .toZonedDateTimeISO(NEW_YORK)
    .toPlainDate()
    .toString();
}
