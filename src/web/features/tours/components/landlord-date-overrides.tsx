import { useId, useState } from 'react';
import type { DateOverride, WeeklyHours } from '../../../../shared/schemas/tours.ts';
import { Button } from '../../../components/ui/button.tsx';
import { type FieldErrors, nextRange } from '../availability-helpers.ts';
import { formatLocalDate, formatTimeOfDay, WEEKDAY_LABEL, weekdayOf } from '../format.ts';
import { FieldError, Toggle } from './landlord-controls.tsx';
import { DayRanges } from './landlord-day-ranges.tsx';

type DateOverridesProps = {
  value: DateOverride[];
  onChange: (value: DateOverride[]) => void;
  weekly: WeeklyHours;
  /** Today in the landlord's zone: earlier dates cannot be picked. */
  today: string;
  /** Errors keyed from "overrides." on. */
  errors: FieldErrors;
};

const hoursText = (override: DateOverride) =>
  override.ranges.length === 0
    ? 'Closed all day'
    : override.ranges
        .map((r) => `${formatTimeOfDay(r.start)} – ${formatTimeOfDay(r.end)}`)
        .join(', ');

/** Dates whose hours replace the weekly ones, or that are closed, on any weekday. */
export function DateOverridesEditor({
  value,
  onChange,
  weekly,
  today,
  errors,
}: DateOverridesProps) {
  const id = useId();
  const [date, setDate] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const sorted = value
    .map((override, index) => ({ override, index }))
    .sort((a, b) => a.override.date.localeCompare(b.override.date));

  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setPickError('Pick a date first.');
    if (date < today) return setPickError('Pick today or a later date.');
    if (value.some((o) => o.date === date)) {
      setOpen(date);
      return setPickError('That date already has its own hours: change them below.');
    }
    const usual = weekly[weekdayOf(date)];
    const ranges = usual.length > 0 ? usual.map((r) => ({ ...r })) : [nextRange([])];
    onChange([...value, { date, ranges }]);
    setOpen(date);
    setDate('');
    setPickError(null);
  };

  const replace = (index: number, next: DateOverride) =>
    onChange(value.map((o, i) => (i === index ? next : o)));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-date`} className="text-sm font-medium text-stone-800">
          Date
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-date`}
            type="date"
            min={today}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            aria-invalid={pickError ? true : undefined}
            aria-describedby={pickError ? `${id}-pick-error` : undefined}
            className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm"
          />
          <Button variant="secondary" size="sm" className="h-10" onClick={add}>
            Add date override
          </Button>
        </div>
        <FieldError id={`${id}-pick-error`} message={pickError ?? undefined} />
      </div>
      <FieldError id={`${id}-list-error`} message={errors.overrides} />
      {sorted.length === 0 ? (
        <p className="text-sm text-stone-600">
          No overrides. Add a date to open a day you are normally off, change its hours, or close
          it.
        </p>
      ) : (
        <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
          {sorted.map(({ override, index }) => {
            const usualDay = weekdayOf(override.date);
            const normallyOff = weekly[usualDay].length === 0;
            const editing = open === override.date;
            const rangeErrors: FieldErrors = {};
            const prefix = `overrides.${index}.ranges`;
            for (const [key, message] of Object.entries(errors)) {
              if (key === prefix) rangeErrors[''] = message;
              else if (key.startsWith(`${prefix}.`))
                rangeErrors[key.slice(prefix.length + 1)] = message;
            }
            const hasError = Object.keys(rangeErrors).length > 0;
            const label = formatLocalDate(override.date, 'long');
            return (
              <li key={override.date} className="p-3" data-testid="date-override">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium text-stone-900">{label}</p>
                    <p className="text-sm text-stone-700">
                      {hoursText(override)}
                      {normallyOff ? (
                        <span className="text-stone-600">
                          {' '}
                          · usually off on {WEEKDAY_LABEL[usualDay]}s
                        </span>
                      ) : null}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={editing || hasError}
                      onClick={() => setOpen(editing ? null : override.date)}
                      aria-label={`${editing ? 'Done editing' : 'Edit'} ${label}`}
                    >
                      {editing ? 'Done' : 'Edit'}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700!"
                      onClick={() => onChange(value.filter((_, i) => i !== index))}
                      aria-label={`Remove the override on ${label}`}
                    >
                      Remove
                    </Button>
                  </div>
                </div>
                {editing || hasError ? (
                  <div className="mt-3 flex flex-col gap-3 border-t border-stone-100 pt-3">
                    <Toggle
                      checked={override.ranges.length === 0}
                      onChange={(closed) =>
                        replace(index, { ...override, ranges: closed ? [] : [nextRange([])] })
                      }
                      label="Closed all day"
                    />
                    {override.ranges.length > 0 ? (
                      <DayRanges
                        dayLabel={label}
                        ranges={override.ranges}
                        onChange={(ranges) => replace(index, { ...override, ranges })}
                        errors={rangeErrors}
                      />
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
