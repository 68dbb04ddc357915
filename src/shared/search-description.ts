import { AMENITIES } from './listings.ts';
import { boroughName, findNeighborhood } from './neighborhoods.ts';
import { formatInteger } from './numbers.ts';
import type { SearchFilters } from './schemas/listing-queries.ts';

/* A saved search's `query` in words: its suggested name and its card's description. */

const dollars = (value: number) => `$${formatInteger(value)}`;

function placeOf(query: SearchFilters): string | null {
  const places = [
    ...(query.neighborhoods ?? []).map((slug) => findNeighborhood(slug)?.name ?? slug),
    ...(query.boroughs ?? []).map(boroughName),
  ];
  if (places.length === 0) return null;
  if (places.length <= 2) return places.join(' & ');
  return `${places[0]} & ${places.length - 1} more`;
}

function bedroomsOf(bedrooms: number | undefined): string | null {
  if (bedrooms === undefined) return null;
  return bedrooms === 0 ? 'Studio+' : `${bedrooms}+ bd`;
}

function priceOf(query: SearchFilters): string | null {
  const { minPrice, maxPrice } = query;
  if (minPrice !== undefined && minPrice === maxPrice) return dollars(minPrice);
  if (minPrice !== undefined && maxPrice !== undefined) {
    return `${dollars(minPrice)}–${dollars(maxPrice)}`;
  }
  if (maxPrice !== undefined) return `up to ${dollars(maxPrice)}`;
  if (minPrice !== undefined) return `from ${dollars(minPrice)}`;
  return null;
}

/**
 * A name for a new saved search, from its filters: "2+ bd in Williamsburg, up to $3,500".
 * At most `max` characters (the name's limit).
 */
export function suggestedName(query: SearchFilters, max = 80): string {
  const place = placeOf(query);
  const beds = bedroomsOf(query.bedrooms);
  const text = query.q ? `“${query.q}”` : null;
  const area = query.polygon ? 'drawn area' : query.bounds ? 'map area' : null;
  const head = [beds ?? (text || place || area ? null : 'Apartments'), text]
    .filter(Boolean)
    .join(' ');
  const where = place ?? area;
  let name = [head, where ? `in ${where}` : null].filter(Boolean).join(' ');
  const price = priceOf(query);
  if (price) name = name ? `${name}, ${price}` : price;
  name = name.trim() || 'My search';
  // Capitalised like a title ("in Williamsburg" alone reads "In Williamsburg").
  name = name.charAt(0).toUpperCase() + name.slice(1);
  return name.length <= max ? name : `${name.slice(0, max - 1).trimEnd()}…`;
}

/** The filters of a saved search in words, one short phrase each (for its card). */
export function describeFilters(query: SearchFilters): string[] {
  const parts: string[] = [];
  if (query.q) parts.push(`“${query.q}”`);
  const place = [
    ...(query.neighborhoods ?? []).map((slug) => findNeighborhood(slug)?.name ?? slug),
    ...(query.boroughs ?? []).map(boroughName),
  ];
  if (place.length > 0) parts.push(place.join(', '));
  const price = priceOf(query);
  if (price) parts.push(price.charAt(0).toUpperCase() + price.slice(1));
  if (query.bedrooms !== undefined) {
    parts.push(query.bedrooms === 0 ? 'Studio or more' : `${query.bedrooms}+ bedrooms`);
  }
  if (query.bathrooms !== undefined) parts.push(`${query.bathrooms}+ bathrooms`);
  for (const slug of query.amenities ?? []) {
    parts.push(AMENITIES.find((a) => a.slug === slug)?.name ?? slug);
  }
  if (query.pets?.length) parts.push(`Allows ${query.pets.join(' and ')}`);
  if (query.laundry?.length) {
    const words = { in_unit: 'in unit', in_building: 'in building', none: 'none' } as const;
    parts.push(`Laundry: ${query.laundry.map((l) => words[l]).join(' or ')}`);
  }
  if (query.availableBy) parts.push(`Available by ${query.availableBy}`);
  if (query.polygon) parts.push('Inside a drawn area');
  else if (query.bounds) parts.push('Inside a map area');
  if (query.sort === 'price_asc') parts.push('Cheapest first');
  if (query.sort === 'price_desc') parts.push('Priciest first');
  return parts.length > 0 ? parts : ['Every apartment'];
}
