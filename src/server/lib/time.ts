/**
 * A `timestamptz` as drizzle's node-postgres driver returns it from `db.execute`
 * ("2026-11-21 08:04:53.123456+00", text, not a Date) as an ISO string in UTC.
 */
export function isoTime(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  const normalized = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const time = new Date(normalized);
  if (Number.isNaN(time.getTime())) throw new Error(`Not a timestamp: ${value}`);
  return time.toISOString();
}

export function isoTimeOrNull(value: string | Date | null): string | null {
  return value === null ? null : isoTime(value);
}
