import { type ReactNode, useEffect, useMemo } from 'react';
import type { ListingTourSettings, Slot } from '../../../../shared/schemas/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTourSlots } from '../api/get-tour-slots.ts';
import { addDays, todayIn } from '../format.ts';
import { firstOpenDate, slotDays } from '../slot-days.ts';
import { viewerZone, zoneLabel } from '../zoned-time.ts';
import { BookTourDates } from './book-tour-dates.tsx';
import { BookTourTimes } from './book-tour-times.tsx';

type BookTourPickerProps = {
  listingId: string;
  settings: ListingTourSettings;
  date: string | null;
  onDate: (date: string) => void;
  onSlot: (slot: Slot) => void;
  /** Shown above the dates (a slot just taken, for one). */
  notice?: string | null;
  /** What to show when the whole window has no free time. */
  empty: ReactNode;
  /** Under the times, when there are any. */
  footer?: ReactNode;
};

/**
 * Dates and times of the booking window, in the listing's time zone (the zone of the slots'
 * answer, which is the landlord's), with that zone named: a renter in another zone sees the times
 * the landlord will be at the door.
 */
export function BookTourPicker({
  listingId,
  settings,
  date,
  onDate,
  onSlot,
  notice,
  empty,
  footer,
}: BookTourPickerProps) {
  const today = todayIn(settings.timeZone);
  const range = { from: today, to: addDays(today, settings.windowDays - 1) };
  const slots = useTourSlots(listingId, range);
  const zone = slots.data?.timeZone ?? settings.timeZone;
  const days = useMemo(
    () => slotDays(slots.data?.slots ?? [], zone, today, settings.windowDays),
    [slots.data, zone, today, settings.windowDays],
  );
  const chosen = days.find((day) => day.date === date && day.slots.length > 0) ?? null;
  const first = firstOpenDate(days);

  // Open on the first day with a free time, and move on when the chosen day fills up.
  useEffect(() => {
    if (slots.data && !chosen && first) onDate(first);
  }, [slots.data, chosen, first, onDate]);

  if (slots.isPending) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner size="md" label="Loading tour times" />
      </div>
    );
  }
  if (slots.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>{errorMessage(slots.error)}</Alert>
        <Button variant="secondary" size="sm" onClick={() => void slots.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const mine = viewerZone();
  const otherZone = mine !== null && mine !== zone;
  return (
    <div className="flex flex-col gap-4">
      {notice ? <Alert>{notice}</Alert> : null}
      <p className="text-sm text-stone-700">
        Times in <span className="font-semibold">{zoneLabel(zone, chosen?.slots[0]?.start)}</span>
        {otherZone ? ', where the apartment is' : ''}.
      </p>
      {first === null ? (
        empty
      ) : (
        <>
          <BookTourDates days={days} selected={chosen?.date ?? null} onSelect={onDate} />
          {chosen ? (
            <BookTourTimes
              date={chosen.date}
              slots={chosen.slots}
              zone={zone}
              showSeats={settings.capacity > 1}
              onSelect={onSlot}
            />
          ) : null}
          {footer}
        </>
      )}
    </div>
  );
}
