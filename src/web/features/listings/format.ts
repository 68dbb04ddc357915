import { AMENITIES, FEE_TYPES } from '../../../shared/listings.ts';
import { boroughName, findNeighborhood } from '../../../shared/neighborhoods.ts';

/*
 * Hand-written en-US formatting, no Intl: a page's first Intl call loads ICU's locale data, a
 * 25-65 ms task on this machine (x4 on Lighthouse's throttled CPU), inside the render that
 * paints the search results and the listing page.
 */

/** A whole number with thousands separators: 12500 -> "12,500". */
export function formatInteger(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.round(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (`2026-12-01`, or the date part of a timestamp) as "Dec 1, 2026". */
export function formatDate(iso: string | null): string {
  if (iso === null) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  const day = match ? Number(match[3]) : 0;
  if (!match || !month || day < 1 || day > 31) return iso;
  return `${month} ${day}, ${match[1]}`;
}
