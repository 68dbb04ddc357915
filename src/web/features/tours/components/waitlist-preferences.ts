import type { WaitlistPreferences } from '../../../../shared/schemas/tours.ts';
import { DAY_PARTS, WEEKDAYS } from '../../../../shared/tours.ts';
import { TOUR_TYPE_LABEL } from '../format.ts';

export const WEEKDAY_SHORT: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

export const DAY_PART_LABELS: Record<(typeof DAY_PARTS)[number], string> = {
  morning: 'Mornings (before 12)',
  afternoon: 'Afternoons (12–5)',
  evening: 'Evenings (after 5)',
};

/** "Mon, Sat · evenings · in person", or "Any time" when nothing narrows it. */
export function describePreferences(preferences: WaitlistPreferences): string {
  const days = WEEKDAYS.filter((day) => preferences.days.includes(day)).map(
    (day) => WEEKDAY_SHORT[day],
  );
  const times = DAY_PARTS.filter((part) => preferences.times.includes(part)).map((part) =>
    part === 'morning' ? 'mornings' : part === 'afternoon' ? 'afternoons' : 'evenings',
  );
  const types = preferences.types.map((type) => TOUR_TYPE_LABEL[type].toLowerCase());
  const described = [days.join(', '), times.join(', '), types.join(', ')].filter(Boolean);
  return described.length === 0 ? 'Any day and time' : described.join(' · ');
}
