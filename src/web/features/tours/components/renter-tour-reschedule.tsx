import { useCallback } from 'react';
import type { Tour } from '../../../../shared/schemas/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useTourSettings } from '../api/get-tour-settings.ts';
import { useRescheduleTour } from '../api/reschedule-tour.ts';
import { useBookingFlow } from '../hooks/use-booking-flow.ts';
import { formatLongDateTime } from '../zoned-time.ts';
import { BookTourConfirm } from './book-tour-confirm.tsx';
import { BookTourPicker } from './book-tour-picker.tsx';
import { SLOT_TAKEN_TEXT } from './book-tour-section.tsx';

type RenterTourRescheduleProps = { tour: Tour; onDone: () => void };

/** Moving a tour: pick a new time of the same listing, then confirm; the old one is cancelled. */
export function RenterTourReschedule({ tour, onDone }: RenterTourRescheduleProps) {
  const settings = useTourSettings(tour.listingId);
  const reschedule = useRescheduleTour();
  const toast = useToast();
  const [state, dispatch] = useBookingFlow();
  const onDate = useCallback((date: string) => dispatch({ kind: 'date', date }), [dispatch]);

  if (settings.isPending) return <Spinner size="md" label="Loading tour times" />;
  if (settings.isError) return <Alert>{errorMessage(settings.error)}</Alert>;
  const tourSettings = settings.data;

  if (state.step === 'confirm') {
    const { slot, type, note, key } = state;
    return (
      <BookTourConfirm
        slot={slot}
        zone={tourSettings.timeZone}
        types={tourSettings.types}
        type={type}
        note={note}
        mode={tourSettings.mode}
        lengthMinutes={tourSettings.lengthMinutes}
        pending={reschedule.isPending}
        error={reschedule.isError ? errorMessage(reschedule.error) : null}
        submitLabel="Move tour"
        onType={(next) => dispatch({ kind: 'type', type: next })}
        onNote={(next) => dispatch({ kind: 'note', note: next })}
        onBack={() => {
          reschedule.reset();
          dispatch({ kind: 'back' });
        }}
        onConfirm={async () => {
          // Awaited, not mutate's callbacks: the moved tour leaves the upcoming list and this
          // panel unmounts before those would run.
          try {
            const moved = await reschedule.mutateAsync({
              tourId: tour.id,
              start: slot.start,
              type,
              ...(note.trim() ? { note: note.trim() } : {}),
              idempotencyKey: key,
            });
            toast.success(`Tour moved to ${formatLongDateTime(moved.start, moved.timeZone)}.`);
            onDone();
          } catch (error) {
            if (error instanceof ApiError && error.code === 'SLOT_TAKEN') {
              reschedule.reset();
              dispatch({ kind: 'taken', message: SLOT_TAKEN_TEXT });
            }
          }
        }}
      />
    );
  }
  return (
    <BookTourPicker
      listingId={tour.listingId}
      settings={tourSettings}
      date={state.date}
      onDate={onDate}
      onSlot={(slot) => {
        dispatch({ kind: 'slot', slot, type: tour.type });
        if (tour.note) dispatch({ kind: 'note', note: tour.note });
      }}
      notice={state.step === 'pick' ? state.notice : null}
      empty={
        <p className="text-stone-700">
          No other tour times are open right now. Keep this one, or message the landlord.
        </p>
      }
    />
  );
}
