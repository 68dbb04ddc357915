import type { SavedListing } from '../../../../shared/schemas/listings.ts';
import { priceChangeCents } from '../price-change.ts';

/** Whole dollars, hand-formatted like the rest of the app (no Intl on first render). */
function dollars(cents: number) {
  const whole = String(Math.round(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}`;
}

/** What changed since the renter saved it: off the market, or the rent went down or up. */
export function SavedListingNote({ item }: { item: SavedListing }) {
  if (!item.available) {
    return <p className="mt-1 text-sm font-semibold text-red-700">No longer available</p>;
  }
  const change = priceChangeCents(item);
  if (change === null) return null;
  return change < 0 ? (
    <p className="mt-1 text-sm font-semibold text-brand-800" data-testid="price-change">
      Price dropped {dollars(change)} since you saved it
    </p>
  ) : (
    <p className="mt-1 text-sm font-semibold text-amber-800" data-testid="price-change">
      Price up {dollars(change)} since you saved it
    </p>
  );
}
