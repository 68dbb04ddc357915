import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ListingStatus } from '../../../../shared/listings.ts';
import type { Listing } from '../../../../shared/schemas/listing-responses.ts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetListingStatus } from '../api/listings-api.ts';

type Change = 'rented' | 'archived';

const CHANGES: Record<
  Change,
  { action: string; question: string; confirm: string; done: string; from: ListingStatus[] }
> = {
  rented: {
    action: 'Mark rented',
    question: 'Mark this listing as rented? It leaves search; you can reactivate it later.',
    confirm: 'Yes, mark rented',
    done: 'Listing marked as rented.',
    from: ['active'],
  },
  archived: {
    action: 'Archive',
    question: 'Archive this listing? It leaves search; you can reactivate it later.',
    confirm: 'Yes, archive',
    done: 'Listing archived.',
    from: ['draft', 'active', 'rented'],
  },
};

const STATUS_NOTE: Partial<Record<ListingStatus, string>> = {
  draft: 'This listing is a draft: only you can see it.',
  rented: 'This listing is marked as rented: only you can see it.',
  archived: 'This listing is archived: only you can see it.',
};

/**
 * The owner's actions on their own listing page: Edit (the create wizard with the listing's data),
 * Mark rented and Archive, each confirmed first and reported in a toast.
 */
export function OwnerListingActions({ listing }: { listing: Listing }) {
  const [pending, setPending] = useState<Change | null>(null);
  const setStatus = useSetListingStatus(listing.id);
  const toast = useToast();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const triggerRefs = useRef<Partial<Record<Change, HTMLButtonElement | null>>>({});

  const editRef = useRef<HTMLAnchorElement>(null);
  // Where focus goes once the confirmation closes: its trigger after Cancel, else Edit.
  const focusAfter = useRef<Change | 'edit' | null>(null);

  useEffect(() => {
    if (pending) {
      confirmRef.current?.focus();
      return;
    }
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === 'edit') editRef.current?.focus();
    else if (target) triggerRefs.current[target]?.focus();
  }, [pending]);

  const cancel = () => {
    focusAfter.current = pending;
    setPending(null);
  };

  // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
  const apply = async (change: Change) => {
    try {
      await setStatus.mutateAsync(change);
      focusAfter.current = 'edit';
      setPending(null);
      toast.success(CHANGES[change].done);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const available = (Object.keys(CHANGES) as Change[]).filter((change) =>
    CHANGES[change].from.includes(listing.status),
  );
  const note = STATUS_NOTE[listing.status];

  return (
    <div className="flex flex-col gap-2" data-testid="owner-actions">
      <p className="text-sm font-medium text-stone-700">This is your listing.</p>
      {note ? <p className="text-sm text-stone-600">{note}</p> : null}
      <Link
        ref={editRef}
        to={`/listings/create?id=${encodeURIComponent(listing.id)}`}
        className={buttonClass('primary', 'md')}
      >
        Edit listing
      </Link>
      {pending ? (
        <div className="flex flex-col gap-2 rounded-lg border border-stone-300 bg-stone-50 p-3">
          <p id="owner-confirm-question" className="text-sm text-stone-800">
            {CHANGES[pending].question}
          </p>
          <div className="flex gap-2">
            <Button
              ref={confirmRef}
              // Focus lands here: the question is read with it.
              aria-describedby="owner-confirm-question"
              variant={pending === 'archived' ? 'danger' : 'primary'}
              size="sm"
              pending={setStatus.isPending}
              onClick={() => apply(pending)}
            >
              {CHANGES[pending].confirm}
            </Button>
            <Button variant="ghost" size="sm" onClick={cancel} disabled={setStatus.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {available.map((change) => (
            <Button
              key={change}
              ref={(el) => {
                triggerRefs.current[change] = el;
              }}
              variant="secondary"
              size="sm"
              className="flex-1"
              onClick={() => setPending(change)}
            >
              {CHANGES[change].action}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
