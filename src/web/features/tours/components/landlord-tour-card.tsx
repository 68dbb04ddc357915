import { useId, useState } from 'react';
import type { Tour } from '../../../../shared/schemas/tours.ts';
import { TOUR_NOTE_MAX } from '../../../../shared/tours.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { type LandlordTourAction, landlordActions } from '../agenda.ts';
import { useTourTransition } from '../api/transition-tour.ts';
import {
  formatDateTime,
  formatDay,
  formatTimeRange,
  TOUR_STATUS_CLASS,
  TOUR_STATUS_LABEL,
  TOUR_TYPE_LABEL,
  zoneAbbreviation,
} from '../format.ts';

const DONE: Record<LandlordTourAction, string> = {
  confirm: 'Tour confirmed. The renter has been told.',
  decline: 'Request declined. The renter has been told.',
  cancel: 'Tour cancelled. The renter has been told.',
  complete: 'Marked as completed.',
  'no-show': 'Marked as a no-show.',
};

export function TourStatusBadge({ tour }: { tour: Tour }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        TOUR_STATUS_CLASS[tour.status],
      )}
      data-testid="tour-status"
    >
      {TOUR_STATUS_LABEL[tour.status]}
    </span>
  );
}

/** Decline or cancel: an optional reason the renter reads, then the action. */
function ReasonForm({
  action,
  pending,
  onSubmit,
  onClose,
}: {
  action: 'decline' | 'cancel';
  pending: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form
      className="mt-3 flex flex-col gap-2 rounded-xl bg-stone-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(reason);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        Reason for the renter (optional)
      </label>
      <textarea
        id={id}
        value={reason}
        maxLength={TOUR_NOTE_MAX}
        rows={2}
        onChange={(event) => setReason(event.target.value)}
        className="w-full rounded-lg border border-stone-300 bg-white p-2 text-base"
        placeholder={
          action === 'decline'
            ? 'e.g. The apartment is already let.'
            : 'e.g. I have to be elsewhere then.'
        }
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onClose} disabled={pending}>
          Keep the tour
        </Button>
        <Button type="submit" variant="danger" size="sm" pending={pending}>
          {action === 'decline' ? 'Decline request' : 'Cancel tour'}
        </Button>
      </div>
    </form>
  );
}

type TourCardProps = {
  tour: Tour;
  now: number;
  /** Shows the date too (lists not grouped by day). */
  withDate?: boolean;
};

/** One tour on the landlord's agenda, with the actions its state allows. */
export function LandlordTourCard({ tour, now, withDate = false }: TourCardProps) {
  const [asking, setAsking] = useState<'decline' | 'cancel' | null>(null);
  const transition = useTourTransition();
  const toast = useToast();
  const actions = landlordActions(tour, now);
  const zone = zoneAbbreviation(tour.start, tour.timeZone);
  const place = [tour.listing.title, tour.listing.unit].filter(Boolean).join(', ');

  // Awaited, not mutate's callbacks: the live event can refetch the lists first, and a confirmed
  // request leaves "Requests to answer" (this card unmounts) before those would run.
  const run = async (action: LandlordTourAction, reason?: string) => {
    try {
      await transition.mutateAsync({ id: tour.id, action, ...(reason ? { reason } : {}) });
      setAsking(null);
      toast.success(DONE[action]);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const pending = transition.isPending;

  return (
    <article
      className="min-w-0 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
      aria-label={`${TOUR_STATUS_LABEL[tour.status]} tour with ${tour.renter.name}, ${formatDateTime(tour.start, tour.timeZone)}`}
      data-testid="landlord-tour"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">
            {withDate ? `${formatDay(tour.start, tour.timeZone)} · ` : ''}
            {formatTimeRange(tour.start, tour.end, tour.timeZone)}{' '}
            <span className="text-sm font-normal text-stone-600">{zone}</span>
          </p>
          <p className="mt-0.5 text-stone-800">
            {tour.renter.name} · {TOUR_TYPE_LABEL[tour.type]}
          </p>
          <p className="mt-0.5 truncate text-sm text-stone-600">{place}</p>
        </div>
        <TourStatusBadge tour={tour} />
      </div>
      {tour.note ? (
        <p className="mt-2 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-800">
          <span className="font-medium">Note: </span>
          {tour.note}
        </p>
      ) : null}
      {tour.status === 'requested' && tour.expiresAt ? (
        <p className="mt-2 text-sm text-amber-900">
          Answer by {formatDateTime(tour.expiresAt, tour.timeZone)}, or the request expires.
        </p>
      ) : null}
      {tour.cancelReason ? (
        <p className="mt-2 text-sm text-stone-700">
          {tour.status === 'declined'
            ? 'Declined'
            : `Cancelled by the ${tour.cancelledBy ?? 'landlord'}`}
          : {tour.cancelReason}
        </p>
      ) : null}
      {actions.length > 0 && asking === null ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {actions.includes('confirm') ? (
            <Button size="sm" pending={pending} onClick={() => run('confirm')}>
              Confirm
            </Button>
          ) : null}
          {actions.includes('decline') ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={pending}
              onClick={() => setAsking('decline')}
            >
              Decline
            </Button>
          ) : null}
          {actions.includes('complete') ? (
            <Button variant="secondary" size="sm" pending={pending} onClick={() => run('complete')}>
              Mark completed
            </Button>
          ) : null}
          {actions.includes('no-show') ? (
            <Button variant="secondary" size="sm" disabled={pending} onClick={() => run('no-show')}>
              No-show
            </Button>
          ) : null}
          {actions.includes('cancel') ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700!"
              disabled={pending}
              onClick={() => setAsking('cancel')}
            >
              Cancel tour
            </Button>
          ) : null}
        </div>
      ) : null}
      {asking ? (
        <ReasonForm
          action={asking}
          pending={pending}
          onSubmit={(reason) => run(asking, reason)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </article>
  );
}
