import type { ReactNode } from 'react';
import type { ListingSummary } from '../../../../shared/schemas/listing-responses.ts';
import { ListingCard, ListingCardSkeleton } from './listing-card.tsx';

type ListingGridProps = {
  listings: readonly ListingSummary[] | undefined;
  /** How many skeletons to show while loading. */
  placeholders: number;
  actionFor?: (listing: ListingSummary) => ReactNode;
  headingLevel?: 'h2' | 'h3';
};

/** A responsive grid of cards, or skeletons while `listings` is undefined. */
export function ListingGrid({
  listings,
  placeholders,
  actionFor,
  headingLevel = 'h3',
}: ListingGridProps) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {listings === undefined
        ? Array.from({ length: placeholders }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <li key={i}>
              <ListingCardSkeleton />
            </li>
          ))
        : listings.map((listing) => (
            <li key={listing.id}>
              <ListingCard
                listing={listing}
                headingLevel={headingLevel}
                action={actionFor?.(listing)}
              />
            </li>
          ))}
    </ul>
  );
}
