import { type ReactNode, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { TIME_STEPS } from '../availability-helpers.ts';
import { formatTimeOfDay } from '../format.ts';

type ToggleProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  /** Hides the label visually (it still names the switch). */
  labelHidden?: boolean;
  id?: string;
};

/** An on/off switch: a checkbox with `role="switch"`, styled as a pill. */
export function Toggle({ checked, onChange, label, labelHidden, id }: ToggleProps) {
  return (
    <label className="inline-flex min-h-9 cursor-pointer items-center gap-3">
      <span className="relative inline-flex shrink-0">
        {/* The real checkbox lies over the track, invisible: clicks and focus land on it. */}
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className={cn(
            'relative h-6 w-11 rounded-full transition-colors',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
            checked ? 'bg-brand-700' : 'bg-stone-300',
          )}
        >
          <span
            className={cn(
              'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform',
              checked && 'translate-x-5',
            )}
          />
        </span>
      </span>
      <span className={cn('text-sm font-medium text-stone-900', labelHidden && 'sr-only')}>
        {label}
      </span>
    </label>
  );
}

type TimeSelectProps = {
  value: string;
  onChange: (value: string) => void;
  /** Its accessible name, e.g. "Monday, first range, from". */
  label: string;
  /** Starts cannot be midnight at the end of the day; ends cannot be midnight at its start. */
  kind: 'start' | 'end';
  invalid?: boolean;
  describedBy?: string | undefined;
};

/** A time select's choices: every step of its kind, and a saved time off the grid among them. */
function timeChoices(kind: TimeSelectProps['kind'], value: string): string[] {
  const steps = TIME_STEPS.filter((time) =>
    kind === 'start' ? time !== '24:00' : time !== '00:00',
  );
  return steps.includes(value) ? steps : [...steps, value].sort();
}

/**
 * A time of day in 15-minute steps (a saved time off that grid is kept as a choice). Until it is
 * first focused or pressed it holds only its chosen time, and its 96 steps are made then: the
 * editor's 20 time selects would be 1,920 of its 3,200 elements at its first render (decision
 * 066). A press arms it before the list opens: React renders a discrete event's update before
 * the browser's default action.
 */
export function TimeSelect({
  value,
  onChange,
  label,
  kind,
  invalid,
  describedBy,
}: TimeSelectProps) {
  const [armed, setArmed] = useState(false);
  const times = armed ? timeChoices(kind, value) : [value];
  const arm = () => setArmed(true);
  return (
    <select
      value={value}
      onFocus={arm}
      onPointerDown={arm}
      aria-label={label}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={cn(
        'h-10 w-[7.5rem] rounded-lg border bg-white px-2 text-sm text-stone-900 shadow-sm',
        invalid ? 'border-red-600' : 'border-stone-300',
      )}
    >
      {times.map((time) => (
        <option key={time} value={time}>
          {formatTimeOfDay(time)}
        </option>
      ))}
    </select>
  );
}

/** A titled card section of the availability page. */
export function Section({
  title,
  description,
  actions,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A small inline error, announced with its field. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}
