import { dateFormat } from '../../lib/date-format.ts';

/** Every time in the messaging UI is shown in New York time. */
export const TIME_ZONE = 'America/New_York';

const timeFormat = () =>
  dateFormat('en-US', {
    timeZone: TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
  });
const weekdayFormat = () => dateFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short' });
const monthDayFormat = () =>
  dateFormat('en-US', {
    timeZone: TIME_ZONE,
    month: 'short',
    day: 'numeric',
  });
const fullDateFormat = () =>
  dateFormat('en-US', {
    timeZone: TIME_ZONE,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
const dayHeadingFormat = () =>
  dateFormat('en-US', {
    timeZone: TIME_ZONE,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
const dateTimeFormat = () =>
  dateFormat('en-US', {
    timeZone: TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
const dayKeyFormat = () =>
  dateFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** The New York calendar day of an instant, as `YYYY-MM-DD`. */
export function dayKey(value: string | Date): string {
  return dayKeyFormat().format(toDate(value));
}

/** Whole days between two `YYYY-MM-DD` keys (b − a). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** "3:42 PM" */
export function formatTime(value: string | Date): string {
  return timeFormat().format(toDate(value));
}

/** "Nov 21, 2026, 3:42 PM": for titles and screen readers. */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat().format(toDate(value));
}

/** The time beside a conversation: today's time, a weekday this week, else the date. */
export function formatListTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  const days = daysBetween(dayKey(date), dayKey(now));
  if (days <= 0) return formatTime(date);
  if (days === 1) return 'Yesterday';
  if (days < 7) return weekdayFormat().format(date);
  if (dayKey(date).slice(0, 4) === dayKey(now).slice(0, 4)) return monthDayFormat().format(date);
  return fullDateFormat().format(date);
}

/** The separator above a day's messages: "Today", "Yesterday" or "Friday, November 20, 2026". */
export function formatDayHeading(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  const days = daysBetween(dayKey(date), dayKey(now));
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return dayHeadingFormat().format(date);
}
