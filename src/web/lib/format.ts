/*
 * Numbers and money in en-US, hand-written: no Intl, whose first call loads ICU's locale data
 * (25-65 ms on this machine) inside the first render of the search and listing pages.
 */
import { formatInteger } from '../../shared/numbers.ts';

export { formatInteger };

/** Cents as dollars: whole amounts without cents ($3,200), others with them ($20.50). */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = `${sign}$${formatInteger(Math.floor(abs / 100))}`;
  return abs % 100 === 0 ? dollars : `${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

export function formatBedrooms(bedrooms: number | null): string {
  if (bedrooms === null) return '';
  if (bedrooms === 0) return 'Studio';
  return `${bedrooms} bed${bedrooms === 1 ? '' : 's'}`;
}

export function formatBathrooms(bathrooms: number | null): string {
  if (bathrooms === null) return '';
  return `${bathrooms} bath${bathrooms === 1 ? '' : 's'}`;
}
