import { type FormEvent, useEffect, useId, useRef } from 'react';
import type { TourType } from '../../../../shared/schemas/tours.ts';
import { TOUR_NOTE_MAX } from '../../../../shared/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatLocalDate, formatTimeRange, localDate, TOUR_TYPE_LABEL } from '../format.ts';
import type { ChosenSlot } from '../hooks/use-booking-flow.ts';
import { zoneLabel } from '../zoned-time.ts';
import { TOUR_TYPE_HINTS } from './tour-type-hints.ts';

type BookTourConfirmProps = {
  slot: ChosenSlot;
  zone: string;
  types: readonly TourType[];
  type: TourType;
  note: string;
  mode: 'instant' | 'request';
  lengthMinutes: number;
  pending: boolean;
  error: string | null;
  /** "Confirm tour" by default; "Move tour" for a reschedule. */
  submitLabel?: string;
  onType: (type: TourType) => void;
  onNote: (note: string) => void;
  onBack: () => void;
  onConfirm: () => void;
};

/** The confirm step: what is being booked, the tour type, an optional note, and the button. */
export function BookTourConfirm({
  slot,
  zone,
  types,
  type,
  note,
  mode,
  lengthMinutes,
  pending,
  error,
  submitLabel,
  onType,
  onNote,
  onBack,
  onConfirm,
}: BookTourConfirmProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noteId = useId();
  const typeName = useId();
  // The step replaces the times: focus its heading so keyboard and screen-reader users follow.
  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onConfirm();
  };
  const date = localDate(slot.start, zone);
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Confirm your tour">
      <div className="rounded-xl border border-brand-200 bg-brand-50 p-4">
        <h3 ref={headingRef} tabIndex={-1} className="font-semibold text-stone-900 outline-none">
          {formatLocalDate(date, 'long')}
        </h3>
        <p className="text-stone-800">
          {formatTimeRange(slot.start, slot.end, zone)}{' '}
          <span className="text-stone-600">({zoneLabel(zone, slot.start)})</span>
        </p>
        <p className="mt-1 text-sm text-stone-700">
          {lengthMinutes}-minute tour ·{' '}
          {mode === 'instant'
            ? 'Confirmed at once'
            : 'The landlord confirms or declines your request'}
        </p>
        <Button variant="ghost" size="sm" className="mt-2 -ml-3" onClick={onBack}>
          ← Change time
        </Button>
      </div>

      {types.length > 1 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-stone-800">Tour type</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {types.map((option) => (
              <label
                key={option}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3',
                  option === type ? 'border-brand-700 bg-brand-50' : 'border-stone-300 bg-white',
                )}
              >
                <input
                  type="radio"
                  name={typeName}
                  value={option}
                  checked={option === type}
                  onChange={() => onType(option)}
                  className="mt-1 accent-brand-700"
                />
                <span>
                  <span className="block font-semibold text-stone-900">
                    {TOUR_TYPE_LABEL[option]}
                  </span>
                  <span className="block text-sm text-stone-600">{TOUR_TYPE_HINTS[option]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-stone-700">
          <span className="font-semibold text-stone-900">{TOUR_TYPE_LABEL[type]}</span>:{' '}
          {TOUR_TYPE_HINTS[type]}
        </p>
      )}

      <div className="flex flex-col gap-1.5">
        <label htmlFor={noteId} className="text-sm font-medium text-stone-800">
          Note for the landlord (optional)
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={TOUR_NOTE_MAX}
          rows={3}
          onChange={(event) => onNote(event.target.value)}
          aria-describedby={`${noteId}-count`}
          placeholder="Anything the landlord should know, like who is coming with you."
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30"
        />
        <p id={`${noteId}-count`} className="self-end text-xs text-stone-600">
          {note.length}/{TOUR_NOTE_MAX} characters
        </p>
      </div>

      {error ? <Alert>{error}</Alert> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" pending={pending}>
          {submitLabel ?? (mode === 'instant' ? 'Confirm tour' : 'Send request')}
        </Button>
      </div>
    </form>
  );
}
