const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A New York calendar day (YYYY-MM-DD) as "Nov 3": read as written, never through a zone. */
export function dayLabel(day: string): string {
  const [, month, date] = day.split('-');
  return `${MONTHS[Number(month) - 1] ?? ''} ${Number(date)}`;
}
