import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Tour } from '../../../../shared/schemas/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { tourIcsHref } from '../api/get-tour-ics.ts';
import { useTourSettings } from '../api/get-tour-settings.ts';
import { useTourTransition } from '../api/transition-tour.ts';
import {
  formatDateTime,
  formatLocalDate,
  formatMinutes,
  formatTimeRange,
  localDate,
  TOUR_STATUS_CLASS,
  TOUR_TYPE_LABEL,
} from '../format.ts';
import { zoneLabel } from '../zoned-time.ts';
import { RenterTourReschedule } from './renter-tour-reschedule.tsx';
import { renterStatusLabel, tourAddress } from './renter-tour-text.ts';

type RenterTourCardProps = {
  tour: Tour;
  listingHref: (id: string) => string;
  /** Upcoming tours can be moved, cancelled and added to a calendar. */
  upcoming: boolean;
  /** A link to take notes on this viewing (the route gives it: notes are another feature). */
  notesLink?: ((tour: Tour) => ReactNode) | undefined;
};

/** The cut-off for changing a confirmed tour, from the listing's settings (null: not known). */
function useCutoff(tour: Tour, enabled: boolean) {
  const settings = useTourSettings(enabled ? tour.listingId : null);
  const minutes = settings.data?.cancelCutoffMinutes;
  if (minutes === undefined) return { minutes: null, passed: false };
  return { minutes, passed: Date.now() > Date.parse(tour.start) - minutes * 60_000 };
}

/** One of the renter's tours: when (the listing's zone), where, status, and what they can do. */
export function RenterTourCard({ tour, listingHref, upcoming, notesLink }: RenterTourCardProps) {
  const [panel, setPanel] = useState<'none' | 'cancel' | 'reschedule'>('none');
  const [reason, setReason] = useState('');
  const transition = useTourTransition();
  const toast = useToast();
  const active = upcoming && (tour.status === 'confirmed' || tour.status === 'requested');
  // A confirmed tour keeps to the landlord's cut-off; a request can be withdrawn until it starts.
  const cutoff = useCutoff(tour, active && tour.status === 'confirmed');
  const tooLate = tour.status === 'confirmed' && cutoff.passed;
  const address = tourAddress(tour);
  const date = localDate(tour.start, tour.timeZone);
  const titleId = `tour-${tour.id}-title`;

  // Awaited, not mutate's callbacks: the cancelled tour moves to the past list, and this card
  // unmounts before those would run.
  const cancel = async () => {
    try {
      await transition.mutateAsync({
        id: tour.id,
        action: 'cancel',
        ...(reason.trim() ? { reason } : {}),
      });
      toast.success(tour.status === 'requested' ? 'Request withdrawn.' : 'Tour cancelled.');
    } catch {
      // Shown in the panel (transition.error).
    }
  };

  return (
    <article
      aria-labelledby={titleId}
      data-testid="renter-tour"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex gap-4">
        {tour.listing.coverPhotoUrl ? (
          <img
            src={tour.listing.coverPhotoUrl}
            alt=""
            loading="lazy"
            className="hidden h-20 w-28 shrink-0 rounded-lg object-cover sm:block"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span
              className={cn(
                'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                TOUR_STATUS_CLASS[tour.status],
              )}
            >
              {renterStatusLabel(tour)}
            </span>
            <span className="text-sm text-stone-600">{TOUR_TYPE_LABEL[tour.type]}</span>
          </div>
          <h3 id={titleId} className="font-semibold text-stone-900">
            <time dateTime={tour.start}>
              {formatLocalDate(date, 'long')},{' '}
              {formatTimeRange(tour.start, tour.end, tour.timeZone)}
            </time>
          </h3>
          <p className="text-sm text-stone-600">{zoneLabel(tour.timeZone, tour.start)}</p>
          <p className="text-stone-800">
            <Link to={listingHref(tour.listingId)} className="font-medium text-brand-800 underline">
              {tour.listing.title}
            </Link>
            {address ? <span className="block text-sm text-stone-700">{address}</span> : null}
          </p>
          <p className="text-sm text-stone-600">With {tour.landlord.name}</p>
          {tour.status === 'requested' && tour.expiresAt ? (
            <p className="text-sm text-stone-700">
              Waiting for the landlord to confirm (until{' '}
              {formatDateTime(tour.expiresAt, tour.timeZone)}).
            </p>
          ) : null}
          {tour.status === 'cancelled' && tour.cancelReason ? (
            <p className="text-sm text-stone-700">Reason: {tour.cancelReason}</p>
          ) : null}
          {tour.note ? <p className="text-sm text-stone-700">Your note: {tour.note}</p> : null}
        </div>
      </div>

      {active || notesLink ? (
        <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-3">
          {active && tour.status === 'confirmed' ? (
            <a href={tourIcsHref(tour.id)} download className={buttonClass('secondary', 'sm')}>
              Add to calendar
            </a>
          ) : null}
          {!active ? null : !tooLate ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                aria-expanded={panel === 'reschedule'}
                onClick={() => setPanel(panel === 'reschedule' ? 'none' : 'reschedule')}
              >
                Reschedule
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={panel === 'cancel'}
                onClick={() => setPanel(panel === 'cancel' ? 'none' : 'cancel')}
              >
                {tour.status === 'requested' ? 'Withdraw request' : 'Cancel tour'}
              </Button>
            </>
          ) : (
            <p className="text-sm text-stone-700">
              It is too late to cancel or move this tour online: changes close{' '}
              {cutoff.minutes === null ? 'shortly' : formatMinutes(cutoff.minutes)} before it
              starts. Message the landlord if you cannot make it.
            </p>
          )}
          {notesLink?.(tour)}
        </div>
      ) : null}

      {panel === 'cancel' ? (
        <div className="flex flex-col gap-3 rounded-xl bg-stone-50 p-4">
          <label className="flex flex-col gap-1.5 text-sm font-medium text-stone-800">
            Reason (optional, shown to the landlord)
            <input
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              className="h-11 rounded-lg border border-stone-300 bg-white px-3 text-base font-normal"
            />
          </label>
          {transition.isError ? <Alert>{errorMessage(transition.error)}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" pending={transition.isPending} onClick={cancel}>
              {tour.status === 'requested' ? 'Withdraw request' : 'Cancel tour'}
            </Button>
            <Button variant="ghost" onClick={() => setPanel('none')}>
              Keep it
            </Button>
          </div>
        </div>
      ) : null}
      {panel === 'reschedule' ? (
        <div className="rounded-xl bg-stone-50 p-4">
          <h4 className="mb-3 font-semibold text-stone-900">Pick a new time</h4>
          <RenterTourReschedule tour={tour} onDone={() => setPanel('none')} />
        </div>
      ) : null}
    </article>
  );
}
