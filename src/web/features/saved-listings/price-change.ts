import type { SavedListing } from '../../../shared/schemas/saved-listings.ts';

/** The rent now minus the rent when saved, in cents; null when unknown or unchanged. */
export function priceChangeCents(item: Pick<SavedListing, 'savedRentCents' | 'listing'>) {
  const now = item.listing.rentCents;
  if (item.savedRentCents === null || now === null || now === item.savedRentCents) return null;
  return now - item.savedRentCents;
}
