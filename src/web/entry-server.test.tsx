import { describe, expect, it } from 'vitest';
import type { Listing } from '../shared/schemas/listing-responses.ts';
import { addressSearch } from '../shared/search-url.ts';
import { pageQueryKeys, type ServerQuery } from '../shared/ssr.ts';
import { renderDatabaseError, renderPage, rendersPath } from './entry-server.tsx';
import { aListing } from './testing/saved-searches-fixtures.ts';

const ID = '00000000-0000-4000-8000-0000000000a1';
const HOSTILE = '</script><script>alert(1)</script><!-- <img src=x onerror=alert(2)>';

/** A public listing as `GET /api/listings/{id}` answers a visitor, with hostile text in it. */
const LISTING: Listing = {
  id: ID,
  status: 'active',
  title: `Sunny 2BR ${HOSTILE}`,
  description: `Big windows. ${HOSTILE}`,
  address: '120 Bedford Ave',
  unit: null,
  neighborhood: 'williamsburg',
  borough: 'brooklyn',
  lat: 40.7181,
  lng: -73.9571,
  rentCents: 325_000,
  netEffectiveRentCents: null,
  freeMonths: 0,
  bedrooms: 2,
  bathrooms: 1,
  sqft: 850,
  availableFrom: '2027-01-01',
  leaseTermMonths: 12,
  pets: 'cats',
  laundry: 'in_unit',
  amenities: [],
  fees: [{ type: 'security_deposit', amountCents: 325_000, frequency: 'one_time', required: true }],
  featured: false,
  publishedAt: '2026-11-01T12:00:00.000Z',
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
  showExactLocation: false,
  photos: [1, 2].map((n) => ({
    id: `00000000-0000-4000-8000-00000000010${n}`,
    url: `/media/p${n}-800.webp`,
    width: 800,
    height: 600,
    placeholder: 'data:image/webp;base64,AAAA',
    sources: [
      { width: 400, height: 300, url: `/media/p${n}-400.webp` },
      { width: 800, height: 600, url: `/media/p${n}-800.webp` },
    ],
  })),
  landlord: { id: '00000000-0000-4000-8000-0000000000b1', name: `Rosa ${HOSTILE}` },
};

const VISITOR: ServerQuery[] = [
  { queryKey: pageQueryKeys.health, data: { status: 'ok', db: 'ok', roundTripMs: 0 } },
  { queryKey: pageQueryKeys.me, data: null },
  {
    queryKey: pageQueryKeys.publicConfig,
    data: { siteUrl: 'https://stoop.example', chatbot: null, map: null },
  },
];

const render = (path: string, queries: ServerQuery[] = []) =>
  renderPage(new Request(`http://localhost${path}`), [...VISITOR, ...queries]);

async function renderedListing(path: string) {
  const result = await render(path, [{ queryKey: pageQueryKeys.listing(ID), data: LISTING }]);
  if (result.kind !== 'page') throw new Error(`expected a page, got ${result.kind}`);
  return result;
}

