import { useId } from 'react';
import type { SavedSearchAlerts } from '../../../../shared/schemas/saved-searches.ts';
import { cn } from '../../../lib/cn.ts';
import { ALERTS_CHOICES } from '../alerts-text.ts';

type AlertsFieldProps = {
  value: SavedSearchAlerts;
  onChange: (value: SavedSearchAlerts) => void;
  legend?: string;
  disabled?: boolean;
};

/** Instant / daily digest / off, as a group of radio cards with what each one means. */
export function AlertsField({
  value,
  onChange,
  legend = 'Email alerts',
  disabled = false,
}: AlertsFieldProps) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{legend}</legend>
      {ALERTS_CHOICES.map((choice) => {
        const hintId = `${name}-${choice.value}-hint`;
        return (
          <label
            key={choice.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5',
              value === choice.value
                ? 'border-brand-700 bg-brand-50'
                : 'border-stone-300 bg-white hover:bg-stone-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-describedby={hintId}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span className="flex flex-col">
              <span className="text-sm font-semibold text-stone-900">{choice.label}</span>
              <span id={hintId} className="text-sm text-stone-600">
                {choice.hint}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
