import type { SavedListing } from '../../../../shared/schemas/saved-listings.ts';
import { formatMoney } from '../../../lib/format.ts';
import { priceChangeCents } from '../price-change.ts';

const dollars = (cents: number) => formatMoney(Math.abs(cents));

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
