import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../../db/schema/listings.ts';
import { publishListing, readListing } from '../../test/listing-fixtures.ts';
import { TEST_BASE_URL } from '../../test/test-app.ts';
import { createWebTestApp } from '../../test/web-test-app.ts';

const { app, apiApp, deps, client } = await createWebTestApp(
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="Generic description" />
<title>Stoop · No-fee apartments in New York</title></head>
<body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`,
);
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });

const NASTY = '</script><script>alert(1)</script> & "Loft" $\' <b>';
const listing = await publishListing(apiApp, landlord);
// Written straight to the table: the API removes tags on the way in (decision 022), and the
// page must stay safe whatever a row holds (older rows, imports, a future bug).
await deps.database.db
  .update(listings)
  .set({
    title: `Loft ${NASTY}`,
    description: `Big windows. ${NASTY} More text about the apartment.`,
  })
  .where(eq(listings.id, listing.id));
const draft = await readListing(await landlord.post('/api/listings', { title: 'Unlisted draft' }));

function jsonLd(html: string): unknown {
  const match = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  if (!match?.[1]) throw new Error('no JSON-LD block');
  return JSON.parse(match[1]);
}

describe('listing pages for crawlers', () => {
  it('answers /listings/{id} with title, description, Open Graph, canonical and JSON-LD', async () => {
    const res = await app.request(`/listings/${listing.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const canonical = `${TEST_BASE_URL}/listings/${listing.id}`;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(html).toContain(`<meta property="og:url" content="${canonical}" />`);
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:3000\/media\/listings\/[^"]+\.webp" \/>/,
    );
    expect(html).toContain(
      '<title>Loft &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Loft&quot; $&#39; &lt;b&gt; in Williamsburg, Brooklyn · Stoop</title>',
    );
    expect(html).toContain('$3,850/mo · 1 bed · 1 bath · Williamsburg, Brooklyn');
    // Nothing from the listing closes a tag or the data block.
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<div id="root"></div>');
    const data = jsonLd(html) as {
      '@type': string;
      name: string;
      url: string;
      offers: { price: string; priceCurrency: string };
      about: { numberOfBedrooms: number; address: { addressLocality: string } };
    };
    expect(data).toMatchObject({
      '@type': 'RealEstateListing',
      name: `Loft ${NASTY}`,
      url: canonical,
      offers: { price: '3850.00', priceCurrency: 'USD' },
      about: { numberOfBedrooms: 1, address: { addressLocality: 'Brooklyn' } },
    });
  });

  it('points the mobile and simple variants at the same canonical URL', async () => {
    for (const route of [`/listings/${listing.id}/mobile`, `/simple-listing/${listing.id}`]) {
      const html = await (await app.request(route)).text();
      expect(html).toContain(
        `<link rel="canonical" href="${TEST_BASE_URL}/listings/${listing.id}" />`,
      );
    }
  });

  it('answers a draft or unknown listing with the app shell, 404 and noindex', async () => {
    for (const id of [draft.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await app.request(`/listings/${id}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('Unlisted draft');
    }
  });

  it('leaves other app routes to the SPA fallback', async () => {
    const res = await app.request('/listings/create');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Generic description');
  });
});

describe('sitemap and robots', () => {
  it('lists active listings with absolute URLs, not drafts', async () => {
    const res = await app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await res.text();
    expect(xml).toContain(`<loc>${TEST_BASE_URL}/listings/${listing.id}</loc>`);
    expect(xml).toContain(`<loc>${TEST_BASE_URL}/search</loc>`);
    expect(xml).not.toContain(draft.id);
  });

  it('serves robots.txt naming the sitemap and keeping crawlers out of private pages', async () => {
    const res = await apiApp.request('/robots.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${TEST_BASE_URL}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /saved-listings');
  });
});
