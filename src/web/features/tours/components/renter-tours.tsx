import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Tour } from '../../../../shared/schemas/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { isActiveEntry, useMyWaitlist } from '../api/get-my-waitlist.ts';
import { useTours } from '../api/get-tours.ts';
import { RenterTourCard } from './renter-tour-card.tsx';
import { WaitlistEntryCard } from './waitlist-entry-card.tsx';

type NotesLink = (tour: Tour) => ReactNode;
type RenterToursProps = {
  listingHref: (id: string) => string;
  searchHref: string;
  /** A "Notes" link on each tour (given by the route: notes are another feature). */
  notesLink?: NotesLink;
};

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center p-6">
      <Spinner size="md" label={label} />
    </div>
  );
}

function TourList({
  tours,
  listingHref,
  upcoming,
  notesLink,
}: {
  tours: Tour[];
  listingHref: (id: string) => string;
  upcoming: boolean;
  notesLink: NotesLink | undefined;
}) {
  return (
    <ul className="flex flex-col gap-3">
      {tours.map((tour) => (
        <li key={tour.id}>
          <RenterTourCard
            tour={tour}
            listingHref={listingHref}
            upcoming={upcoming}
            notesLink={notesLink}
          />
        </li>
      ))}
    </ul>
  );
}

/** /tours for a renter: upcoming tours, waitlists with any held offer, then past tours. */
export function RenterTours({ listingHref, searchHref, notesLink }: RenterToursProps) {
  const upcoming = useTours({ scope: 'upcoming' });
  const past = useTours({ scope: 'past' });
  const waitlist = useMyWaitlist();
  const entries = (waitlist.data ?? []).filter(isActiveEntry);
  // Held offers first: they expire.
  entries.sort((a, b) => Number(b.status === 'offered') - Number(a.status === 'offered'));
  const upcomingSorted = [...(upcoming.data ?? [])].sort(
    (a, b) => Date.parse(a.start) - Date.parse(b.start),
  );
  const pastSorted = [...(past.data ?? [])].sort(
    (a, b) => Date.parse(b.start) - Date.parse(a.start),
  );
  // One loading state until all three have answered: sections filling in one by one would push
  // the ones below them down (layout shift).
  if (upcoming.isPending || past.isPending || waitlist.isPending) {
    return <Loading label="Loading your tours" />;
  }
  return (
    <div className="flex flex-col gap-10">
      {entries.length > 0 ? (
        <section aria-labelledby="waitlists-heading" className="flex flex-col gap-3">
          <h2 id="waitlists-heading" className="text-lg font-semibold text-stone-900">
            Waitlists
          </h2>
          <ul className="flex flex-col gap-3">
            {entries.map((entry) => (
              <WaitlistEntryCard key={entry.id} entry={entry} listingHref={listingHref} />
            ))}
          </ul>
        </section>
      ) : null}
      {waitlist.isError ? <Alert>{errorMessage(waitlist.error)}</Alert> : null}

      <section aria-labelledby="upcoming-heading" className="flex flex-col gap-3">
        <h2 id="upcoming-heading" className="text-lg font-semibold text-stone-900">
          Upcoming
        </h2>
        {upcoming.isError ? (
          <Alert>{errorMessage(upcoming.error)}</Alert>
        ) : upcomingSorted.length === 0 ? (
          <EmptyState
            as="h3"
            title="No upcoming tours"
            action={
              <Link to={searchHref} className={buttonClass('primary')}>
                Browse apartments
              </Link>
            }
          >
            Find an apartment you like and pick a time under "Book a tour" on its page. Tours you
            book show up here.
          </EmptyState>
        ) : (
          <TourList
            tours={upcomingSorted}
            listingHref={listingHref}
            upcoming
            notesLink={notesLink}
          />
        )}
      </section>

      <section aria-labelledby="past-heading" className="flex flex-col gap-3">
        <h2 id="past-heading" className="text-lg font-semibold text-stone-900">
          Past and cancelled
        </h2>
        {past.isError ? (
          <Alert>{errorMessage(past.error)}</Alert>
        ) : pastSorted.length === 0 ? (
          <p className="text-stone-600">Tours you have taken or cancelled will be listed here.</p>
        ) : (
          <TourList
            tours={pastSorted}
            listingHref={listingHref}
            upcoming={false}
            notesLink={notesLink}
          />
        )}
      </section>
    </div>
  );
}
