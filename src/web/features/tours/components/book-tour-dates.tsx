import { type KeyboardEvent, useEffect, useRef } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatLocalDate } from '../format.ts';
import type { SlotDay } from '../slot-days.ts';
import { dayParts } from '../zoned-time.ts';

type BookTourDatesProps = {
  days: readonly SlotDay[];
  selected: string | null;
  onSelect: (date: string) => void;
};

/**
 * The date strip: every day of the booking window, scrollable sideways; a day without a free
 * time is shown but cannot be chosen. Arrow keys move between the days that can.
 */
export function BookTourDates({ days, selected, onSelect }: BookTourDatesProps) {
  const listRef = useRef<HTMLFieldSetElement>(null);

  // Keep the chosen day in view (after a reschedule opens on a later date, for one).
  useEffect(() => {
    if (!selected) return;
    const button = listRef.current?.querySelector<HTMLElement>(`[data-date="${selected}"]`);
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  const open = days.filter((day) => day.slots.length > 0).map((day) => day.date);
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = selected ? open.indexOf(selected) : -1;
    const next = open[index + (event.key === 'ArrowRight' ? 1 : -1)];
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    listRef.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
  };

  const scroll = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy?.({ left: direction * list.clientWidth * 0.8, behavior: 'smooth' });
  };
  const arrow =
    'hidden h-16 w-9 shrink-0 items-center justify-center rounded-xl text-xl text-stone-700 hover:bg-stone-100 sm:flex';
  return (
    <div className="flex items-start gap-1">
      <button type="button" aria-label="Earlier dates" className={arrow} onClick={() => scroll(-1)}>
        ‹
      </button>
      <fieldset
        ref={listRef}
        onKeyDown={onKeyDown}
        className="-mx-1 flex min-w-0 flex-1 snap-x gap-2 overflow-x-auto scroll-smooth px-1 pt-1 pb-3"
      >
        <legend className="sr-only">Tour dates</legend>
        {days.map((day) => {
          const { weekday, day: dayNumber, month } = dayParts(day.date);
          const count = day.slots.length;
          const isSelected = day.date === selected;
          const label = `${formatLocalDate(day.date, 'long')}, ${
            count === 0 ? 'no times left' : `${count} ${count === 1 ? 'time' : 'times'}`
          }`;
          return (
            <button
              key={day.date}
              type="button"
              data-date={day.date}
              aria-pressed={isSelected}
              aria-label={label}
              disabled={count === 0}
              tabIndex={isSelected || (!selected && day.date === open[0]) ? 0 : -1}
              onClick={() => onSelect(day.date)}
              className={cn(
                'flex w-16 shrink-0 snap-start flex-col items-center rounded-xl border px-2 py-2 text-sm transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                count === 0
                  ? 'cursor-not-allowed border-stone-100 bg-stone-50 text-stone-500'
                  : isSelected
                    ? 'border-brand-700 bg-brand-700 text-white shadow-sm'
                    : 'border-stone-300 bg-white text-stone-900 hover:border-brand-700 hover:bg-brand-50',
              )}
            >
              <span className="text-xs font-medium uppercase">{weekday}</span>
              <span className="text-lg leading-tight font-bold">{dayNumber}</span>
              <span className="text-xs">{month}</span>
            </button>
          );
        })}
      </fieldset>
      <button type="button" aria-label="Later dates" className={arrow} onClick={() => scroll(1)}>
        ›
      </button>
    </div>
  );
}
