import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARD_SIZES, photoSrcSet } from '../../../shared/listing-photos.ts';
import { SEARCH_PAGE_DATA_ID } from '../../../shared/listings.ts';
import type { ListingPage } from '../../../shared/schemas/listing-responses.ts';
import { listings } from '../../db/schema/listings.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { createWebTestApp, embeddedJson } from '../../test/web-test-app.ts';

const { app, apiApp, deps, client } = await createWebTestApp();
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const older = await publishListing(apiApp, landlord);
const newest = await publishListing(apiApp, landlord);
const NASTY = '</script><script>alert(1)</script> & <!-- "Loft"';
await deps.database.db
  .update(listings)
  .set({ title: `Loft ${NASTY}` })
  .where(eq(listings.id, newest.id));

function pageData(html: string) {
  return embeddedJson<{ query: string; page: ListingPage }>(html, SEARCH_PAGE_DATA_ID);
}

async function apiPage(query: string): Promise<ListingPage> {
  const res = await apiApp.request(`/api/listings${query ? `?${query}` : ''}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ListingPage;
}

describe('/search answered with its first page', () => {
  it('carries the same first page as the API and preloads the first card photo', async () => {
    const res = await app.request('/search');
    expect(res.status).toBe(200);
    const html = await res.text();
    const data = pageData(html);
    expect(data?.query).toBe('');
    const api = await apiPage('');
    expect(data?.page.total).toBe(api.total);
    expect(data?.page.items.map((item) => item.id)).toEqual(api.items.map((item) => item.id));
    expect(data?.page.items.map((item) => item.id)).toEqual([newest.id, older.id]);
    // The user's text stays inside the JSON: the block ends exactly once, at its own end.
    expect(data?.page.items[0]?.title).toBe(`Loft ${NASTY}`);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const photo = api.items[0]?.coverPhoto;
    if (!photo) throw new Error('the fixture listing has a photo');
    const preload = html.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? '';
    expect(preload).toContain('fetchpriority="high"');
    expect(preload).toContain(`imagesizes="${CARD_SIZES}"`);
    expect(preload).toContain(`imagesrcset="${photoSrcSet(photo)}"`);
  });

  it("names the address's own query, with its filters applied", async () => {
    const query = `q=loft&sort=price_asc`;
    const data = pageData(await (await app.request(`/search?${query}`)).text());
    expect(data?.query).toBe(query);
    expect(data?.page.items.map((item) => item.id)).toEqual(
      (await apiPage(query)).items.map((item) => item.id),
    );
    expect(data?.page.items.map((item) => item.id)).toEqual([newest.id]);
  });

  it('applies the map area and exact=1 as the API does (issue 16)', async () => {
    // Both fixture listings sit in Williamsburg (about 40.71, -73.96).
    const cases: [string, string[]][] = [
      ['bounds=40.69,-73.98,40.73,-73.94', [newest.id, older.id]],
      ['bounds=40.75,-74.02,40.8,-73.98', []],
      ['polygon=40.69,-73.98,40.73,-73.98,40.71,-73.93', [newest.id, older.id]],
      ['polygon=40.69,-73.98,40.691,-73.98,40.69,-73.979', []],
      ['q=lofft', [newest.id]],
      ['q=lofft&exact=1', []],
    ];
    for (const [query, ids] of cases) {
      const data = pageData(await (await app.request(`/search?${query}`)).text());
      const api = await apiPage(query);
      expect(data?.query, query).toBe(query);
      expect(
        data?.page.items.map((item) => item.id),
        query,
      ).toEqual(ids);
      expect(
        data?.page.items.map((item) => item.id),
        query,
      ).toEqual(api.items.map((i) => i.id));
      expect(data?.page.correctedQuery, query).toBe(api.correctedQuery);
    }
    expect((await apiPage('q=lofft')).correctedQuery).toBe('loft');
  });

  it('serves the plain shell for a search the API would turn down, or a later page', async () => {
    for (const url of [
      '/search?minPrice=5000&maxPrice=1000',
      `/search?q=${'x'.repeat(101)}`,
      '/search?bounds=40.8,-74,40.7,-73.9',
      '/search?polygon=40.7,-74',
    ]) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(pageData(html)).toBeNull();
      expect(html).not.toContain('rel="preload"');
    }
    const cursor = (await apiPage('limit=1')).nextCursor;
    expect(cursor).not.toBeNull();
    const later = await (await app.request(`/search?cursor=${cursor}`)).text();
    expect(pageData(later)).toBeNull();
  });
});
