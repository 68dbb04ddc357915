import { describe, expect, it } from 'vitest';
import type { ListingPage, ListingSummary } from '../../../shared/schemas/listing-responses.ts';
import { listingPageJson, summaryJson } from './listing-page-json.ts';
import { featuredAt, type PageRow } from './search-page-rows.ts';

const summary = (id: string, extra: Partial<ListingSummary> = {}) =>
  ({
    id,
    status: 'active',
    title: `A "quoted" title \u2028 with ${id} — and unicode ✓`,
    address: 'Underhill Ave',
    unit: null,
    rentCents: 270000,
    featured: false,
    amenities: ['gym', 'roof-deck'],
    coverPhoto: { id: 'p', url: '/media/x.webp', width: 1200, height: 800, sources: [] },
    photoCount: 5,
    ...extra,
  }) as unknown as ListingSummary;

describe('listingPageJson', () => {
  it('writes exactly what JSON.stringify writes (as UTF-8), for any page', () => {
    const pages: ListingPage[] = [
      { items: [], total: 0, nextCursor: null, correctedQuery: null },
      {
        items: [summary('a'), summary('b', { featured: true, unit: '4B' })],
        total: 2,
        nextCursor: 'eyJzIjoibmV3ZXN0In0',
        correctedQuery: 'williamsburg',
      },
      {
        items: [summary('c', { title: undefined } as Partial<ListingSummary>)],
        total: 1,
        nextCursor: null,
        correctedQuery: null,
      },
    ];
    for (const page of pages)
      expect(listingPageJson(page)).toEqual(Buffer.from(JSON.stringify(page)));
  });

  it('keeps a summary’s text for as long as the object lives, and a new object gets its own', () => {
    const kept = summary('d');
    expect(summaryJson(kept)).toBe(summaryJson(kept));
    const changed = { ...kept, rentCents: 1 };
    expect(summaryJson(changed).toString()).toBe(JSON.stringify(changed));
  });

  it('shows a boost at answer time with one kept featured copy of the row', () => {
    const row: PageRow = { summary: summary('e'), boostWindows: [100, 200] };
    const during = featuredAt(row, 150);
    expect(during.featured).toBe(true);
    expect(featuredAt(row, 160)).toBe(during);
    expect(featuredAt(row, 250)).toBe(row.summary);
    const page = {
      items: [during, featuredAt(row, 250)],
      total: 2,
      nextCursor: null,
      correctedQuery: null,
    };
    expect(listingPageJson(page).toString()).toBe(JSON.stringify(page));
  });
});
