import { DAILY_DIGEST_HOUR } from '../../../shared/saved-searches.ts';
import type { SavedSearchAlerts } from '../../../shared/schemas/saved-searches.ts';

/** The daily digest's time, "8:00 AM". */
export const digestHour = `${DAILY_DIGEST_HOUR % 12 || 12}:00 ${DAILY_DIGEST_HOUR < 12 ? 'AM' : 'PM'}`;

/** The alert choices in words: label and what it means. */
export const ALERTS_CHOICES: ReadonlyArray<{
  value: SavedSearchAlerts;
  label: string;
  hint: string;
}> = [
  {
    value: 'instant',
    label: 'Instant',
    hint: 'An email and a notification here as soon as a new listing matches.',
  },
  {
    value: 'daily',
    label: 'Daily digest',
    hint: `One email a day at ${digestHour} New York time with the day's new matches.`,
  },
  { value: 'off', label: 'Off', hint: 'No emails. New matches are still counted here.' },
];

/** "Instant alerts", "Daily digest at 8:00 AM", "Alerts off". */
export function alertsSummary(alerts: SavedSearchAlerts): string {
  if (alerts === 'instant') return 'Instant alerts';
  if (alerts === 'daily') return `Daily digest at ${digestHour}`;
  return 'Alerts off';
}
