import { useState } from 'react';
import type { LandlordListingChoice } from '../../../../shared/schemas/landlord-listings.ts';
import type { Slot } from '../../../../shared/schemas/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { ListingCombobox } from '../../../components/ui/listing-combobox.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTourSlots } from '../api/get-tour-slots.ts';
import {
  addDays,
  formatLocalDate,
  formatTime,
  localDate,
  todayIn,
  zoneAbbreviation,
  zoneCity,
} from '../format.ts';

/** Days the preview shows, today included. */
export const PREVIEW_DAYS = 7;
/** Slots shown a day before "+N more". */
const FOLDED = 9;

type SlotPreviewProps = {
  listings: LandlordListingChoice[];
  listingId: string | null;
  onListingChange: (id: string) => void;
  /** The landlord's zone (the listing's, until the slots answer with theirs). */
  timeZone: string;
  /** The page holds changes not saved yet: the preview shows what is saved. */
  unsaved: boolean;
};

/** Groups slots by their local date in the zone, dates in order. */
export function slotsByDate(slots: readonly Slot[], timeZone: string): Map<string, Slot[]> {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const date = localDate(slot.start, timeZone);
    const list = days.get(date) ?? [];
    list.push(slot);
    days.set(date, list);
  }
  return days;
}

/** What renters see on a listing's page over the next days, from the saved settings. */
export function SlotPreview({
  listings,
  listingId,
  onListingChange,
  timeZone,
  unsaved,
}: SlotPreviewProps) {
  const from = todayIn(timeZone);
  const to = addDays(from, PREVIEW_DAYS - 1);
  const slots = useTourSlots(listingId ?? '', listingId ? { from, to } : null);
  const zone = slots.data?.timeZone ?? timeZone;
  const byDate = slotsByDate(slots.data?.slots ?? [], zone);
  const dates = Array.from({ length: PREVIEW_DAYS }, (_, i) => addDays(from, i));
  const total = slots.data?.slots.length ?? 0;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  return (
    <section
      aria-labelledby="preview-heading"
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="slot-preview"
    >
      <h2 id="preview-heading" className="text-lg font-semibold text-stone-900">
        What renters see
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Open slots for the next {PREVIEW_DAYS} days, in {zoneCity(zone)} time (
        {zoneAbbreviation(new Date(), zone)}).
      </p>
      {listings.length === 0 ? (
        <p className="mt-4 text-sm text-stone-700">
          Publish a listing to see the slots renters can book.
        </p>
      ) : (
        <>
          <ListingCombobox
            className="mt-4"
            label="Listing"
            listings={listings}
            value={listingId}
            onChange={onListingChange}
          />
          {unsaved ? (
            <Alert tone="info" className="mt-4">
              You have unsaved changes. The preview shows the saved hours: save to see your changes
              here.
            </Alert>
          ) : (
            <p className="mt-4 text-sm font-medium text-emerald-800" role="status">
              Up to date with your saved settings.
            </p>
          )}
          {slots.isError ? (
            <Alert className="mt-4">{errorMessage(slots.error)}</Alert>
          ) : slots.isPending ? (
            <div className="flex justify-center p-6">
              <Spinner label="Loading slots" />
            </div>
          ) : (
            <div aria-busy={slots.isFetching} className="mt-4">
              <p className="mb-3 text-sm text-stone-700" data-testid="preview-count">
                {total === 0
                  ? 'No open slots in these days.'
                  : `${total} open slot${total === 1 ? '' : 's'}.`}
              </p>
              <ol className="flex flex-col gap-3">
                {dates.map((date) => {
                  const day = byDate.get(date) ?? [];
                  const folded = !open.has(date) && day.length > FOLDED;
                  const first = day[0];
                  const last = day.at(-1);
                  return (
                    <li key={date} className="border-t border-stone-100 pt-3">
                      <h3 className="text-sm font-semibold text-stone-900">
                        {date === from ? 'Today, ' : ''}
                        {formatLocalDate(date)}
                        {first && last ? (
                          <span className="font-normal text-stone-600">
                            {' '}
                            · {day.length} from {formatTime(first.start, zone)} to{' '}
                            {formatTime(last.start, zone)}
                          </span>
                        ) : null}
                      </h3>
                      {day.length === 0 ? (
                        <p className="text-sm text-stone-600">No slots</p>
                      ) : (
                        <ul className="mt-1 flex flex-wrap gap-1.5">
                          {(folded ? day.slice(0, FOLDED) : day).map((slot) => (
                            <li
                              key={slot.start}
                              className="rounded-md border border-brand-200 bg-brand-50 px-2 py-1 text-sm font-medium text-brand-900"
                              data-testid="preview-slot"
                            >
                              {formatTime(slot.start, zone)}
                              {slot.seatsLeft > 1 ? (
                                <span className="font-normal"> · {slot.seatsLeft} seats</span>
                              ) : null}
                            </li>
                          ))}
                          {folded ? (
                            <li>
                              <button
                                type="button"
                                className="rounded-md px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-stone-100"
                                onClick={() => setOpen(new Set([...open, date]))}
                                aria-label={`Show all ${day.length} slots on ${formatLocalDate(date)}`}
                              >
                                +{day.length - FOLDED} more
                              </button>
                            </li>
                          ) : null}
                        </ul>
                      )}
                    </li>
                  );
                })}
              </ol>
              {total === 0 ? (
                <p className="mt-3 text-sm text-stone-700">
                  Nothing to book? Check the weekly hours, the minimum notice, the bookable days
                  ahead and any vacation.
                </p>
              ) : null}
            </div>
          )}
        </>
      )}
    </section>
  );
}
