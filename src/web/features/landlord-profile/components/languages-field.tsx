import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

const MAX_LANGUAGES = 10;
const MAX_LENGTH = 40;

/** Adds a language (trimmed, no duplicates regardless of case); the list unchanged if refused. */
export function addLanguage(list: readonly string[], value: string): string[] {
  const language = value.trim();
  if (!language || language.length > MAX_LENGTH || list.length >= MAX_LANGUAGES) return [...list];
  if (list.some((l) => l.toLowerCase() === language.toLowerCase())) return [...list];
  return [...list, language];
}

/** The languages spoken: typed one at a time (Enter or Add), each removable. */
export function LanguagesField({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
}) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const add = () => {
    onChange(addLanguage(value, draft));
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="text-sm font-medium text-stone-800">Languages</legend>
      {value.length > 0 ? (
        <ul className="mb-1 flex flex-wrap gap-2" aria-label="Languages you speak">
          {value.map((language) => (
            <li
              key={language}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              {language}
              <button
                type="button"
                className="rounded-full px-2 text-brand-900 hover:bg-brand-100"
                onClick={() => onChange(value.filter((l) => l !== language))}
              >
                <span aria-hidden="true">×</span>
                <span className="sr-only">Remove {language}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          Add a language
        </label>
        <input
          id={id}
          value={draft}
          maxLength={MAX_LENGTH}
          placeholder={value.length >= MAX_LANGUAGES ? 'Up to 10 languages' : 'e.g. Spanish'}
          disabled={value.length >= MAX_LANGUAGES}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30 disabled:bg-stone-100"
        />
        <Button variant="secondary" onClick={add} disabled={!draft.trim()}>
          Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        Up to {MAX_LANGUAGES}, shown on your card.
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
