import type { Page } from '@playwright/test';
import { demoListingId, expect, signInThroughApi, test } from './fixtures.ts';
import { publishListing } from './listing-helpers.ts';

/*
 * Issue 49: the public pages arrive rendered from the server (decision 075) and hydrate in the
 * browser without a mismatch and without asking the API for what they were rendered with. The
 * browser is in another zone and locale than the server (UTC), so a date or price formatted
 * from the machine's settings on either side shows up as a hydration error.
 */
test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-GB' });

/** Console errors and warnings, React's hydration reports, and every `/api/` request. */
function watch(page: Page) {
  const problems: string[] = [];
  const apiRequests: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    // The not-found pages answer 404 themselves: Chromium logs the document's status.
    if (/status of 404/.test(message.text()) && message.location().url === page.url()) return;
    problems.push(`${type}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(`${url.pathname}${url.search}`);
  });
  return { problems, apiRequests };
}

/** Opens `path` (a full load) and waits until the hydrated page has settled. */
async function openRendered(page: Page, path: string) {
  const seen = watch(page);
  const response = await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return { ...seen, status: response?.status() };
}

test.describe('server-rendered pages, as a visitor', () => {
  let listingId = '';
  test.beforeAll(async ({ request }) => {
    listingId = await demoListingId(request);
  });

  const pages = () => [
    { path: '/', status: 200 },
    { path: '/featured', status: 200 },
    { path: '/search', status: 200 },
    { path: '/search?borough=brooklyn&bedrooms=2&sort=price_asc', status: 200 },
    { path: `/listings/${listingId}`, status: 200 },
    { path: `/listings/${listingId}/mobile`, status: 200 },
    { path: `/simple-listing/${listingId}`, status: 200 },
    { path: '/about', status: 200 },
    { path: '/login', status: 200 },
    { path: '/signup', status: 200 },
    { path: '/register', status: 200 },
    { path: '/register/renter', status: 200 },
    { path: '/no/such/page', status: 404 },
    { path: '/listings/00000000-0000-4000-8000-000000000000', status: 404 },
  ];

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 740 },
  ]) {
    test(`every page hydrates with no error and no request for its data (${viewport.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      for (const { path, status } of pages()) {
        const seen = await openRendered(page, path);
        expect(seen.status, path).toBe(status);
        expect(seen.problems, path).toEqual([]);
        // The search map's pins are drawn in the browser only (no map is in the HTML).
        const asked = seen.apiRequests.filter(
          (request) => !request.startsWith('/api/listings/pins'),
        );
        expect(asked, path).toEqual([]);
      }
    });
  }

  test('the HTML holds the listing before any script runs', async ({ request }) => {
    const answer = await request.get(`/listings/${listingId}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toBe('private, no-store');
    const html = await answer.text();
    const api = await (await request.get(`/api/listings/${listingId}`)).json();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(root).toContain(api.listing.landlord.name.replace(/&/g, '&amp;'));
    expect(root).toMatch(/<img [^>]*fetchPriority="high"[^>]*>/);
    // No inline executable script: the state is JSON data.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    for (const tag of scripts)
      expect(tag).toMatch(/type="(module|application\/json|application\/ld\+json)"/);
  });

  test('home and featured carry their listings as links, and / hands recovery links on', async ({
    request,
  }) => {
    for (const path of ['/', '/featured', '/search?borough=brooklyn']) {
      const html = await (await request.get(path)).text();
      const links = new Set(html.match(/<a [^>]*href="\/listings\/[0-9a-f-]{36}"/g) ?? []);
      expect(links.size, path).toBeGreaterThanOrEqual(6);
    }
    const recovery = await request.get('/?type=recovery&from=mail', { maxRedirects: 0 });
    expect(recovery.status()).toBe(302);
    expect(recovery.headers().location).toBe('/reset-password?type=recovery&from=mail');
  });

  test('a phone is sent to the mobile layout by the server', async ({ request }) => {
    const answer = await request.get(`/listings/${listingId}?from=share`, {
      headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe(`/listings/${listingId}/mobile?from=share`);
  });

  test('hostile listing text is escaped in the HTML', async ({
    page,
    request,
    baseURL,
    newLandlord,
  }) => {
    const base = baseURL ?? '';
    await signInThroughApi(page, base, newLandlord.email, newLandlord.password);
    // Markup itself is stripped when text is stored (src/shared/user-text.ts); what is left of
    // it, written as entities, is text and must stay text in the HTML.
    const hostile = '5 < 6 & "7" > 4, &lt;script&gt;window.__pwned=1&lt;/script&gt;';
    const id = await publishListing(page.request, base, {
      title: 'Hostile text check 1BR',
      description: `A quiet one-bedroom. ${hostile} Still quiet and bright.`,
    });
    const html = await (await request.get(`/listings/${id}`)).text();
    expect(html).toContain('5 &lt; 6 &amp; &quot;7&quot; &gt; 4, &amp;lt;script&amp;gt;window');
    expect(html).not.toContain('<script>window.__pwned');
    const seen = watch(page);
    await page.context().clearCookies();
    await page.goto(`/listings/${id}`);
    await expect(page.getByText('Still quiet and bright.', { exact: false })).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(seen.problems).toEqual([]);
  });
});
