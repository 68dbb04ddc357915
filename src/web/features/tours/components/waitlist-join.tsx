import { type FormEvent, useState } from 'react';
import type { TourType, WaitlistPreferences } from '../../../../shared/schemas/tours.ts';
import { DAY_PARTS, WEEKDAYS } from '../../../../shared/tours.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';
import { TOUR_TYPE_LABEL } from '../format.ts';
import { DAY_PART_LABELS, WEEKDAY_SHORT } from './waitlist-preferences.ts';

type WaitlistJoinProps = {
  listingId: string;
  types: readonly TourType[];
  /** Why the renter is here: no times at all, or none that suit them. */
  reason: 'none' | 'unsuitable';
  onCancel?: () => void;
};

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

function Chip({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: () => void;
  children: string;
}) {
  return (
    <label
      className={cn(
        'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm font-medium',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
        checked
          ? 'border-brand-700 bg-brand-50 text-brand-900'
          : 'border-stone-300 bg-white text-stone-800',
      )}
    >
      <input type="checkbox" checked={checked} onChange={onChange} className="accent-brand-700" />
      {children}
    </label>
  );
}

/**
 * Joining the waitlist: the days, times and tour types that suit the renter (none ticked: any).
 * When a matching time frees up, the first renter in line gets it held for them.
 */
export function WaitlistJoin({ listingId, types, reason, onCancel }: WaitlistJoinProps) {
  const join = useJoinWaitlist();
  const [preferences, setPreferences] = useState<WaitlistPreferences>({
    days: [],
    times: [],
    types: [],
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!join.isPending) join.mutate({ listingId, preferences });
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Join the waitlist"
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-stone-50 p-4"
    >
      <div>
        <h3 className="font-semibold text-stone-900">
          {reason === 'none' ? 'Join the waitlist' : 'None of these times work?'}
        </h3>
        <p className="text-sm text-stone-700">
          {reason === 'none'
            ? 'There are no tour times open right now. '
            : 'Join the waitlist and tell us what suits you. '}
          When a matching time opens up, we hold it for you and email you.
        </p>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">Days that suit you</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <Chip
              key={day}
              checked={preferences.days.includes(day)}
              onChange={() => setPreferences((p) => ({ ...p, days: toggle(p.days, day) }))}
            >
              {WEEKDAY_SHORT[day]}
            </Chip>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">Times that suit you</legend>
        <div className="flex flex-wrap gap-2">
          {DAY_PARTS.map((part) => (
            <Chip
              key={part}
              checked={preferences.times.includes(part)}
              onChange={() => setPreferences((p) => ({ ...p, times: toggle(p.times, part) }))}
            >
              {DAY_PART_LABELS[part]}
            </Chip>
          ))}
        </div>
      </fieldset>
      {types.length > 1 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-stone-800">Tour type</legend>
          <div className="flex flex-wrap gap-2">
            {types.map((type) => (
              <Chip
                key={type}
                checked={preferences.types.includes(type)}
                onChange={() => setPreferences((p) => ({ ...p, types: toggle(p.types, type) }))}
              >
                {TOUR_TYPE_LABEL[type]}
              </Chip>
            ))}
          </div>
        </fieldset>
      ) : null}
      <p className="text-xs text-stone-600">Leave a group unticked if any will do.</p>
      {join.isError ? <Alert>{errorMessage(join.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="submit" pending={join.isPending}>
          Join waitlist
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Not now
          </Button>
        ) : null}
      </div>
    </form>
  );
}
