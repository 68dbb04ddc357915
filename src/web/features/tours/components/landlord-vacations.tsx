import { useId, useState } from 'react';
import type { Vacation } from '../../../../shared/schemas/tours.ts';
import { Button } from '../../../components/ui/button.tsx';
import { loadAvailabilityChecks } from '../availability-checks.ts';
import { daysBetween, formatLocalDate } from '../format.ts';
import { FieldError } from './landlord-controls.tsx';

type VacationsProps = {
  value: Vacation[];
  onChange: (value: Vacation[]) => void;
  today: string;
  /** A message for the whole list (from "vacations"). */
  error: string | undefined;
};

const INPUT =
  'h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm sm:w-44';

/** Ranges of closed dates, added in one go ("I'm away Dec 24 – Jan 2"). */
export function VacationsEditor({ value, onChange, today, error }: VacationsProps) {
  const id = useId();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  const add = async () => {
    const { VacationSchema } = await loadAvailabilityChecks();
    const parsed = VacationSchema.safeParse({ start, end: end || start });
    if (!parsed.success) {
      setFormError(
        start ? (parsed.error.issues[0]?.message ?? 'Check the dates.') : 'Pick the first day.',
      );
      return;
    }
    if (parsed.data.end < today) return setFormError('That vacation is already over.');
    onChange([...value, parsed.data].sort((a, b) => a.start.localeCompare(b.start)));
    setStart('');
    setEnd('');
    setFormError(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-start`} className="text-sm font-medium text-stone-800">
            First day off
          </label>
          <input
            id={`${id}-start`}
            type="date"
            min={today}
            value={start}
            onChange={(event) => setStart(event.target.value)}
            className={INPUT}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-end`} className="text-sm font-medium text-stone-800">
            Last day off
          </label>
          <input
            id={`${id}-end`}
            type="date"
            min={start || today}
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            aria-invalid={formError ? true : undefined}
            aria-describedby={formError ? `${id}-error` : undefined}
            className={INPUT}
          />
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="h-10 self-start sm:self-auto"
          onClick={add}
        >
          Add vacation
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={formError ?? undefined} />
      <FieldError id={`${id}-list-error`} message={error} />
      {value.length === 0 ? (
        <p className="text-sm text-stone-600">No vacations planned.</p>
      ) : (
        <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
          {value.map((vacation, index) => {
            const days = daysBetween(vacation.start, vacation.end) + 1;
            const label =
              vacation.start === vacation.end
                ? formatLocalDate(vacation.start)
                : `${formatLocalDate(vacation.start)} – ${formatLocalDate(vacation.end)}`;
            return (
              <li
                key={`${vacation.start}-${vacation.end}`}
                className="flex items-center justify-between gap-2 p-3"
              >
                <p className="text-stone-900">
                  <span className="font-medium">{label}</span>{' '}
                  <span className="text-sm text-stone-600">
                    · closed {days} day{days === 1 ? '' : 's'}
                  </span>
                </p>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700!"
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  aria-label={`Remove the vacation ${label}`}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
