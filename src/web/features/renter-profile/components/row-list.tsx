import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

type RowListProps<T> = {
  rows: T[];
  onChange: (rows: T[]) => void;
  /** A new, empty row. */
  make: () => T;
  max: number;
  /** One row's name: "Income 1". */
  rowLabel: (index: number) => string;
  addLabel: string;
  /** What the list says while it is empty. */
  empty: string;
  /** The id of the control that gets focus when a row is added. */
  firstFieldId: (index: number) => string;
  renderRow: (row: T, index: number, set: (row: T) => void) => ReactNode;
};

/**
 * Rows the renter adds and removes (incomes, homes, pets): each a fieldset named by its legend,
 * with its own Remove button. Focus goes to a new row's first field, or back to Add on removal.
 */
export function RowList<T>({
  rows,
  onChange,
  make,
  max,
  rowLabel,
  addLabel,
  empty,
  firstFieldId,
  renderRow,
}: RowListProps<T>) {
  const addButton = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (focus === null) return;
    if (focus === 'add') addButton.current?.focus();
    else document.getElementById(focus)?.focus();
    setFocus(null);
  }, [focus]);
  const set = (index: number, row: T) => onChange(rows.map((r, i) => (i === index ? row : r)));
  return (
    <div className="flex flex-col gap-4">
      {rows.length === 0 ? <p className="text-sm text-stone-600">{empty}</p> : null}
      {rows.map((row, index) => (
        <fieldset
          // Rows have no id of their own; their place is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are only appended or removed
          key={index}
          className="min-w-0 rounded-xl border border-stone-200 p-4"
        >
          <legend className="px-1 text-sm font-semibold text-stone-800">{rowLabel(index)}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {renderRow(row, index, (r) => set(index, r))}
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="mt-3"
            onClick={() => {
              onChange(rows.filter((_, i) => i !== index));
              setFocus('add');
            }}
          >
            Remove <span className="sr-only">{rowLabel(index).toLowerCase()}</span>
          </Button>
        </fieldset>
      ))}
      <Button
        ref={addButton}
        variant="secondary"
        className="self-start"
        disabled={rows.length >= max}
        onClick={() => {
          onChange([...rows, make()]);
          setFocus(firstFieldId(rows.length));
        }}
      >
        {addLabel}
      </Button>
    </div>
  );
}
