import { type FormEvent, useEffect, useId, useState } from 'react';
import { SEARCH_TERM_MAX_LENGTH } from '../../../../shared/constants.ts';

const INPUT_CLASS =
  'block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm';

/** docs/spec.md §5: a term is at most 100 characters, even one that came in a link. */
const clip = (text: string) => text.slice(0, SEARCH_TERM_MAX_LENGTH);

/** The free-text box: submits on Enter or the button; stops at 100 characters and says so. */
export function SearchTextBox({
  value,
  onSubmit,
  label = 'Search apartments',
}: {
  value: string;
  onSubmit: (q: string) => void;
  label?: string;
}) {
  const id = useId();
  const hintId = useId();
  const [draft, setDraft] = useState(() => clip(value));
  useEffect(() => setDraft(clip(value)), [value]);
  const full = draft.length >= SEARCH_TERM_MAX_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft.trim());
  };
  return (
    <search className="w-full">
      <form onSubmit={submit} className="flex w-full gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={draft}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          aria-describedby={full ? hintId : undefined}
          onChange={(event) => setDraft(clip(event.target.value))}
          placeholder="Neighborhood, street or keyword"
          className={`${INPUT_CLASS} flex-1`}
        />
        <button
          type="submit"
          className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Search
        </button>
      </form>
      {full ? (
        <p id={hintId} className="mt-1 px-1 text-sm text-stone-700">
          Search terms stop at {SEARCH_TERM_MAX_LENGTH} characters.
        </p>
      ) : null}
    </search>
  );
}
