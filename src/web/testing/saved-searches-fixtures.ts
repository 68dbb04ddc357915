import type { ListingSummary } from '../../shared/schemas/listing-responses.ts';
import type { Alert, SavedSearch } from '../../shared/schemas/saved-searches.ts';

/** Test-only: answers of the saved-search API, shaped by the shared schemas. */

export const SEARCH_ID = '00000000-0000-4000-8000-0000000000a1';
export const LISTING_ID = '00000000-0000-4000-8000-0000000000b1';

export function aSavedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: SEARCH_ID,
    name: 'Williamsburg 2 bd',
    query: { neighborhoods: ['williamsburg'], bedrooms: 2, maxPrice: 3500 },
    alerts: 'instant',
    paused: false,
    newMatches: 2,
    lastSeenAt: '2026-11-20T15:00:00.000Z',
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

export function aListing(overrides: Partial<ListingSummary> = {}): ListingSummary {
  return {
    id: LISTING_ID,
    status: 'active',
    title: 'Sunny loft by the park',
    address: null,
    unit: null,
    neighborhood: 'williamsburg',
    borough: 'brooklyn',
    lat: 40.71,
    lng: -73.96,
    rentCents: 320_000,
    freeMonths: 0,
    netEffectiveRentCents: 320_000,
    bedrooms: 2,
    bathrooms: 1,
    sqft: null,
    availableFrom: null,
    leaseTermMonths: 12,
    pets: null,
    laundry: null,
    amenities: [],
    featured: false,
    publishedAt: '2026-11-20T15:00:00.000Z',
    showExactLocation: false,
    coverPhoto: null,
    photoCount: 0,
    ...overrides,
  };
}

export function anAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    kind: 'new_match',
    savedSearch: { id: SEARCH_ID, name: 'Williamsburg 2 bd' },
    listing: {
      id: LISTING_ID,
      title: 'Sunny loft by the park',
      neighborhood: 'williamsburg',
      rentCents: 320_000,
      bedrooms: 2,
    },
    previousRentCents: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}
