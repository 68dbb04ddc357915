import type { Slot } from '../../../shared/schemas/tours.ts';
import { addDays, localDate } from './format.ts';

export type SlotDay = {
  /** `YYYY-MM-DD` in the listing's zone. */
  date: string;
  /** That date's slots, earliest first (empty: nothing bookable that day). */
  slots: Slot[];
};

/**
 * The date strip: every date from `today` for `windowDays` days (the listing's zone), each with
 * the slots that start on it there. A slot belongs to the date its start shows on the listing's
 * wall clock, so a day keeps its slots across a daylight-saving change.
 */
export function slotDays(
  slots: readonly Slot[],
  zone: string,
  today: string,
  windowDays: number,
): SlotDay[] {
  const byDate = new Map<string, Slot[]>();
  for (const slot of slots) {
    const date = localDate(slot.start, zone);
    const list = byDate.get(date);
    if (list) list.push(slot);
    else byDate.set(date, [slot]);
  }
  const days: SlotDay[] = [];
  for (let i = 0; i < windowDays; i += 1) {
    const date = addDays(today, i);
    const list = byDate.get(date) ?? [];
    list.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    days.push({ date, slots: list });
  }
  return days;
}

/** The first date with a slot, or null. */
export function firstOpenDate(days: readonly SlotDay[]): string | null {
  return days.find((day) => day.slots.length > 0)?.date ?? null;
}
