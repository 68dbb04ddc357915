import { Link } from 'react-router';
import type { ListingSummary } from '../../../shared/schemas/listing-responses.ts';
import { paths } from '../../config/paths.ts';
import { ListingPhoto } from '../../features/listings/components/listing-photo.tsx';
import {
  formatBathrooms,
  formatBedrooms,
  formatMoney,
  placeName,
} from '../../features/listings/format.ts';

type PinCardProps = {
  pin: { id: string; rentCents: number; bedrooms?: number | null | undefined };
  /** The listing as the list shows it, when it is on a loaded page. */
  listing: ListingSummary | undefined;
};

/** The small card a map pin opens: what the list knows of the listing, and its link. */
export function SearchPinCard({ pin, listing }: PinCardProps) {
  const rent = formatMoney(listing?.rentCents ?? pin.rentCents);
  if (!listing) {
    const beds = formatBedrooms(pin.bedrooms ?? null);
    return (
      <div className="flex flex-col gap-1 p-4 pr-10">
        <p className="text-lg font-bold text-stone-900">{rent}/mo</p>
        {beds ? <p className="text-sm text-stone-700">{beds}</p> : null}
        <Link
          to={paths.listing.href(pin.id)}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          View this apartment
        </Link>
      </div>
    );
  }
  const facts = [formatBedrooms(listing.bedrooms), formatBathrooms(listing.bathrooms)]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="flex gap-3 p-3 pr-10">
      <div className="w-28 shrink-0 overflow-hidden rounded-lg">
        <ListingPhoto photo={listing.coverPhoto} alt="" sizes="112px" />
      </div>
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-bold text-stone-900">{rent}/mo</p>
        <Link
          to={paths.listing.href(listing.id)}
          className="truncate font-semibold text-brand-800 underline underline-offset-2"
        >
          {listing.title}
        </Link>
        {facts ? <p className="text-sm text-stone-700">{facts}</p> : null}
        <p className="truncate text-sm text-stone-600">
          {placeName(listing.neighborhood, listing.borough)}
        </p>
      </div>
    </div>
  );
}
