import { useId } from 'react';
import type { TimeRange } from '../../../../shared/schemas/tours.ts';
import { Button } from '../../../components/ui/button.tsx';
import { type FieldErrors, nextRange } from '../availability-helpers.ts';
import { formatTimeOfDay } from '../format.ts';
import { FieldError, TimeSelect } from './landlord-controls.tsx';

type DayRangesProps = {
  /** Names the day in every control: "Monday", "Sun, Nov 1". */
  dayLabel: string;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  /** Errors keyed by path relative to the day: "" for the day, "0.end" for a range's end. */
  errors: FieldErrors;
};

const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
const ordinal = (index: number) => ORDINAL[index] ?? `#${index + 1}`;

/** One day's hours: several ranges, each with a start and an end; add or remove ranges. */
export function DayRanges({ dayLabel, ranges, onChange, errors }: DayRangesProps) {
  const id = useId();
  const dayError = errors[''];
  const update = (index: number, change: Partial<TimeRange>) =>
    onChange(ranges.map((range, i) => (i === index ? { ...range, ...change } : range)));

  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2">
        {ranges.map((range, index) => {
          const rangeError =
            errors[`${index}.end`] ?? errors[`${index}.start`] ?? errors[`${index}`];
          const errorId = `${id}-${index}-error`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place
            <li key={index} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <TimeSelect
                  kind="start"
                  label={`${dayLabel}, ${ordinal(index)} range, from`}
                  value={range.start}
                  onChange={(start) => update(index, { start })}
                  invalid={Boolean(rangeError || dayError)}
                  describedBy={rangeError ? errorId : undefined}
                />
                <span aria-hidden="true" className="text-stone-500">
                  –
                </span>
                <TimeSelect
                  kind="end"
                  label={`${dayLabel}, ${ordinal(index)} range, until`}
                  value={range.end}
                  onChange={(end) => update(index, { end })}
                  invalid={Boolean(rangeError || dayError)}
                  describedBy={rangeError ? errorId : undefined}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-9 px-0 text-lg"
                  aria-label={`Remove ${formatTimeOfDay(range.start)} to ${formatTimeOfDay(range.end)} on ${dayLabel}`}
                  onClick={() => onChange(ranges.filter((_, i) => i !== index))}
                >
                  <span aria-hidden="true">×</span>
                </Button>
              </div>
              <FieldError id={errorId} message={rangeError} />
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-day-error`} message={dayError} />
      {ranges.length < 12 ? (
        <div>
          <Button
            variant="ghost"
            size="sm"
            className="px-2 text-brand-800"
            onClick={() => onChange([...ranges, nextRange(ranges)])}
            aria-label={`Add hours on ${dayLabel}`}
          >
            + Add hours
          </Button>
        </div>
      ) : null}
    </div>
  );
}
