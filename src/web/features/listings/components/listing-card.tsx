import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CARD_SIZES } from '../../../../shared/listing-photos.ts';
import type { ListingSummary } from '../../../../shared/schemas/listing-responses.ts';
import { paths } from '../../../config/paths.ts';
import { formatBathrooms, formatBedrooms, formatMoney, placeName } from '../format.ts';
import { ListingPhoto } from './listing-photo.tsx';

type ListingCardProps = {
  listing: ListingSummary;
  /** A control shown over the photo (the save heart), composed by the page. */
  action?: ReactNode;
  /** Shown under the facts, e.g. "No longer available". */
  note?: ReactNode;
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
};

/** A search result: cover photo, rent, net-effective rent, beds/baths and neighborhood. */
export function ListingCard({
  listing,
  action,
  note,
  priority = false,
  headingLevel: Heading = 'h2',
}: ListingCardProps) {
  const facts = [formatBedrooms(listing.bedrooms), formatBathrooms(listing.bathrooms)]
    .filter(Boolean)
    .join(' · ');
  const showNet =
    listing.netEffectiveRentCents !== null &&
    listing.rentCents !== null &&
    listing.netEffectiveRentCents !== listing.rentCents;
  return (
    <article className="relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm focus-within:border-brand-700 hover:border-brand-700">
      <ListingPhoto photo={listing.coverPhoto} alt="" sizes={CARD_SIZES} priority={priority} />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-lg font-bold text-stone-900">
          {listing.rentCents === null ? 'Price on request' : `${formatMoney(listing.rentCents)}/mo`}
        </p>
        {showNet && listing.netEffectiveRentCents !== null ? (
          <p className="text-sm text-brand-800">
            {formatMoney(listing.netEffectiveRentCents)}/mo net effective ({listing.freeMonths}{' '}
            {listing.freeMonths === 1 ? 'month' : 'months'} free)
          </p>
        ) : null}
        <Heading className="font-semibold text-stone-900">
          <Link
            to={paths.listing.href(listing.id)}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none"
          >
            {listing.title}
          </Link>
        </Heading>
        {facts ? <p className="text-sm text-stone-700">{facts}</p> : null}
        <p className="text-sm text-stone-600">{placeName(listing.neighborhood, listing.borough)}</p>
        {note}
      </div>
      {action ? <div className="absolute top-3 right-3 z-10">{action}</div> : null}
    </article>
  );
}

/** A grey card shape shown while results load. */
export function ListingCardSkeleton() {
  return (
    <div
      className="flex animate-pulse flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white"
      aria-hidden="true"
    >
      <div className="aspect-[4/3] bg-stone-200" />
      <div className="flex flex-col gap-2 p-4">
        <div className="h-5 w-1/3 rounded bg-stone-200" />
        <div className="h-4 w-2/3 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
      </div>
    </div>
  );
}
