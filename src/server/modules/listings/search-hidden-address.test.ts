import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicAddress } from '../../../shared/map-position.ts';
import { SearchFiltersSchema } from '../../../shared/schemas/listing-queries.ts';
import { ListingPageSchema, ListingPinsSchema } from '../../../shared/schemas/listing-responses.ts';
import { listings } from '../../db/schema/listings.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { ListingSearch, readSearchDocs } from './listing-search.ts';
import { matchSavedSearches } from './saved-search-matching.ts';
import { toIndexFilter } from './search.service.ts';

/*
 * Issue 26: with the exact spot hidden, everyone but the landlord is shown the street without
 * its house number (publicAddress), so public search must not match the number either: a renter
 * searching "37-21" would otherwise learn the door the map hides.
 */

const { app, db, client } = await createTestApp();
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const renter = client.fork();
await renter.signUp({ userType: 'renter' });

const flat = await publishListing(app, landlord, {
  title: 'Sunny garden flat',
  address: '37-21 Ditmars Blvd',
  unit: '2R',
  showExactLocation: false,
});

async function found(q: string): Promise<string[]> {
  const res = await renter.get(`/api/listings?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ListingPageSchema.parse(await res.json()).items.map((item) => item.id);
}

async function pinned(q: string): Promise<number> {
  const res = await renter.get(`/api/listings/pins?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ListingPinsSchema.parse(await res.json()).total;
}

const HIDDEN = ['37-21', '37', '21', '37-21 Ditmars', 'Ditmars 21', '2R', '2r ditmars'];

describe('public search with the exact spot hidden (issue 26)', () => {
  it('never matches the house number or the unit, and still matches the street', async () => {
    for (const q of HIDDEN) {
      expect(await found(q), q).toEqual([]);
      expect(await pinned(q), q).toBe(0);
    }
    expect(await found('ditmars')).toEqual([flat.id]);
    expect(await found('Ditmars Blvd')).toEqual([flat.id]);
    expect(await found('sunny garden')).toEqual([flat.id]);
    // A typo is corrected against the vocabulary, which never holds a number.
    const typo = await renter.get(`/api/listings?q=${encodeURIComponent('Ditmarz 37')}`);
    expect(ListingPageSchema.parse(await typo.json()).items).toEqual([]);
    const words = await db.execute(sql`select word from search_words where word ~ '[0-9]'`);
    expect(words.rows).toEqual([]);
  });

  it('does not alert a saved search on the hidden number', async () => {
    const listingSearch = new ListingSearch(db);
    const matches = await matchSavedSearches({
      ctx: { db, listingSearch },
      input: {
        listingIds: [flat.id],
        queries: [
          { key: 'number', query: SearchFiltersSchema.parse({ q: '37-21' }) },
          { key: 'first part', query: SearchFiltersSchema.parse({ q: '37' }) },
          { key: 'street', query: SearchFiltersSchema.parse({ q: 'ditmars' }) },
        ],
      },
    });
    expect(matches.get('number')).toEqual([]);
    expect(matches.get('first part')).toEqual([]);
    expect(matches.get('street')).toEqual([flat.id]);
  });

  it('matches the number once the landlord shows the exact spot, and not after hiding it again', async () => {
    const show = await landlord.patch(`/api/listings/${flat.id}`, { showExactLocation: true });
    expect(show.status).toBe(200);
    for (const q of ['37-21', '37-21 Ditmars', '37']) expect(await found(q), q).toEqual([flat.id]);
    expect(await pinned('37-21')).toBe(1);

    const hide = await landlord.patch(`/api/listings/${flat.id}`, { showExactLocation: false });
    expect(hide.status).toBe(200);
    for (const q of HIDDEN) expect(await found(q), q).toEqual([]);
    expect(await found('ditmars')).toEqual([flat.id]);
  });

  it('answers the same from a freshly loaded index as from one that followed the log', async () => {
    const search = new ListingSearch(db);
    const index = await search.current();
    const filter = async (words: string[]) =>
      toIndexFilter(SearchFiltersSchema.parse({}), await search.terms(words));
    expect(index.matchingIds(await filter(['37-21']))).toEqual([]);
    expect(index.matchingIds(await filter(['37']))).toEqual([]);
    expect(index.matchingIds(await filter(['ditmars']))).toEqual([flat.id]);
  });

  it('leaves every other word as stored: only what publicAddress drops is unsearchable', async () => {
    const addresses = [
      '12A Main St',
      '37 – 21 Ditmars Blvd',
      '  9, Elm Street ',
      'Bedford Ave',
      '123',
    ];
    for (const address of [...addresses, null]) {
      await db.update(listings).set({ address }).where(eq(listings.id, flat.id));
      const [doc] = await readSearchDocs(db, [flat.id]);
      const shown = publicAddress(address, false) ?? '';
      const expected = await db.execute<{ lexemes: string[] }>(sql`
        select tsvector_to_array(to_tsvector('english', l.title || ' ' ||
          replace(l.neighborhood, '-', ' ') || ' ' || ${shown}::text || ' ' || l.description))
          as lexemes
        from ${listings} l where l.id = ${flat.id}`);
      expect(doc?.lexemes.toSorted(), String(address)).toEqual(
        expected.rows[0]?.lexemes.toSorted(),
      );
    }
  });
});
