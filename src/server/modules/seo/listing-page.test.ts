import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GALLERY_SIZES, photoSrcSet } from '../../../shared/listing-photos.ts';
import { LISTING_PAGE_DATA_ID } from '../../../shared/listings.ts';
import type { Listing } from '../../../shared/schemas/listing-responses.ts';
import { listings } from '../../db/schema/listings.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { createWebTestApp, embeddedJson } from '../../test/web-test-app.ts';

const { app, apiApp, deps, client } = await createWebTestApp();
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const listing = await publishListing(apiApp, landlord);
const NASTY = '</script><script>alert(1)</script> & <!-- "Loft"';
await deps.database.db
  .update(listings)
  .set({ title: `Loft ${NASTY}` })
  .where(eq(listings.id, listing.id));
const draft = await readListing(await landlord.post('/api/listings', { title: 'Unlisted draft' }));

function pageData(html: string) {
  return embeddedJson<{ listing: Listing }>(html, LISTING_PAGE_DATA_ID);
}

function imagePreload(html: string): string | null {
  return html.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? null;
}

describe('listing pages answered with their listing', () => {
  it('carries the listing exactly as the API answers a visitor, and preloads its first photo', async () => {
    const api = await apiApp.request(`/api/listings/${listing.id}`);
    expect(api.status).toBe(200);
    const answer = (await api.json()) as { listing: Listing };
    const photo = answer.listing.photos[0];
    if (!photo) throw new Error('the fixture listing has a photo');
    for (const route of [`/listings/${listing.id}`, `/listings/${listing.id}/mobile`]) {
      const res = await app.request(route);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(pageData(html)).toEqual(answer);
      expect(pageData(html)?.listing.title).toBe(`Loft ${NASTY}`);
      // The listing's text stays inside the JSON: only JSON-LD and the data block close.
      expect(html.match(/<\/script>/g)).toHaveLength(2);
      expect(html).not.toContain('<!--');
      // The preload is used only when it asks for what the gallery's <img> asks for.
      const preload = imagePreload(html) ?? '';
      expect(preload).toContain('fetchpriority="high"');
      expect(preload).toContain(`href="${photo.url}"`);
      expect(preload).toContain(`imagesrcset="${photoSrcSet(photo)}"`);
      expect(preload).toContain(`imagesizes="${GALLERY_SIZES}"`);
      expect(html.match(/<link rel="preload" as="image"/g)).toHaveLength(1);
    }
  });

  it('inlines the listing on the printable summary without preloading the gallery photo', async () => {
    const html = await (await app.request(`/simple-listing/${listing.id}`)).text();
    expect(pageData(html)?.listing.id).toBe(listing.id);
    expect(imagePreload(html)).toBeNull();
  });

  it('never inlines a draft (not even for its owner) or an unknown id', async () => {
    for (const id of [draft.id, '00000000-0000-4000-8000-000000000000']) {
      for (const route of [`/listings/${id}`, `/listings/${id}/mobile`]) {
        const res = await app.request(route, { headers: { cookie: landlord.cookie } });
        // The owner's draft is theirs to preview (the app asks the API for it); noindex.
        expect(res.status, route).toBe(id === draft.id ? 200 : 404);
        const html = await res.text();
        expect(html).toContain('<div id="root"></div>');
        expect(html).toContain('<meta name="robots" content="noindex" />');
        expect(pageData(html)).toBeNull();
        expect(html).not.toContain(LISTING_PAGE_DATA_ID);
        expect(imagePreload(html)).toBeNull();
        expect(html).not.toContain('Unlisted draft');
      }
      const visitor = await app.request(`/simple-listing/${id}`);
      expect(visitor.status).toBe(404);
      expect(await visitor.text()).not.toContain('Unlisted draft');
    }
  });

  it("keeps a landlord to the landlord's pages from the server, and nobody else (docs/spec.md §6)", async () => {
    const renter = client.fork();
    await renter.signUp({ userType: 'renter' });
    for (const route of [
      `/simple-listing/${listing.id}`,
      '/search?borough=brooklyn',
      '/',
      '/saved-listings',
    ]) {
      const res = await app.request(route, { headers: { cookie: landlord.cookie } });
      expect(res.status, route).toBe(302);
      expect(res.headers.get('Location')).toBe('/landlord/dashboard');
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      for (const cookie of [renter.cookie, '']) {
        const other = await app.request(route, { headers: { cookie } });
        expect(other.status, `${route} ${cookie}`).toBe(200);
      }
    }
    for (const route of [`/listings/${listing.id}`, '/about', '/landlord/tours', '/chat']) {
      const res = await app.request(route, { headers: { cookie: landlord.cookie } });
      expect(res.status, route).toBe(200);
    }
    // A cookie that is no session is a visitor's request.
    const stale = await app.request('/search', { headers: { cookie: 'stoop.session_token=nope' } });
    expect(stale.status).toBe(200);
  });
});
