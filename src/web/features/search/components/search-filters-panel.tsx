import { useEffect, useId, useState } from 'react';
import { AMENITIES } from '../../../../shared/listings.ts';
import { BOROUGHS, NEIGHBORHOODS } from '../../../../shared/neighborhoods.ts';
import type { SearchQuery } from '../../../../shared/search-url.ts';
import { FieldShell } from '../../../components/ui/field.tsx';
import { SelectField, type SelectOptions } from '../../../components/ui/select-field.tsx';

type SearchFiltersPanelProps = {
  query: SearchQuery;
  onChange: (patch: Partial<SearchQuery>) => void;
  onReset: () => void;
  hasFilters: boolean;
};

const INPUT_CLASS =
  'block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm';

const BEDROOM_OPTIONS: SelectOptions = [
  ['', 'Any'],
  ['0', 'Studio or more'],
  ['1', '1+'],
  ['2', '2+'],
  ['3', '3+'],
  ['4', '4+'],
];
const BATHROOM_OPTIONS: SelectOptions = [
  ['', 'Any'],
  ['1', '1+'],
  ['1.5', '1.5+'],
  ['2', '2+'],
  ['3', '3+'],
];

function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** A whole-dollar price box: typing stays local; the value applies on blur or Enter. */
function PriceInput({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <FieldShell inputId={id} label={label}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={50}
        placeholder="$"
        className={INPUT_CLASS}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (draft.trim() !== value) onCommit(draft.trim());
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (draft.trim() !== value) onCommit(draft.trim());
          }
        }}
      />
    </FieldShell>
  );
}

function CheckList({
  legend,
  options,
  selected,
  onToggle,
  columns = 'grid-cols-2',
}: {
  legend: string;
  options: ReadonlyArray<{ slug: string; name: string }>;
  selected: readonly string[];
  onToggle: (slug: string) => void;
  columns?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-stone-900">{legend}</legend>
      <div className={`grid grid-cols-1 gap-x-4 ${columns}`}>
        {options.map((option) => (
          // py-1: a row tall enough to tap on a phone.
          <label key={option.slug} className="flex items-center gap-2 py-1 text-sm text-stone-800">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-brand-700"
              checked={selected.includes(option.slug)}
              onChange={() => onToggle(option.slug)}
            />
            {option.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The search filters of docs/spec.md §3 plus boroughs: the fields, shared by the panel and the
 * sheet.
 */
export function FilterFields({
  query,
  onChange,
}: {
  query: SearchQuery;
  onChange: (patch: Partial<SearchQuery>) => void;
}) {
  // Open at first when neighborhoods are chosen; then the visitor opens and closes it.
  const [neighborhoodsOpen, setNeighborhoodsOpen] = useState(query.neighborhoods.length > 0);
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <PriceInput
          label="Min price"
          value={query.minPrice}
          onCommit={(minPrice) => onChange({ minPrice })}
        />
        <PriceInput
          label="Max price"
          value={query.maxPrice}
          onCommit={(maxPrice) => onChange({ maxPrice })}
        />
        <SelectField
          label="Bedrooms"
          options={BEDROOM_OPTIONS}
          value={query.bedrooms}
          onChange={(event) => onChange({ bedrooms: event.target.value })}
        />
        <SelectField
          label="Bathrooms"
          options={BATHROOM_OPTIONS}
          value={query.bathrooms}
          onChange={(event) => onChange({ bathrooms: event.target.value })}
        />
      </div>
      <CheckList
        legend="Boroughs"
        options={BOROUGHS}
        selected={query.boroughs}
        onToggle={(slug) => onChange({ boroughs: toggle(query.boroughs, slug) })}
      />
      <CheckList
        legend="Amenities"
        options={AMENITIES}
        selected={query.amenities}
        onToggle={(slug) => onChange({ amenities: toggle(query.amenities, slug) })}
      />
      <details
        className="group"
        open={neighborhoodsOpen}
        onToggle={(event) => setNeighborhoodsOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer text-sm font-semibold text-stone-900">
          Neighborhoods
          {query.neighborhoods.length > 0 ? ` (${query.neighborhoods.length} chosen)` : ''}
        </summary>
        {/* 85 checkboxes: rendered only while the list is open, not with every page load. */}
        {neighborhoodsOpen ? (
          <div className="mt-3 flex max-h-80 flex-col gap-4 overflow-y-auto pr-1">
            {BOROUGHS.map((borough) => (
              <CheckList
                key={borough.slug}
                legend={borough.name}
                columns=""
                options={NEIGHBORHOODS.filter((n) => n.borough === borough.slug)}
                selected={query.neighborhoods}
                onToggle={(slug) => onChange({ neighborhoods: toggle(query.neighborhoods, slug) })}
              />
            ))}
          </div>
        ) : null}
      </details>
    </>
  );
}

/** The filters beside the results on a wide screen, with Reset. */
export function SearchFiltersPanel({
  query,
  onChange,
  onReset,
  hasFilters,
}: SearchFiltersPanelProps) {
  return (
    <section
      aria-label="Filters"
      className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between">
        <h2 className="font-semibold text-stone-900">Filters</h2>
        <button
          type="button"
          onClick={onReset}
          disabled={!hasFilters}
          className="rounded-md px-2 py-1 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-stone-500"
        >
          Reset filters
        </button>
      </div>
      <FilterFields query={query} onChange={onChange} />
    </section>
  );
}
