import { Link } from 'react-router';
import type { WaitlistEntry } from '../../../../shared/schemas/tours.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isActiveEntry, useMyWaitlist } from '../api/get-my-waitlist.ts';
import { useTourSettings } from '../api/get-tour-settings.ts';
import { useTours } from '../api/get-tours.ts';
import { formatDateTime, zoneAbbreviation } from '../format.ts';
import { renterStatusLabel } from './renter-tour-text.ts';
import { WaitlistOfferText } from './waitlist-status.tsx';

const SHOWN = 2;

function HeldOffer({ entry, toursHref }: { entry: WaitlistEntry; toursHref: string }) {
  const settings = useTourSettings(entry.listingId);
  if (!settings.data) return null;
  return (
    <p className="rounded-lg bg-brand-50 p-2 text-sm text-brand-900">
      {entry.listing.title}: <WaitlistOfferText entry={entry} zone={settings.data.timeZone} />{' '}
      <Link to={toursHref} className="font-semibold underline">
        Book it
      </Link>
    </p>
  );
}

/** The renter dashboard's Tours card: a held waitlist offer, then the next tours. */
export function RenterToursCard({ toursHref }: { toursHref: string }) {
  const upcoming = useTours({ scope: 'upcoming' });
  const waitlist = useMyWaitlist();
  const offer = waitlist.data?.find((entry) => isActiveEntry(entry) && entry.offer !== null);
  const next = [...(upcoming.data ?? [])]
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    .slice(0, SHOWN);
  const total = upcoming.data?.length ?? 0;
  return (
    <section
      className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      aria-labelledby="tours-card-heading"
      data-testid="dashboard-tours"
    >
      <h2
        id="tours-card-heading"
        className="text-sm font-semibold tracking-wide text-stone-600 uppercase"
      >
        Tours
      </h2>
      <div className="mt-2 flex flex-1 flex-col gap-2">
        {offer ? <HeldOffer entry={offer} toursHref={toursHref} /> : null}
        {upcoming.isPending ? (
          <Spinner size="sm" label="Loading your tours" />
        ) : upcoming.isError ? (
          <p className="text-stone-600">Your tours could not be loaded.</p>
        ) : next.length === 0 ? (
          <p className="text-stone-600">
            No tours booked. Pick a time under "Book a tour" on any listing.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {next.map((tour) => (
              <li key={tour.id} className="text-sm">
                <span className="block font-semibold text-stone-900">
                  {formatDateTime(tour.start, tour.timeZone)}{' '}
                  {zoneAbbreviation(tour.start, tour.timeZone)}
                </span>
                <span className="block truncate text-stone-700">{tour.listing.title}</span>
                <span className="text-xs text-stone-600">{renterStatusLabel(tour)}</span>
              </li>
            ))}
            {total > SHOWN ? (
              <li className="text-xs text-stone-600">and {total - SHOWN} more</li>
            ) : null}
          </ul>
        )}
      </div>
      <Link
        to={toursHref}
        className="mt-4 self-start rounded font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        Your tours →
      </Link>
    </section>
  );
}
