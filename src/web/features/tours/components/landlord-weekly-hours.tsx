import { useId, useRef, useState } from 'react';
import type { Weekday, WeeklyHours } from '../../../../shared/schemas/tours.ts';
import { WEEKDAYS } from '../../../../shared/tours.ts';
import { Button } from '../../../components/ui/button.tsx';
import { copyDay, errorsUnder, type FieldErrors, nextRange } from '../availability-helpers.ts';
import { WEEKDAY_LABEL } from '../format.ts';
import { Toggle } from './landlord-controls.tsx';
import { DayRanges } from './landlord-day-ranges.tsx';

type WeeklyHoursProps = {
  value: WeeklyHours;
  onChange: (value: WeeklyHours) => void;
  /** Errors keyed from "weeklyHours." on. */
  errors: FieldErrors;
};

/** Copies a day's hours onto the days ticked (Cal.com's "Copy times to…"). */
function CopyTo({ from, onApply }: { from: Weekday; onApply: (days: Weekday[]) => void }) {
  const details = useRef<HTMLDetailsElement>(null);
  // The menu is made when it opens: closed, the seven menus were 210 of the page's elements.
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<Weekday[]>([]);
  const id = useId();
  const others = WEEKDAYS.filter((day) => day !== from);
  const close = () => {
    if (details.current) details.current.open = false;
    setDays([]);
  };
  return (
    <details
      ref={details}
      className="relative"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex h-9 cursor-pointer list-none items-center rounded-lg px-2 text-sm font-semibold text-brand-800 hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        Copy…<span className="sr-only"> {WEEKDAY_LABEL[from]}'s hours to other days</span>
      </summary>
      {open ? (
        <fieldset className="absolute right-0 z-20 mt-1 w-56 rounded-xl border border-stone-200 bg-white p-3 shadow-lg">
          <legend className="sr-only">Copy {WEEKDAY_LABEL[from]}'s hours to</legend>
          <p aria-hidden="true" className="mb-2 text-xs font-semibold text-stone-600 uppercase">
            Copy times to
          </p>
          <label className="flex items-center gap-2 py-1 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={days.length === others.length}
              onChange={(event) => setDays(event.target.checked ? others : [])}
            />
            Every day
          </label>
          {others.map((day) => (
            <label
              key={day}
              htmlFor={`${id}-${day}`}
              className="flex items-center gap-2 py-1 text-sm"
            >
              <input
                id={`${id}-${day}`}
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={days.includes(day)}
                onChange={(event) =>
                  setDays((current) =>
                    event.target.checked ? [...current, day] : current.filter((d) => d !== day),
                  )
                }
              />
              {WEEKDAY_LABEL[day]}
            </label>
          ))}
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={close}>
              Cancel
            </Button>
            <Button
              size="sm"
              disabled={days.length === 0}
              onClick={() => {
                onApply(days);
                close();
              }}
            >
              Apply
            </Button>
          </div>
        </fieldset>
      ) : null}
    </details>
  );
}

/** The weekly hours: each weekday on or off, with one or more ranges. */
export function WeeklyHoursEditor({ value, onChange, errors }: WeeklyHoursProps) {
  const weekdays = WEEKDAYS.slice(0, 5);
  return (
    <div className="flex flex-col">
      <div className="mb-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange(copyDay(value, 'monday', weekdays))}
          disabled={value.monday.length === 0}
        >
          Copy Monday to weekdays
        </Button>
      </div>
      <ul className="divide-y divide-stone-100">
        {WEEKDAYS.map((day) => {
          const ranges = value[day];
          const on = ranges.length > 0;
          const dayErrors: FieldErrors = {};
          for (const [key, message] of Object.entries(errorsUnder(errors, day))) {
            dayErrors[key === day ? '' : key.slice(day.length + 1)] = message;
          }
          return (
            <li
              key={day}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4"
              data-testid={`weekday-${day}`}
            >
              <div className="flex items-center justify-between sm:w-40 sm:pt-0.5">
                <Toggle
                  checked={on}
                  onChange={(checked) =>
                    onChange({ ...value, [day]: checked ? [nextRange([])] : [] })
                  }
                  label={WEEKDAY_LABEL[day]}
                />
                {on ? (
                  <div className="sm:hidden">
                    <CopyTo from={day} onApply={(to) => onChange(copyDay(value, day, to))} />
                  </div>
                ) : null}
              </div>
              <div className="flex-1">
                {on ? (
                  <DayRanges
                    dayLabel={WEEKDAY_LABEL[day]}
                    ranges={ranges}
                    onChange={(next) => onChange({ ...value, [day]: next })}
                    errors={dayErrors}
                  />
                ) : (
                  <p className="text-sm text-stone-600 sm:pt-2">Unavailable</p>
                )}
              </div>
              {on ? (
                <div className="hidden sm:block">
                  <CopyTo from={day} onApply={(to) => onChange(copyDay(value, day, to))} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
