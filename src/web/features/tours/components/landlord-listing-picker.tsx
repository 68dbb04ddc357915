import type { LandlordListing } from '../../../../shared/schemas/landlord-listings.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';

const STATUS_NOTE = { active: '', draft: ' (draft)', rented: ' (rented)', archived: ' (archived)' };

type ListingPickerProps = {
  label: string;
  listings: LandlordListing[];
  value: string | null;
  onChange: (id: string) => void;
  /** Adds an "All listings" choice with the empty value. */
  allLabel?: string;
  className?: string;
};

/** Picks one of the landlord's listings (live ones first). */
export function ListingPicker({
  label,
  listings,
  value,
  onChange,
  allLabel,
  className,
}: ListingPickerProps) {
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      className={className}
    >
      {allLabel ? <option value="">{allLabel}</option> : null}
      {listings.map((listing) => (
        <option key={listing.id} value={listing.id}>
          {listing.title}
          {STATUS_NOTE[listing.status]}
        </option>
      ))}
    </SelectField>
  );
}
