import { useState } from 'react';
import type { WaitlistEntry } from '../../../../shared/schemas/tours.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useWaitlistEntryAction } from '../api/waitlist-entry-action.ts';
import { formatDay } from '../format.ts';
import { offerText, preferencesText } from '../waitlist.ts';
import { OfferSlot } from './landlord-offer-slot.tsx';

type EntryProps = { entry: WaitlistEntry; timeZone: string };

/** One renter in a listing's queue: position, preferences, offer status and actions. */
export function LandlordWaitlistEntry({ entry, timeZone }: EntryProps) {
  const [mode, setMode] = useState<'offer' | 'remove' | null>(null);
  const action = useWaitlistEntryAction();
  const toast = useToast();
  const offer = offerText(entry, timeZone);

  // Awaited, not mutate's callbacks: the live event can refetch the queue (a removed entry
  // unmounts) before they run.
  const run = async (input: { action: 'offer'; start: string } | { action: 'remove' }) => {
    try {
      await action.mutateAsync({ entryId: entry.id, ...input });
      setMode(null);
      toast.success(
        input.action === 'offer'
          ? `Slot offered to ${entry.renter.name}.`
          : `${entry.renter.name} was removed from the waitlist.`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <li className="py-3" data-testid="waitlist-entry">
      <div className="flex flex-wrap items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-stone-100 font-semibold text-stone-800">
          <span className="sr-only">Position </span>
          {entry.position ?? '–'}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium text-stone-900">{entry.renter.name}</p>
          <p className="text-sm text-stone-700">{preferencesText(entry.preferences)}</p>
          <p className="text-sm text-stone-600">Joined {formatDay(entry.createdAt, timeZone)}</p>
          {offer ? (
            <p className="mt-1 inline-block rounded-md bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">
              {offer}
            </p>
          ) : null}
        </div>
        {mode === null ? (
          <div className="flex w-full gap-1 pl-12 sm:w-auto sm:pl-0">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setMode('offer')}
              aria-label={`Offer ${entry.renter.name} ${entry.offer ? 'another' : 'a'} slot`}
            >
              {entry.offer ? 'Offer another' : 'Offer a slot'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700!"
              onClick={() => setMode('remove')}
              aria-label={`Remove ${entry.renter.name}`}
            >
              Remove
            </Button>
          </div>
        ) : null}
      </div>
      {mode === 'offer' ? (
        <OfferSlot
          entry={entry}
          timeZone={timeZone}
          pending={action.isPending}
          onOffer={(start) => run({ action: 'offer', start })}
          onClose={() => setMode(null)}
        />
      ) : null}
      {mode === 'remove' ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-red-50 p-3">
          <p className="text-sm text-red-900">
            Remove {entry.renter.name} from the queue? They are told, and the next in line moves up.
          </p>
          <div className="flex gap-2">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setMode(null)}
              disabled={action.isPending}
            >
              Keep
            </Button>
            <Button
              variant="danger"
              size="sm"
              pending={action.isPending}
              onClick={() => run({ action: 'remove' })}
            >
              Remove
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
