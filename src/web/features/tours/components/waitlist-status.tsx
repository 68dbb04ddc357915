import type { WaitlistEntry } from '../../../../shared/schemas/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLeaveWaitlist } from '../api/leave-waitlist.ts';
import { formatDateTime, formatTime } from '../format.ts';
import { zoneLabel } from '../zoned-time.ts';
import { describePreferences } from './waitlist-preferences.ts';

type WaitlistStatusProps = {
  entry: WaitlistEntry;
  zone: string;
  /** Books the held time (absent where booking happens elsewhere). */
  onBookOffer?: (offer: NonNullable<WaitlistEntry['offer']>) => void;
  bookPending?: boolean;
};

/** "A time is held for you until 3:45 PM", or the renter's place in line. */
export function WaitlistOfferText({ entry, zone }: { entry: WaitlistEntry; zone: string }) {
  if (!entry.offer) return null;
  return (
    <>
      A slot is held for you until{' '}
      <span className="font-semibold">{formatTime(entry.offer.expiresAt, zone)}</span>:{' '}
      {formatDateTime(entry.offer.start, zone)} ({zoneLabel(zone, entry.offer.start)}).
    </>
  );
}

/** The renter's waitlist entry on a listing: position or offer, preferences, and leaving. */
export function WaitlistStatus({ entry, zone, onBookOffer, bookPending }: WaitlistStatusProps) {
  const leave = useLeaveWaitlist();
  const offer = entry.status === 'offered' ? entry.offer : null;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
      data-testid="waitlist-status"
    >
      {offer ? (
        <p className="text-stone-900">
          <WaitlistOfferText entry={entry} zone={zone} />
        </p>
      ) : (
        <p className="text-stone-900">
          <span className="font-semibold">
            You are {entry.position === null ? 'on' : `#${entry.position} on`} the waitlist.
          </span>{' '}
          We will hold a time for you and email you when one that suits you opens up.
        </p>
      )}
      <p className="text-sm text-stone-700">Suits you: {describePreferences(entry.preferences)}</p>
      {leave.isError ? <Alert>{errorMessage(leave.error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        {offer && onBookOffer ? (
          <Button pending={bookPending ?? false} onClick={() => onBookOffer(offer)}>
            Book it
          </Button>
        ) : null}
        <Button
          variant="secondary"
          pending={leave.isPending}
          onClick={() => leave.mutate(entry.listingId)}
        >
          Leave waitlist
        </Button>
      </div>
    </div>
  );
}
