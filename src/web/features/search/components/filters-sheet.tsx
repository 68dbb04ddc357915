import { type RefObject, useId } from 'react';
import type { SearchQuery } from '../../../../shared/search-url.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CloseButton, ModalFrame } from '../../../components/ui/modal-dialog.tsx';
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

function showLabel(total: number | null): string {
  if (total === null) return 'Show apartments';
  return `Show ${total.toLocaleString('en-US')} ${total === 1 ? 'apartment' : 'apartments'}`;
}

/** The filters on a narrow screen: a modal bottom sheet (ModalFrame), mounted only while open. */
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
  const titleId = useId();

  return (
    <ModalFrame
      labelledBy={titleId}
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      className="m-0 mt-auto h-[90dvh] max-h-none w-full max-w-none rounded-t-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/40"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            Filters
          </h2>
          <CloseButton label="Close filters" onClick={onClose} className="size-11 [&>svg]:size-6" />
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
    </ModalFrame>
  );
}
