import { useCombobox } from 'downshift';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { type FieldChromeProps, FieldShell, INPUT_CLASS, useFieldIds } from './field.tsx';

/** At most this many listings are rendered at once; typing narrows the rest (decision 073). */
export const LISTING_COMBOBOX_SHOWN = 50;

const STATUS_NOTE = { active: '', draft: ' (draft)', rented: ' (rented)', archived: ' (archived)' };

/** A listing as a picker offers it: the status is noted after the title unless it is live. */
export type ListingComboboxItem = {
  id: string;
  title: string;
  status?: keyof typeof STATUS_NOTE | undefined;
};

type Choice = { id: string; title: string; note: string; label: string; search: string };

type ListingComboboxProps = Omit<FieldChromeProps, 'label'> & {
  label: string;
  listings: readonly ListingComboboxItem[];
  /** The chosen listing's id; `''` (or null) is "All listings" when `allLabel` is given. */
  value: string | null;
  onChange: (id: string) => void;
  /** Adds an "All listings" choice with the empty value. */
  allLabel?: string | undefined;
  /** Shown in the empty box when nothing is chosen (without `allLabel`). */
  placeholder?: string | undefined;
  id?: string | undefined;
  disabled?: boolean | undefined;
  className?: string | undefined;
};

function choiceOf(id: string, title: string, note = ''): Choice {
  return { id, title, note, label: `${title}${note}`, search: title.toLowerCase() };
}

const labelOf = (choice: Choice | null) => choice?.label ?? '';

/**
 * What the list shows for `query`: the listings whose title holds it (any case), the first
 * LISTING_COMBOBOX_SHOWN of them, the chosen one among them when nothing is typed, and the
 * "All" choice first when it matches too. `more` counts the matches left out.
 */
function choicesFor(
  query: string,
  choices: readonly Choice[],
  all: Choice | null,
  selected: Choice | null,
) {
  const needle = query.trim().toLowerCase();
  const matches = needle ? choices.filter((choice) => choice.search.includes(needle)) : choices;
  let shown = matches.slice(0, LISTING_COMBOBOX_SHOWN);
  if (!needle && selected && selected !== all && !shown.includes(selected)) {
    shown = [selected, ...shown.slice(0, LISTING_COMBOBOX_SHOWN - 1)];
  }
  const items = all && (!needle || all.search.includes(needle)) ? [all, ...shown] : shown;
  return { items, matches: matches.length, more: matches.length - shown.length };
}

function announcement(matches: number, shown: number, none: boolean) {
  if (none) return 'No listings match';
  const count = `${matches} listing${matches === 1 ? '' : 's'}`;
  return shown < matches ? `${count}, ${shown} shown: keep typing to narrow the list` : count;
}

/**
 * Picks one of a landlord's listings: a text box that lists the titles holding what is typed
 * (the WAI-ARIA combobox pattern, by downshift's `useCombobox`). A landlord may have hundreds
 * of listings; the list is made only while open, and never more than LISTING_COMBOBOX_SHOWN
 * options of it (decision 073).
 */
