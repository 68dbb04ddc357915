import { AMENITIES, FEE_TYPES } from '../../../shared/listings.ts';
import { boroughName, findNeighborhood } from '../../../shared/neighborhoods.ts';

const dollarFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const centFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars: whole amounts without cents ($3,200), others with them ($20.50). */
export function formatMoney(cents: number): string {
  return cents % 100 === 0 ? dollarFormat.format(cents / 100) : centFormat.format(cents / 100);
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

export function neighborhoodName(slug: string | null): string {
  if (slug === null) return '';
  return findNeighborhood(slug)?.name ?? slug;
}

export function placeName(neighborhood: string | null, borough: string | null): string {
  const parts = [neighborhoodName(neighborhood), borough ? boroughName(borough) : ''];
  return parts.filter(Boolean).join(', ');
}

const amenityNames = new Map<string, string>(AMENITIES.map((a) => [a.slug, a.name]));
export function amenityName(slug: string): string {
  return amenityNames.get(slug) ?? slug;
}

const feeNames = new Map<string, string>(FEE_TYPES.map((f) => [f.slug, f.name]));
export function feeName(slug: string): string {
  return feeNames.get(slug) ?? slug;
}

export function formatDate(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(`${iso.slice(0, 10)}T12:00:00`);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
