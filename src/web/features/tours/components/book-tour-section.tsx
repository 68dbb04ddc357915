import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Slot, TourType, WaitlistEntry } from '../../../../shared/schemas/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useBookTour } from '../api/book-tour.ts';
import { isActiveEntry, useMyWaitlist } from '../api/get-my-waitlist.ts';
import { useTourSettings } from '../api/get-tour-settings.ts';
import { toursQueryOptions } from '../api/get-tours.ts';
import { localDate } from '../format.ts';
import { type ChosenSlot, useBookingFlow } from '../hooks/use-booking-flow.ts';
import { formatLongDateTime } from '../zoned-time.ts';
import { BookTourConfirm } from './book-tour-confirm.tsx';
import { BookTourDone } from './book-tour-done.tsx';
import { TOUR_START_PARAM } from './book-tour-link.ts';
import { BookTourPicker } from './book-tour-picker.tsx';
import { WaitlistJoin } from './waitlist-join.tsx';
import { WaitlistStatus } from './waitlist-status.tsx';

export const SLOT_TAKEN_TEXT = 'That time was just taken. Please choose another.';

export type SignInLink = { to: string; state: unknown };

export type BookTourSectionProps = {
  listingId: string;
  /** A signed-in renter books; a visitor sees the times and is asked to sign in. */
  viewer: 'renter' | 'visitor';
  /** Where a visitor signs in; with a start, they come back to confirm that time. */
  signIn: (start?: string) => SignInLink;
  toursHref: string;
};

function SignInPrompt({ signIn, slotText }: { signIn: SignInLink; slotText: string | null }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4">
      <p className="text-stone-800">
        {slotText
          ? `Sign in to book ${slotText}. You will come back here to confirm.`
          : 'Sign in as a renter to book a tour. You will come back to this apartment.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={signIn.to} state={signIn.state} className={buttonClass('primary')}>
          Sign in to book
        </Link>
        <Link to="/register/renter" className={buttonClass('secondary')}>
          Create an account
        </Link>
      </div>
    </div>
  );
}

