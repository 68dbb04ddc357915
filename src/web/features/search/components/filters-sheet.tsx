import { type RefObject, useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { SearchQuery } from '../search-url.ts';
import { FilterFields } from './search-filters-panel.tsx';

type FiltersSheetProps = {
  /** The filters being chosen; they apply only through the Show button. */
  draft: SearchQuery;
  onChange: (patch: Partial<SearchQuery>) => void;
  onReset: () => void;
  onApply: () => void;
  onClose: () => void;
  /** What the search with `draft` finds: null while it is being counted or when it fails. */
  total: number | null;
  /** Why `draft` cannot be searched (the API's message), if it cannot. */
  error: string | null;
  /** The button that opened the sheet: focus goes back to it on close. */
  returnFocusRef: RefObject<HTMLButtonElement | null>;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

function showLabel(total: number | null): string {
  if (total === null) return 'Show apartments';
  return `Show ${total.toLocaleString('en-US')} ${total === 1 ? 'apartment' : 'apartments'}`;
}

/**
 * The filters on a narrow screen: a modal bottom sheet (native <dialog>: focus stays inside,
 * Escape closes). Mounted only while open.
 */
export function FiltersSheet({
  draft,
  onChange,
  onReset,
  onApply,
  onClose,
  total,
  error,
  returnFocusRef,
}: FiltersSheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (!dialog.open) dialog.showModal();
    // A modal dialog does not stop the page behind it from scrolling.
    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    const opener = returnFocusRef.current;
    return () => {
      body.style.overflow = previousOverflow;
      opener?.focus();
    };
  }, [returnFocusRef]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-0 mt-auto h-[90dvh] max-h-none w-full max-w-none rounded-t-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/40"
      onCancel={(event) => {
        // Escape: React state decides what is open.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself; the content fills it.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        // Tab cycles within the sheet instead of leaving the page for the browser's own UI.
        if (event.key !== 'Tab') return;
        const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (element) => element.offsetParent !== null,
        );
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            Filters
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
            aria-label="Close filters"
          >
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-4 py-4">
          <FilterFields query={draft} onChange={onChange} />
        </div>
        <div className="flex flex-col gap-2 border-t border-stone-200 px-4 py-3">
          {error !== null ? (
            <p role="alert" className="text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <div className="flex gap-3">
            <Button variant="secondary" onClick={onReset}>
              Reset
            </Button>
            <Button className="flex-1" onClick={onApply}>
              {showLabel(total)}
            </Button>
          </div>
        </div>
      </div>
    </dialog>
  );
}
