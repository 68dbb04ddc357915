import { Link } from 'react-router';
import type { WaitlistEntry } from '../../../../shared/schemas/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { newIdempotencyKey, useBookTour } from '../api/book-tour.ts';
import { useTourSettings } from '../api/get-tour-settings.ts';
import { formatLongDateTime } from '../zoned-time.ts';
import { WaitlistStatus } from './waitlist-status.tsx';

type WaitlistEntryCardProps = { entry: WaitlistEntry; listingHref: (id: string) => string };

/**
 * A waitlist entry on /tours: the listing, the renter's place in line, and a held offer's
 * "Book it", which books exactly the held start (with a type the listing offers and suits them).
 */
export function WaitlistEntryCard({ entry, listingHref }: WaitlistEntryCardProps) {
  const settings = useTourSettings(entry.listingId);
  const book = useBookTour();
  const toast = useToast();
  const zone = settings.data?.timeZone ?? 'America/New_York';
  const offered = settings.data?.types ?? ['in_person'];
  const type =
    entry.preferences.types.find((t) => offered.includes(t)) ?? offered[0] ?? 'in_person';
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
      data-testid="waitlist-entry"
    >
      <Link to={listingHref(entry.listingId)} className="font-semibold text-brand-800 underline">
        {entry.listing.title}
      </Link>
      <WaitlistStatus
        entry={entry}
        zone={zone}
        // Busy until the listing's settings say which tour types it offers.
        bookPending={book.isPending || settings.isPending}
        onBookOffer={async (offer) => {
          // Awaited here, not in mutate's callbacks: the entry (booked) leaves the list and
          // this card unmounts before those would run.
          try {
            const tour = await book.mutateAsync({
              listingId: entry.listingId,
              start: offer.start,
              type,
              idempotencyKey: newIdempotencyKey(),
            });
            toast.success(
              tour.status === 'confirmed'
                ? `Tour confirmed for ${formatLongDateTime(tour.start, tour.timeZone)}.`
                : 'Request sent. We will email you when the landlord answers.',
            );
          } catch {
            // Shown under the entry (book.error).
          }
        }}
      />
      {book.isError ? (
        <Alert>
          {book.error instanceof ApiError && book.error.code === 'SLOT_TAKEN'
            ? 'That time is no longer held for you. You keep your place in line.'
            : errorMessage(book.error)}
        </Alert>
      ) : null}
    </li>
  );
}
