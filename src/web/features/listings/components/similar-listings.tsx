import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ListingSummary } from '../../../../shared/schemas/listing-responses.ts';
import { useSimilarListings } from '../api/get-similar-listings.ts';
import { ListingCard } from './listing-card.tsx';

type SimilarListingsProps = {
  listingId: string;
  /** A control over each card's photo (the save heart), composed by the page. */
  actionFor?: (listing: ListingSummary) => ReactNode;
};

/**
 * "Similar listings" under a listing's details (issue 16): same or neighbouring area, rent within
 * ±15%, same bedrooms. Nothing at all when there are none (or the request failed).
 */
export function SimilarListings({ listingId, actionFor }: SimilarListingsProps) {
  // Asked for only when the page is scrolled near it: the listing's own photo and details load
  // first (the page's largest paint), this is below them.
  const sentinel = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = sentinel.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const similar = useSimilarListings(listingId, near);
  const headingId = useId();
  const items = similar.data ?? [];
  if (items.length === 0) return <div ref={sentinel} aria-hidden="true" />;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-10 flex flex-col gap-4 border-t border-stone-200 pt-6 print:hidden"
      data-testid="similar-listings"
    >
      <h2 id={headingId} className="text-xl font-semibold text-stone-900">
        Similar listings
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} headingLevel="h3" action={actionFor?.(listing)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
