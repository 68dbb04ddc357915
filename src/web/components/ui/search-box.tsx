import { type FormEvent, useEffect, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button, type ButtonVariant } from './button.tsx';

type SearchBoxProps = {
  /** The box's accessible name (visually hidden). */
  label: string;
  placeholder: string;
  /** The applied text; the box shows it again whenever it changes. */
  value: string;
  onSearch: (q: string) => void;
  maxLength: number;
  /** Says "Search terms stop at N characters." once the box is full. */
  announceLimit?: boolean;
  /** Emptying the box applies the empty search right away (shows everything again). */
  searchWhenEmptied?: boolean;
  buttonVariant?: ButtonVariant;
  className?: string;
};

/** A search form: typing is free, Search (or Enter) applies the trimmed text. */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  maxLength,
  announceLimit = false,
  searchWhenEmptied = false,
  buttonVariant = 'secondary',
  className,
}: SearchBoxProps) {
  const id = useId();
  const hintId = useId();
  // A value that came in a link may be longer than the box takes.
  const [draft, setDraft] = useState(() => value.slice(0, maxLength));
  useEffect(() => setDraft(value.slice(0, maxLength)), [value, maxLength]);
  const full = announceLimit && draft.length >= maxLength;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <search className={cn('w-full', className)}>
      <form onSubmit={submit} className="flex w-full gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={draft}
          maxLength={maxLength}
          aria-describedby={full ? hintId : undefined}
          onChange={(event) => {
            setDraft(event.target.value.slice(0, maxLength));
            if (searchWhenEmptied && event.target.value === '' && value !== '') onSearch('');
          }}
          placeholder={placeholder}
          className="block h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30"
        />
        <Button type="submit" variant={buttonVariant}>
          Search
        </Button>
      </form>
      {full ? (
        <p id={hintId} className="mt-1 px-1 text-sm text-stone-700">
          Search terms stop at {maxLength} characters.
        </p>
      ) : null}
    </search>
  );
}
