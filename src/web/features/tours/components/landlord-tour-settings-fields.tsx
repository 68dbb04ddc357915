import { useId } from 'react';
import type { TourSettings, TourType } from '../../../../shared/schemas/tours.ts';
import { TOUR_TYPES } from '../../../../shared/tours.ts';
import { TextField } from '../../../components/ui/field.tsx';
import type { FieldErrors } from '../availability-helpers.ts';
import { formatMinutes, TOUR_TYPE_LABEL } from '../format.ts';
import { FieldError, Toggle } from './landlord-controls.tsx';

type NumberKey = Exclude<
  {
    [K in keyof TourSettings]: TourSettings[K] extends number | null ? K : never;
  }[keyof TourSettings],
  undefined
>;

type SettingsFieldsProps = {
  value: TourSettings;
  onChange: (value: TourSettings) => void;
  /** Errors keyed by setting name. */
  errors: FieldErrors;
};

/** Hint under a minutes field: what the number means in hours or days. */
const asDuration = (value: number) =>
  Number.isFinite(value) && value > 0 ? `= ${formatMinutes(value)}` : undefined;

/** The tour settings (the landlord's defaults, or one listing's own), as a grid of fields. */
export function TourSettingsFields({ value, onChange, errors }: SettingsFieldsProps) {
  const id = useId();
  const set = <K extends keyof TourSettings>(key: K, next: TourSettings[K]) =>
    onChange({ ...value, [key]: next });

  const numberField = (key: NumberKey, label: string, hint?: string, unit = 'min') => {
    const current = value[key];
    return (
      <TextField
        label={`${label} (${unit})`}
        type="number"
        inputMode="numeric"
        min={0}
        value={current === null || Number.isNaN(current) ? '' : String(current)}
        onChange={(event) => {
          const raw = event.target.value;
          if (key === 'maxPerDay') set(key, raw === '' ? null : Number(raw));
          else set(key, raw === '' ? Number.NaN : Number(raw));
        }}
        hint={hint}
        error={errors[key]}
        name={key}
      />
    );
  };

  const toggleType = (type: TourType, on: boolean) =>
    set(
      'types',
      on
        ? TOUR_TYPES.filter((t) => t === type || value.types.includes(t))
        : value.types.filter((t) => t !== type),
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        {numberField('lengthMinutes', 'Tour length')}
        {numberField('intervalMinutes', 'Start a tour every', 'The step between slot starts.')}
        {numberField('bufferBeforeMinutes', 'Free time before', 'Kept free before every tour.')}
        {numberField('bufferAfterMinutes', 'Free time after', 'Kept free after every tour.')}
        {numberField('minNoticeMinutes', 'Minimum notice', asDuration(value.minNoticeMinutes))}
        {numberField('windowDays', 'Bookable ahead', 'Today included.', 'days')}
        {numberField('maxPerDay', 'Most tours a day', 'Leave empty for no limit.', 'tours')}
        {numberField(
          'capacity',
          'Renters per slot',
          '1 is a private tour; more is an open house.',
          'renters',
        )}
        {numberField(
          'cancelCutoffMinutes',
          'Renters can cancel until',
          `Before the tour. ${asDuration(value.cancelCutoffMinutes) ?? ''}`,
        )}
        {numberField(
          'offerHoldMinutes',
          'Waitlist offer held for',
          asDuration(value.offerHoldMinutes),
        )}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">Booking</legend>
        {(
          [
            ['instant', 'Instant', 'Renters book a free slot and it is confirmed at once.'],
            ['request', 'On request', 'You confirm or decline each booking.'],
          ] as const
        ).map(([mode, label, hint]) => (
          <label
            key={mode}
            className="flex items-start gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={`${id}-mode`}
              className="mt-1 size-4 accent-brand-700"
              checked={value.mode === mode}
              onChange={() => set('mode', mode)}
            />
            <span>
              <span className="block text-sm font-semibold text-stone-900">{label}</span>
              <span className="block text-sm text-stone-700">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {value.mode === 'request'
        ? numberField(
            'requestExpiryHours',
            'A request expires after',
            'Unanswered requests are declined for you.',
            'hours',
          )
        : null}
      <fieldset aria-describedby={errors.types ? `${id}-types-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-stone-800">Tour types offered</legend>
        <div className="flex flex-wrap gap-4">
          {TOUR_TYPES.map((type) => (
            <label key={type} className="flex min-h-9 items-center gap-2 text-sm text-stone-900">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={value.types.includes(type)}
                onChange={(event) => toggleType(type, event.target.checked)}
              />
              {TOUR_TYPE_LABEL[type]}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-types-error`} message={errors.types} />
      </fieldset>
      <Toggle
        checked={value.waitlistOpen}
        onChange={(open) => set('waitlistOpen', open)}
        label="Renters can join the waitlist when no slot suits them"
      />
    </div>
  );
}
