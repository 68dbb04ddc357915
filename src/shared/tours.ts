/**
 * Tour vocabulary (closed lists) shared by the API and the web app. No zod here: the web app's
 * formatters import these, and a schema module would pull zod into every page's initial JS.
 */

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** morning before 12:00, afternoon 12:00-17:00, evening from 17:00 (local). */
export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];
