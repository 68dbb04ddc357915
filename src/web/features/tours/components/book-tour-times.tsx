import type { Slot } from '../../../../shared/schemas/tours.ts';
import { cn } from '../../../lib/cn.ts';
import { formatLocalDate, formatTime } from '../format.ts';

type BookTourTimesProps = {
  date: string;
  slots: readonly Slot[];
  zone: string;
  /** Open houses (capacity over 1) show the places left. */
  showSeats: boolean;
  onSelect: (slot: Slot) => void;
};

/** The free times of one day, on the listing's wall clock. */
export function BookTourTimes({ date, slots, zone, showSeats, onSelect }: BookTourTimesProps) {
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-stone-900">{formatLocalDate(date, 'long')}</h3>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4" aria-label="Tour times">
        {slots.map((slot) => (
          <li key={slot.start}>
            <button
              type="button"
              onClick={() => onSelect(slot)}
              className={cn(
                'flex h-12 w-full flex-col items-center justify-center rounded-lg border border-stone-300 bg-white',
                'font-semibold text-brand-800 transition-colors hover:border-brand-700 hover:bg-brand-50',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              )}
            >
              <span>{formatTime(slot.start, zone)}</span>
              {showSeats ? (
                <span className="text-xs font-normal text-stone-600">
                  {slot.seatsLeft} {slot.seatsLeft === 1 ? 'place' : 'places'} left
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
