import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../../../../shared/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FullPageStatus } from '../../../components/ui/full-page-status.tsx';
import { ListingCombobox } from '../../../components/ui/listing-combobox.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAvailability } from '../api/get-availability.ts';
import { type LandlordWaitlist, useLandlordWaitlist } from '../api/get-landlord-waitlist.ts';
import { useUpdateTourSettings } from '../api/update-tour-settings.ts';
import { activeQueue } from '../waitlist.ts';
import { Toggle } from './landlord-controls.tsx';
import { LandlordWaitlistEntry } from './landlord-waitlist-entry.tsx';

type ListingQueue = LandlordWaitlist[number];

/** One listing's queue with its open/closed switch. */
function QueueCard({ queue, timeZone }: { queue: ListingQueue; timeZone: string }) {
  const entries = activeQueue(queue.entries);
  const { listing } = queue;
  const place = [listing.address, listing.unit].filter(Boolean).join(', ');
  const headingId = `queue-${listing.id}`;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="waitlist-queue"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-stone-900">
            <Link to={paths.listing.href(listing.id)} className="hover:underline">
              {listing.title}
            </Link>
          </h2>
          {place ? <p className="text-sm text-stone-600">{place}</p> : null}
          <p className="mt-1 text-sm text-stone-700">
            {entries.length === 0 ? 'No one waiting' : `${entries.length} waiting`}
          </p>
        </div>
        <WaitlistSwitch queue={queue} />
      </div>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">
          {queue.open
            ? 'Renters can join when no slot suits them. When a tour is cancelled, the first in line gets the slot.'
            : 'The list is closed: renters cannot join. Switch it on to let them.'}
        </p>
      ) : (
        <ol className="mt-2 divide-y divide-stone-100" aria-label={`Queue for ${listing.title}`}>
          {entries.map((entry) => (
            <LandlordWaitlistEntry key={entry.id} entry={entry} timeZone={timeZone} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** Opens or closes one listing's waitlist (its tour settings' `waitlistOpen`). */
function WaitlistSwitch({ queue }: { queue: ListingQueue }) {
  const update = useUpdateTourSettings();
  const toast = useToast();
  const { listing } = queue;
  // Awaited, not mutate's callbacks: a live event's refetch can move this switch (a queue going
  // quiet or busy remounts it) before they run.
  const setOpen = async (open: boolean) => {
    try {
      await update.mutateAsync({ listingId: listing.id, input: { waitlistOpen: open } });
      toast.success(open ? 'The waitlist is open.' : 'The waitlist is closed to new renters.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Toggle
      checked={queue.open}
      onChange={setOpen}
      label={
        <>
          {queue.open ? 'Open' : 'Closed'}
          <span className="sr-only"> waitlist for {listing.title}</span>
        </>
      }
    />
  );
}

/** Listings nobody waits for: one line each, with the switch. */
function QuietListings({ queues }: { queues: ListingQueue[] }) {
  // Folded away, the list is not built until it is opened: the demo landlord has 287 listings,
  // 2,300 elements of switches that made the page's first render (decision 066).
  const [open, setOpen] = useState(false);
  const list = (
    <ul className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white px-4 shadow-sm">
      {queues.map((queue) => (
        <li
          key={queue.listing.id}
          className="flex flex-wrap items-center justify-between gap-2 py-2"
        >
          <Link
            to={paths.listing.href(queue.listing.id)}
            className="min-w-0 truncate text-stone-900 hover:underline"
          >
            {queue.listing.title}
          </Link>
          <WaitlistSwitch queue={queue} />
        </li>
      ))}
    </ul>
  );
  const title = `${queues.length} listing${queues.length === 1 ? '' : 's'} with no one waiting`;
  return queues.length <= 5 ? (
    <section aria-label={title}>
      <h2 className="mb-2 text-sm font-semibold text-stone-700">{title}</h2>
      {list}
    </section>
  ) : (
    <details
      className="group"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="quiet-listings"
    >
      <summary className="cursor-pointer py-2 text-sm font-semibold text-brand-800">
        {title}: open or close their lists
      </summary>
      {open ? <div className="mt-2">{list}</div> : null}
    </details>
  );
}

/** /landlord/waitlist: each listing's queue, offers and the open/closed switch. */
export function LandlordWaitlistPage() {
  const [params, setParams] = useSearchParams();
  const waitlist = useLandlordWaitlist();
  const availability = useAvailability();
  const timeZone = availability.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const listingId = params.get('listing') ?? '';
  const all = waitlist.data ?? [];
  const shown = listingId ? all.filter((q) => q.listing.id === listingId) : all;
  const waiting = all.reduce((n, q) => n + activeQueue(q.entries).length, 0);
  const count = (q: ListingQueue) => activeQueue(q.entries).length;
  // Queues with renters first, the longest on top; a listing picked by hand always in full.
  const busy = shown.filter((q) => listingId || count(q) > 0).sort((a, b) => count(b) - count(a));
  const quiet = listingId ? [] : shown.filter((q) => count(q) === 0);
  // One queue per listing, hundreds for a big landlord: the filter is a combobox that lists only
  // the titles holding what is typed (decision 073).
  const listings = useMemo(() => (waitlist.data ?? []).map((q) => q.listing), [waitlist.data]);

  return (
    <Page title="Waitlist" width="default">
      <PageHeader
        title="Waitlist"
        description="Renters waiting for a tour slot, first come, first served."
      />
      {waitlist.isPending ? (
        <FullPageStatus message="Loading the waitlist..." />
      ) : waitlist.isError ? (
        <Alert>{errorMessage(waitlist.error)}</Alert>
      ) : all.length === 0 ? (
        <EmptyState
          title="No listings with a waitlist yet"
          action={
            <Link to={paths.landlordListings.href()} className={buttonClass('primary')}>
              Go to your listings
            </Link>
          }
        >
          <p>
            Once a listing is live, renters who find no slot that suits them can join its waitlist.
          </p>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
            <p className="text-stone-700" data-testid="waitlist-total">
              {waiting === 0
                ? 'No one is waiting right now.'
                : `${waiting} renter${waiting === 1 ? '' : 's'} waiting across your listings.`}
            </p>
            {all.length > 1 ? (
              <ListingCombobox
                label="Listing"
                allLabel="All listings"
                listings={listings}
                value={listingId}
                onChange={(id) => setParams(id ? { listing: id } : {}, { replace: true })}
                className="sm:w-72"
              />
            ) : null}
          </div>
          {busy.map((queue) => (
            <QueueCard key={queue.listing.id} queue={queue} timeZone={timeZone} />
          ))}
          {quiet.length > 0 ? <QuietListings queues={quiet} /> : null}
        </div>
      )}
    </Page>
  );
}