export function ListingCombobox({
  label,
  listings,
  value,
  onChange,
  allLabel,
  placeholder,
  id,
  disabled,
  error,
  hint,
  className,
}: ListingComboboxProps) {
  const { inputId, controlProps } = useFieldIds(id, { hint, error });
  const choices = useMemo(
    () =>
      listings.map((listing) =>
        choiceOf(listing.id, listing.title, STATUS_NOTE[listing.status ?? 'active']),
      ),
    [listings],
  );
  const all = useMemo(() => (allLabel ? choiceOf('', allLabel) : null), [allLabel]);
  const chosen = value ?? '';
  const selected = chosen ? (choices.find((c) => c.id === chosen) ?? null) : all;
  // What was typed since the list opened; nothing typed shows every listing (the first ones).
  const [query, setQuery] = useState('');
  const { items, matches, more } = choicesFor(query, choices, all, selected);

  const { isOpen, highlightedIndex, getMenuProps, getInputProps, getItemProps } =
    useCombobox<Choice>({
      items,
      itemToString: labelOf,
      itemToKey: (choice) => choice?.id ?? null,
      selectedItem: selected,
      inputId,
      labelId: `${inputId}-label`,
      menuId: `${inputId}-listbox`,
      getItemId: (index) => `${inputId}-option-${index}`,
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem && selectedItem.id !== chosen) onChange(selectedItem.id);
      },
      onIsOpenChange: ({ isOpen: open }) => {
        if (!open) setQuery('');
      },
      stateReducer: (state, { type, changes }) => {
        switch (type) {
          // Leaving or Escape puts the chosen listing's title back: typing alone picks nothing.
          case useCombobox.stateChangeTypes.InputKeyDownEscape:
          case useCombobox.stateChangeTypes.InputBlur:
            return {
              ...changes,
              selectedItem: state.selectedItem,
              inputValue: labelOf(state.selectedItem),
            };
          // The first match is highlighted as one types, so Enter picks it.
          case useCombobox.stateChangeTypes.InputChange: {
            const typed = changes.inputValue ?? '';
            const first = typed.trim() && choicesFor(typed, choices, all, null).items.length > 0;
            return { ...changes, highlightedIndex: first ? 0 : -1 };
          }
          default:
            return changes;
        }
      },
    });
  const none = items.length === 0;
  // The open list may be wider than the box, up to the screen's right edge less a margin.
  const anchor = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | null>(null);
  useLayoutEffect(() => {
    const box = anchor.current;
    if (!isOpen || !box) return;
    setRoom(document.documentElement.clientWidth - box.getBoundingClientRect().left - 16);
  }, [isOpen]);

  return (
    // FieldShell's label carries the id downshift names the input and the listbox by.
    <FieldShell
      inputId={inputId}
      labelId={`${inputId}-label`}
      label={label}
      hint={hint}
      error={error}
      className={className}
    >
      <div ref={anchor} className="relative">
        <input
          {...controlProps}
          {...getInputProps({
            disabled,
            placeholder,
            spellCheck: false,
            onChange: (event) => setQuery(event.currentTarget.value),
            // A click on the closed box selects its text, so typing replaces the title.
            onClick: (event) => {
              if (!isOpen) event.currentTarget.select();
            },
          })}
          type="text"
          className={cn(INPUT_CLASS, 'pr-10', error ? 'border-red-600' : 'border-stone-300')}
        />
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="pointer-events-none absolute top-1/2 right-3 h-5 w-5 -translate-y-1/2 text-stone-500"
        >
          <path
            fillRule="evenodd"
            d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
            clipRule="evenodd"
          />
        </svg>
        <div
          className={cn(
            // As wide as its titles: at least the box's width, at most 28rem and the room left.
            'absolute top-full left-0 z-30 mt-1 w-max min-w-full max-w-[min(28rem,calc(100vw-2rem))]',
            'overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg',
            !isOpen && 'hidden',
          )}
          style={room === null ? undefined : { maxWidth: `max(100%, min(28rem, ${room}px))` }}
        >
          <ul
            {...getMenuProps()}
            className={cn('max-h-72 overflow-y-auto py-1', (!isOpen || none) && 'hidden')}
          >
            {isOpen
              ? items.map((choice, index) => (
                  <li
                    key={choice.id}
                    {...getItemProps({ item: choice, index })}
                    className={cn(
                      'flex cursor-pointer items-baseline gap-2 px-3 py-2 text-base text-stone-900',
                      highlightedIndex === index && 'bg-brand-100',
                    )}
                  >
                    <span className="min-w-0 flex-1 break-words">
                      {choice.title}
                      {choice.note ? (
                        <span className="text-sm text-stone-600">{choice.note}</span>
                      ) : null}
                    </span>
                    {choice === selected ? (
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 20 20"
                        fill="currentColor"
                        className="h-4 w-4 shrink-0 self-center text-brand-700"
                      >
                        <path
                          fillRule="evenodd"
                          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                          clipRule="evenodd"
                        />
                      </svg>
                    ) : null}
                  </li>
                ))
              : null}
          </ul>
          {isOpen && none ? (
            <p className="px-3 py-2 text-sm text-stone-600">No listings match</p>
          ) : null}
          {isOpen && more > 0 ? (
            <p className="border-t border-stone-100 px-3 py-2 text-sm text-stone-600">
              {more} more — keep typing to narrow the list
            </p>
          ) : null}
        </div>
        <p aria-live="polite" className="sr-only">
          {isOpen ? announcement(matches, matches - more, none) : ''}
        </p>
      </div>
    </FieldShell>
  );
}