/** The listing page's "Book a tour" section (loaded lazily, see book-tour-lazy.tsx). */
export default function BookTourSection({
  listingId,
  viewer,
  signIn,
  toursHref,
}: BookTourSectionProps) {
  const settings = useTourSettings(listingId);
  const waitlist = useMyWaitlist(viewer === 'renter');
  const booked = useQuery({
    ...toursQueryOptions({ scope: 'upcoming', listingId }),
    enabled: viewer === 'renter',
  });
  const book = useBookTour();
  const [state, dispatch] = useBookingFlow();
  const [joining, setJoining] = useState(false);
  const [visitorSlot, setVisitorSlot] = useState<Slot | null>(null);
  const onDate = useCallback((date: string) => dispatch({ kind: 'date', date }), [dispatch]);
  const location = useLocation();
  const navigate = useNavigate();
  const wanted =
    viewer === 'renter' ? new URLSearchParams(location.search).get(TOUR_START_PARAM) : null;
  const lengthMinutes = settings.data?.lengthMinutes;
  const firstType = settings.data?.types[0];
  const settingsZone = settings.data?.timeZone;

  // Back from signing in with a chosen time: straight to confirming it (the server re-checks).
  useEffect(() => {
    if (!wanted || lengthMinutes === undefined || !firstType || !settingsZone) return;
    const start = Date.parse(wanted);
    if (Number.isFinite(start) && start > Date.now()) {
      const end = new Date(start + lengthMinutes * 60_000).toISOString();
      // Its day first, so "Change time" goes back to that day's times.
      dispatch({ kind: 'date', date: localDate(wanted, settingsZone) });
      dispatch({ kind: 'slot', slot: { start: wanted, end }, type: firstType });
    }
    // Drop the parameter (a reload should not pick the time again), keeping the anchor.
    const params = new URLSearchParams(location.search);
    params.delete(TOUR_START_PARAM);
    const search = params.toString();
    navigate(
      { search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [
    wanted,
    lengthMinutes,
    firstType,
    settingsZone,
    dispatch,
    navigate,
    location.search,
    location.hash,
  ]);

  if (settings.isPending) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner size="md" label="Loading tour times" />
      </div>
    );
  }
  if (settings.isError) {
    const status = settings.error instanceof ApiError ? settings.error.status : 0;
    if (viewer === 'visitor' && (status === 401 || status === 403)) {
      return <SignInPrompt signIn={signIn()} slotText={null} />;
    }
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>{errorMessage(settings.error)}</Alert>
        <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const tourSettings = settings.data;
  const zone = tourSettings.timeZone;
  const entry = waitlist.data?.find((item) => item.listingId === listingId && isActiveEntry(item));
  const defaultType = (preferred?: readonly TourType[]): TourType =>
    preferred?.find((type) => tourSettings.types.includes(type)) ??
    tourSettings.types[0] ??
    'in_person';

  if (state.step === 'done') return <BookTourDone tour={state.tour} toursHref={toursHref} />;

  if (state.step === 'confirm') {
    const { slot, type, note, key } = state;
    // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
    const confirm = async () => {
      try {
        const tour = await book.mutateAsync({
          listingId,
          start: slot.start,
          type,
          ...(note.trim() ? { note: note.trim() } : {}),
          idempotencyKey: key,
        });
        dispatch({ kind: 'booked', tour });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'SLOT_TAKEN') {
          book.reset();
          dispatch({ kind: 'taken', message: SLOT_TAKEN_TEXT });
        }
      }
    };
    return (
      <BookTourConfirm
        slot={slot}
        zone={zone}
        types={tourSettings.types}
        type={type}
        note={note}
        mode={tourSettings.mode}
        lengthMinutes={tourSettings.lengthMinutes}
        pending={book.isPending}
        error={book.isError ? errorMessage(book.error) : null}
        onType={(next) => dispatch({ kind: 'type', type: next })}
        onNote={(next) => dispatch({ kind: 'note', note: next })}
        onBack={() => {
          book.reset();
          dispatch({ kind: 'back' });
        }}
        onConfirm={confirm}
      />
    );
  }

  const choose = (slot: ChosenSlot, preferred?: readonly TourType[]) => {
    if (viewer === 'visitor') setVisitorSlot({ seatsLeft: 1, ...slot });
    else dispatch({ kind: 'slot', slot, type: defaultType(preferred) });
  };
  const bookOffer = (offer: NonNullable<WaitlistEntry['offer']>) =>
    choose({ start: offer.start, end: offer.end }, entry?.preferences.types);
  const canJoin = viewer === 'renter' && tourSettings.waitlistOpen && !entry;

  const existing = booked.data?.find(
    (tour) => tour.status === 'confirmed' || tour.status === 'requested',
  );
  return (
    <div className="flex flex-col gap-5">
      {existing ? (
        <Alert tone="info">
          You have a tour here on {formatLongDateTime(existing.start, existing.timeZone)} (
          {existing.status === 'confirmed' ? 'confirmed' : 'awaiting confirmation'}).{' '}
          <Link to={toursHref} className="font-semibold underline">
            Move or cancel it in your tours
          </Link>
          .
        </Alert>
      ) : null}
      {entry ? <WaitlistStatus entry={entry} zone={zone} onBookOffer={bookOffer} /> : null}
      <BookTourPicker
        listingId={listingId}
        settings={tourSettings}
        date={state.date}
        onDate={onDate}
        onSlot={(slot) => choose(slot)}
        notice={state.notice}
        empty={
          canJoin ? (
            <WaitlistJoin listingId={listingId} types={tourSettings.types} reason="none" />
          ) : (
            <p className="rounded-xl border border-dashed border-stone-300 p-4 text-stone-700">
              No tour times are open in the next {tourSettings.windowDays} days. Message the
              landlord to ask about a visit.
            </p>
          )
        }
        footer={
          <>
            {visitorSlot ? (
              <SignInPrompt
                signIn={signIn(visitorSlot.start)}
                slotText={formatLongDateTime(visitorSlot.start, zone)}
              />
            ) : null}
            {viewer === 'visitor' && !visitorSlot ? (
              <p className="text-sm text-stone-700">
                Pick a time, then{' '}
                <Link
                  to={signIn().to}
                  state={signIn().state}
                  className="font-semibold text-brand-800 underline"
                >
                  sign in
                </Link>{' '}
                to book it.
              </p>
            ) : null}
            {canJoin && !joining ? (
              <p className="text-sm text-stone-700">
                None of these times work?{' '}
                <button
                  type="button"
                  onClick={() => setJoining(true)}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  Join the waitlist
                </button>
              </p>
            ) : null}
            {canJoin && joining ? (
              <WaitlistJoin
                listingId={listingId}
                types={tourSettings.types}
                reason="unsuitable"
                onCancel={() => setJoining(false)}
              />
            ) : null}
          </>
        }
      />
    </div>
  );
}
