import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTours } from '../api/get-tours.ts';
import { formatDay, formatTime, TOUR_STATUS_LABEL, zoneAbbreviation } from '../format.ts';

/** How many of the next tours the card lists. */
const SHOWN = 3;

/** The landlord dashboard's card: the next tours and the requests waiting for an answer. */
export function LandlordUpcomingTours() {
  const tours = useTours({ scope: 'upcoming' });
  const items = [...(tours.data ?? [])].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const requests = items.filter((tour) => tour.status === 'requested').length;
  const next = items.slice(0, SHOWN);

  return (
    <section
      aria-labelledby="upcoming-tours-heading"
      className="flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      data-testid="upcoming-tours"
    >
      <h2
        id="upcoming-tours-heading"
        className="text-sm font-semibold tracking-wide text-stone-600 uppercase"
      >
        Upcoming tours
      </h2>
      {tours.isError ? (
        <p className="mt-2 text-sm text-red-700">{errorMessage(tours.error)}</p>
      ) : tours.isPending ? (
        <p className="mt-2 text-stone-600">Loading…</p>
      ) : items.length === 0 ? (
        <div className="mt-2 flex-1 text-stone-600">
          <p>No upcoming tours.</p>
          <p className="mt-1 text-sm">
            Renters book from your listing pages during{' '}
            <Link
              to={paths.landlordAvailability.href()}
              className="font-medium text-brand-800 underline"
            >
              your hours
            </Link>
            .
          </p>
        </div>
      ) : (
        <div className="mt-2 flex-1">
          <p className="text-3xl font-bold text-stone-900" data-testid="upcoming-count">
            {items.length}
          </p>
          {requests > 0 ? (
            <p className="mt-1 text-sm font-semibold text-amber-900" data-testid="pending-requests">
              {requests} request{requests === 1 ? '' : 's'} to answer
            </p>
          ) : null}
          <ul className="mt-3 flex flex-col gap-2">
            {next.map((tour) => (
              <li key={tour.id} className="text-sm">
                <p className="font-medium text-stone-900">
                  {formatDay(tour.start, tour.timeZone)}, {formatTime(tour.start, tour.timeZone)}{' '}
                  <span className="font-normal text-stone-600">
                    {zoneAbbreviation(tour.start, tour.timeZone)}
                  </span>
                </p>
                <p className="truncate text-stone-700">
                  {tour.renter.name} · {tour.listing.title}
                  {tour.status === 'requested' ? ` · ${TOUR_STATUS_LABEL.requested}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Link
        to={paths.landlordTours.href()}
        className="mt-4 self-start rounded font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        {requests > 0 ? 'Answer requests' : 'All tours'} →
      </Link>
    </section>
  );
}
