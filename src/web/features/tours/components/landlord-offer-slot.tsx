import { useId, useState } from 'react';
import type { WaitlistEntry } from '../../../../shared/schemas/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useTourSlots } from '../api/get-tour-slots.ts';
import { addDays, formatDateTime, formatLocalDate, formatTime, todayIn } from '../format.ts';
import { suits } from '../waitlist.ts';
import { slotsByDate } from './landlord-slot-preview.tsx';

/** How far ahead the landlord picks a slot to offer. */
const OFFER_DAYS = 14;

type OfferSlotProps = {
  entry: WaitlistEntry;
  timeZone: string;
  pending: boolean;
  onOffer: (start: string) => void;
  onClose: () => void;
};

/** Picks one of the listing's open slots to offer an entry by hand; slots that suit them first. */
export function OfferSlot({ entry, timeZone, pending, onOffer, onClose }: OfferSlotProps) {
  const id = useId();
  const from = todayIn(timeZone);
  const slots = useTourSlots(entry.listingId, { from, to: addDays(from, OFFER_DAYS - 1) });
  const [chosen, setChosen] = useState<string | null>(null);
  const zone = slots.data?.timeZone ?? timeZone;
  const byDate = slotsByDate(slots.data?.slots ?? [], zone);
  const suitable = (slots.data?.slots ?? []).filter((s) =>
    suits(s.start, zone, entry.preferences),
  ).length;

  return (
    <form
      className="mt-3 flex flex-col gap-3 rounded-xl bg-stone-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onOffer(chosen);
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-stone-900">
          Offer {entry.renter.name} a slot
        </legend>
        <p className="text-sm text-stone-700">
          The slot is held for them, and they are told by email and on Stoop.
          {slots.data
            ? ` ${suitable} of the next ${OFFER_DAYS} days' slots suit their preferences (marked ★).`
            : ''}
        </p>
        {slots.isError ? (
          <Alert className="mt-2">{errorMessage(slots.error)}</Alert>
        ) : slots.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner label="Loading slots" />
          </div>
        ) : byDate.size === 0 ? (
          <p className="mt-2 text-sm text-stone-700">
            No open slots in the next {OFFER_DAYS} days. Open more hours on the availability page.
          </p>
        ) : (
          <div className="mt-2 flex max-h-72 flex-col gap-3 overflow-y-auto pr-1">
            {[...byDate.entries()].map(([date, day]) => (
              <div key={date}>
                <p className="text-sm font-medium text-stone-800">{formatLocalDate(date)}</p>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  {day.map((slot) => {
                    const good = suits(slot.start, zone, entry.preferences);
                    return (
                      <label
                        key={slot.start}
                        className={cn(
                          'relative cursor-pointer rounded-md border px-2 py-1 text-sm font-medium has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white',
                          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                          good
                            ? 'border-brand-300 bg-white text-brand-900'
                            : 'border-stone-300 bg-white text-stone-800',
                        )}
                      >
                        <input
                          type="radio"
                          name={`${id}-slot`}
                          value={slot.start}
                          className="sr-only"
                          checked={chosen === slot.start}
                          onChange={() => setChosen(slot.start)}
                        />
                        {good ? <span aria-hidden="true">★ </span> : null}
                        {formatTime(slot.start, zone)}
                        <span className="sr-only">
                          {`, ${formatDateTime(slot.start, zone)}${good ? ', suits their preferences' : ''}`}
                        </span>
                      </label>
                    );
                  })}
                </div>
              </div>
            ))}
          </div>
        )}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!chosen} pending={pending}>
          Send offer
        </Button>
      </div>
    </form>
  );
}
