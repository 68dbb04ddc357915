import { useMemo } from 'react';
import type { LandlordListingChoice } from '../../../../shared/schemas/landlord-listings.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { optionsHtml } from '../../../lib/options-html.ts';

const STATUS_NOTE = { active: '', draft: ' (draft)', rented: ' (rented)', archived: ' (archived)' };

type ListingPickerProps = {
  label: string;
  listings: readonly LandlordListingChoice[];
  value: string | null;
  onChange: (id: string) => void;
  /** Adds an "All listings" choice with the empty value. */
  allLabel?: string;
  className?: string;
};

/**
 * Picks one of the landlord's listings (live ones first). A landlord may have hundreds: the
 * options are one HTML string the parser makes in one step, not one element each (decision 070).
 */
export function ListingPicker({
  label,
  listings,
  value,
  onChange,
  allLabel,
  className,
}: ListingPickerProps) {
  const html = useMemo(
    () =>
      optionsHtml([
        ...(allLabel ? [{ value: '', label: allLabel }] : []),
        ...listings.map((listing) => ({
          value: listing.id,
          label: `${listing.title}${STATUS_NOTE[listing.status]}`,
        })),
      ]),
    [listings, allLabel],
  );
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by optionsHtml; a landlord's hundreds of listings made by the parser, not one by one
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
