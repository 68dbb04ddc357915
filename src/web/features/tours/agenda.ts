import type { Tour } from '../../../shared/schemas/tours.ts';
import { addDays, localDate, startOfWeek } from './format.ts';

/*
 * The landlord's agenda: tours grouped by the local date of the listing they are on (so a
 * 23:30 tour stays on its evening, whatever UTC says, and DST changes move nothing).
 */

export type AgendaView = 'day' | 'week';

/** The local dates an agenda view covers, first and last included. */
export function agendaRange(view: AgendaView, anchor: string): { from: string; to: string } {
  if (view === 'day') return { from: anchor, to: anchor };
  const from = startOfWeek(anchor);
  return { from, to: addDays(from, 6) };
}

/** The dates from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Tours by local date (in each tour's own zone), dates in order and tours by start. */
export function groupByLocalDay(tours: readonly Tour[]): Map<string, Tour[]> {
  const sorted = [...tours].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const days = new Map<string, Tour[]>();
  for (const tour of sorted) {
    const date = localDate(tour.start, tour.timeZone);
    const list = days.get(date);
    if (list) list.push(tour);
    else days.set(date, [tour]);
  }
  return new Map([...days.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

export type LandlordTourAction = 'confirm' | 'decline' | 'cancel' | 'complete' | 'no-show';

/**
 * What a landlord can do with a tour now: answer a request; cancel a confirmed tour before it
 * starts; mark it completed or a no-show once it has started.
 */
export function landlordActions(tour: Tour, now: number): LandlordTourAction[] {
  const started = Date.parse(tour.start) <= now;
  if (tour.status === 'requested') return started ? ['decline'] : ['confirm', 'decline'];
  if (tour.status === 'confirmed') return started ? ['complete', 'no-show'] : ['cancel'];
  return [];
}
