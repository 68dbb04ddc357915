import type { Alert } from '../../../shared/schemas/saved-searches.ts';
import { formatMoney } from '../../lib/format.ts';

/** What an alert says in a notification: "New match for “Williamsburg 2 bd”: Sunny loft, $3,200". */
export function alertMessage(alert: Alert): string {
  const { listing, savedSearch } = alert;
  const rent = listing.rentCents === null ? null : formatMoney(listing.rentCents);
  const what = rent ? `${listing.title}, ${rent}` : listing.title;
  switch (alert.kind) {
    case 'new_match':
      return savedSearch ? `New match for “${savedSearch.name}”: ${what}` : `New match: ${what}`;
    case 'price_drop': {
      const was =
        alert.previousRentCents === null ? '' : ` (was ${formatMoney(alert.previousRentCents)})`;
      return `Price drop: ${what}${was}`;
    }
    case 'rented':
      return `Rented: ${listing.title}`;
  }
}