describe('renderPage', () => {
  it('renders a listing page whole: title, rent, facts, place, text, landlord and photos', async () => {
    const { status, html } = await renderedListing(`/listings/${ID}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Sunny 2BR &lt;\/script&gt;/);
    expect(html).toContain('$3,250');
    expect(html).toMatch(/2 bed/i);
    expect(html).toMatch(/1 bath/i);
    expect(html).toContain('Williamsburg');
    expect(html).toContain('Brooklyn');
    expect(html).toContain('Big windows.');
    expect(html).toContain('Rosa ');
    // The fee breakdown: the deposit and what moving in costs.
    expect(html).toMatch(/Security deposit/i);
    const images = html.match(/<img\b[^>]*>/g) ?? [];
    const photos = images.filter((tag) => tag.includes('/media/p'));
    // Every photo, each with its size and its sources; the thumbnails' alt is empty (the button
    // around each names it).
    for (const n of [1, 2]) expect(photos.some((tag) => tag.includes(`/media/p${n}-`))).toBe(true);
    for (const tag of photos) {
      expect(tag).toMatch(/ alt="[^"]*"/);
      expect(tag).toMatch(/ width="\d+"/);
      expect(tag).toMatch(/ height="\d+"/);
      expect(tag).toMatch(/ srcSet="[^"]*400w, [^"]*800w"/);
    }
    // The cover, the page's largest paint: named, and asked for at once.
    expect(photos[0]).toMatch(/ alt="Sunny 2BR[^"]*photo 1 of 2"/);
    expect(photos[0]).not.toContain('loading="lazy"');
    expect(photos[0]).toContain('fetchPriority="high"');
  });

  it("renders the listing's head tags with React's own: description, canonical, Open Graph, JSON-LD", async () => {
    const { html } = await renderedListing(`/listings/${ID}`);
    const hoisted = html.slice(0, html.search(/<(?!title|meta|link)[a-z]/));
    expect(hoisted).toMatch(/<title>Sunny 2BR [^<]* in Williamsburg, Brooklyn · Stoop<\/title>/);
    expect(hoisted).toMatch(
      /<meta name="description" content="\$3,250\/mo · 2 bed · 1 bath · Williamsburg/,
    );
    expect(hoisted).toContain(
      `<link rel="canonical" href="https://stoop.example/listings/${ID}"/>`,
    );
    expect(hoisted).toContain(
      '<meta property="og:image" content="https://stoop.example/media/p1-800.webp"/>',
    );
    expect(hoisted).not.toContain('noindex');
    const jsonLd = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
    const data = JSON.parse(jsonLd ?? 'null') as { url: string; name: string };
    expect(data.url).toBe(`https://stoop.example/listings/${ID}`);
    // The hostile title is in it, escaped: nothing in it closes the element.
    expect(data.name).toBe(LISTING.title);
    const draft = await render(`/listings/${ID}`, [
      { queryKey: pageQueryKeys.listing(ID), data: { ...LISTING, status: 'draft' } },
    ]);
    expect(draft.kind === 'page' && draft.html).toContain(
      '<meta name="robots" content="noindex"/>',
    );
  });

  it('escapes every listing text: no script, comment or tag of its own reaches the HTML', async () => {
    const { html } = await renderedListing(`/listings/${ID}`);
    // One script element: the schema.org data, which holds no `<` of its own.
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="application/ld+json">']);
    expect(
      html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1],
    ).not.toMatch(/[<>]/);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<!-- <img');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('hands the browser the answers it rendered with, and React’s title first for the head', async () => {
    const { html, state } = await renderedListing(`/listings/${ID}/mobile`);
    // React writes its head tags first (the cover's preload, the title): the server moves them.
    expect(html).toMatch(/^(<link [^>]*>)*<title>Sunny 2BR/);
    const keys = (state as { queries: { queries: { queryKey: unknown }[] } }).queries.queries.map(
      (q) => JSON.stringify(q.queryKey),
    );
    expect(keys).toContain(JSON.stringify(pageQueryKeys.listing(ID)));
    expect(keys).toContain(JSON.stringify(pageQueryKeys.me));
  });

  it('answers 404 with the not-found page for an address with no page', async () => {
    const result = await render('/no/such/page');
    expect(result.kind).toBe('page');
    if (result.kind !== 'page') return;
    expect(result.status).toBe(404);
    expect(result.html).toContain('Page not found');
  });

  it('answers 404 with the listing’s not-found state for a listing the server could not find', async () => {
    const missing = await render(`/listings/${ID}`, [
      { queryKey: pageQueryKeys.listing(ID), data: null },
    ]);
    // And for an address whose id is no id at all, known without asking anything.
    const malformed = await render('/simple-listing/42');
    for (const result of [missing, malformed]) {
      expect(result.kind).toBe('page');
      if (result.kind !== 'page') continue;
      expect(result.status).toBe(404);
      expect(result.html).toMatch(/<h1[^>]*>Listing not found<\/h1>/);
    }
  });

  it('renders the Database Connection Error screen with its Retry button', async () => {
    const html = await renderDatabaseError();
    expect(html).toMatch(/<h1[^>]*>Database Connection Error<\/h1>/);
    expect(html).toMatch(/<button[^>]*>Retry Connection<\/button>/);
  });

  it('renders a search with one link per result of its first page, and the count', async () => {
    const results = Array.from({ length: 9 }, (_, n) =>
      aListing({
        id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
        title: `Result ${n}`,
      }),
    );
    const address = new URLSearchParams('borough=brooklyn&bedrooms=2');
    const result = await render(`/search?${address}`, [
      {
        queryKey: pageQueryKeys.listingSearch(addressSearch(address)),
        data: { pages: [{ items: results, total: 42, nextCursor: 'next' }], pageParams: [null] },
      },
    ]);
    if (result.kind !== 'page') throw new Error(`expected a page, got ${result.kind}`);
    // Every result, the six first and those after them (rendered after the first paint afresh).
    for (const listing of results) expect(result.html).toContain(`href="/listings/${listing.id}"`);
    expect(result.html).toMatch(/42 apartments/);
  });

  it('leaves the screens rendered in the browser to the shell', async () => {
    for (const path of ['/dashboard', '/chat', '/landlord/dashboard', '/tours']) {
      expect((await render(path)).kind).toBe('shell');
    }
  });

  const RENTER = {
    id: '00000000-0000-4000-8000-0000000000c1',
    email: 'rita@example.com',
    name: 'Rita',
    userType: 'renter' as const,
  };
  const asRenter = (path: string, unread: number) =>
    renderPage(new Request(`http://localhost${path}`), [
      ...VISITOR.filter((query) => query.queryKey !== pageQueryKeys.me),
      { queryKey: pageQueryKeys.me, data: RENTER },
      {
        queryKey: pageQueryKeys.unreadCounts(RENTER.id),
        data: { total: unread, byConversation: { a: unread } },
      },
    ]);

  it("renders a signed-in user's navigation bar: Messages with the unread badge, the email, Sign Out", async () => {
    const result = await asRenter('/about', 3);
    if (result.kind !== 'page') throw new Error(`expected a page, got ${result.kind}`);
    expect(result.html).toContain(RENTER.email);
    expect(result.html).toContain('Sign Out');
    expect(result.html).toMatch(/Messages[\s\S]{0,400}>3</);
    expect(result.html).not.toContain('>Sign In<');
    const visitor = await render('/about');
    if (visitor.kind !== 'page') throw new Error(`expected a page, got ${visitor.kind}`);
    expect(visitor.html).not.toContain('Sign Out');
  });

  it('answers a signed-in user on a sign-in or sign-up page with the redirect', async () => {
    for (const path of ['/login', '/signup', '/register']) {
      const result = await asRenter(path, 0);
      expect(result, path).toEqual({
        kind: 'redirect',
        status: 302,
        location: '/renter/dashboard',
      });
    }
  });

  it('knows which addresses it renders by their shape, ids alike', () => {
    for (const id of [ID, '11111111-2222-4333-8444-555555555555']) {
      expect(rendersPath(`/listings/${id}`)).toBe(true);
      expect(rendersPath(`/listings/${id}/mobile`)).toBe(true);
      expect(rendersPath(`/chat/${id}`)).toBe(false);
      expect(rendersPath(`/landlord/applications/${id}`)).toBe(false);
    }
    expect(rendersPath('/listings/create')).toBe(false);
    expect(rendersPath('/dashboard')).toBe(false);
    expect(rendersPath('/search')).toBe(true);
    // The not-found page is rendered too.
    expect(rendersPath('/no/such/page')).toBe(true);
  });

  it('renders a form that cannot be sent before its script runs: submit disabled, never a GET', async () => {
    for (const path of ['/login', '/register/renter']) {
      const result = await render(path);
      if (result.kind !== 'page') throw new Error(`expected a page, got ${result.kind}`);
      expect(result.html, path).toMatch(/<form [^>]*method="post"/);
      const submit = result.html.match(/<button type="submit"[^>]*>/g) ?? [];
      expect(submit.length, path).toBeGreaterThan(0);
      for (const tag of submit) expect(tag, path).toContain('disabled=""');
    }
  });
});
