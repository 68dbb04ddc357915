const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2027-03-01" → "March 1, 2027" (by hand: no Intl and its locale data, see lib/format.ts). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const name = MONTHS[(month ?? 0) - 1];
  if (!year || !name || !date) return day;
  return `${name} ${date}, ${year}`;
}
