import { type FormEvent, useEffect, useId, useState } from 'react';

const INPUT_CLASS =
  'block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm';

/** The free-text box: submits on Enter or the button. */
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
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
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
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
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
    </search>
  );
}
