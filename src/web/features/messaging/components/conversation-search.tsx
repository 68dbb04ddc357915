import { type KeyboardEvent, useId, useState } from 'react';
import {
  SEARCH_TERM_MAX_LENGTH,
  SUGGESTIONS_MIN_TERM_LENGTH,
} from '../../../../shared/constants.ts';
import { cn } from '../../../lib/cn.ts';
import { type Suggestion, useSuggestions } from '../api/get-suggestions.ts';

type ConversationSearchProps = {
  /** What is typed. */
  value: string;
  onChange: (value: string) => void;
  /** The typed text after the 300 ms debounce: what suggestions are asked for. */
  term: string;
  onPick: (suggestion: Suggestion) => void;
};

/**
 * The conversation search box: an ARIA combobox whose list suggests people and listings
 * (2+ characters, docs/spec.md §5). Arrow keys move through the suggestions, Enter opens one,
 * Escape closes the list (or clears the box when it is already closed).
 */
export function ConversationSearch({ value, onChange, term, onPick }: ConversationSearchProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const suggestions = useSuggestions(term);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const items =
    value.trim().length >= SUGGESTIONS_MIN_TERM_LENGTH && term === value
      ? (suggestions.data ?? [])
      : [];
  const expanded = open && items.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (suggestion: Suggestion) => {
    setOpen(false);
    setActive(-1);
    onPick(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      const chosen = expanded && active >= 0 ? items[active] : undefined;
      event.preventDefault();
      if (chosen) pick(chosen);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        event.preventDefault();
        onChange('');
      }
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: `<search>` is unknown to older browsers and happy-dom.
    <form role="search" className="relative block" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="sr-only">
        Search conversations
      </label>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="pointer-events-none absolute top-3 left-3 size-5 text-stone-500"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-3.5-3.5" />
      </svg>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        maxLength={SEARCH_TERM_MAX_LENGTH}
        placeholder="Search by name or listing"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="block h-11 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-10 text-base text-stone-900 shadow-sm placeholder:text-stone-500"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-12 z-20 overflow-hidden rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
      >
        {items.map((suggestion, index) => (
          <div
            key={`${suggestion.kind}-${suggestion.value}-${suggestion.conversationId}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            // Keep focus in the box: choosing with the mouse must not blur it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
            onKeyDown={() => {}}
            className={cn(
              'flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm',
              index === active ? 'bg-brand-50 text-brand-900' : 'text-stone-800',
            )}
          >
            <span className="truncate">{suggestion.value}</span>
            <span className="shrink-0 text-xs text-stone-600">
              {suggestion.kind === 'participant' ? 'Person' : 'Listing'}
            </span>
          </div>
        ))}
      </div>
    </form>
  );
}
