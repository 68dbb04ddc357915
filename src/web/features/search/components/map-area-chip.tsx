/**
 * The "Map area" filter (a `bounds` search, issue 16) or a "Drawn area" (`polygon`), removable
 * like any other filter.
 */
export function MapAreaChip({
  label = 'Map area',
  onRemove,
}: {
  label?: string;
  onRemove: () => void;
}) {
  return (
    <span className="inline-flex h-8 items-center gap-1 rounded-full border border-brand-700 bg-brand-50 pr-1 pl-3 text-sm font-semibold text-brand-900">
      {label}
      <button
        type="button"
        aria-label={`Remove the ${label.toLowerCase()} filter`}
        onClick={onRemove}
        className="flex size-6 items-center justify-center rounded-full text-base leading-none hover:bg-brand-100"
      >
        ×
      </button>
    </span>
  );
}
