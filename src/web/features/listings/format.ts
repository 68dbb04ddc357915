import { AMENITIES, FEE_TYPES } from '../../../shared/listings.ts';
import { boroughName, findNeighborhood } from '../../../shared/neighborhoods.ts';

/*
 * Hand-written en-US formatting, no Intl: a page's first Intl call loads ICU's locale data, a
 * 25-65 ms task on this machine (x4 on Lighthouse's throttled CPU), inside the render that
 * paints the search results and the listing page. Numbers and money live in lib/format.ts,
 * shared with the other features.
 */
export { formatBathrooms, formatBedrooms, formatInteger, formatMoney } from '../../lib/format.ts';

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
