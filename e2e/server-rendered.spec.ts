import type { Page } from '@playwright/test';
import { landlordConfinementTarget } from '../src/shared/landlord-confinement.ts';
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
    // Playwright's own note that it blocked the renter's service worker (playwright.config.ts).
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
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

/** Every page the server renders (issue 49 item 1), with the status it answers a visitor. */
function renderedPages(listingId: string) {
  return [
    { path: '/', status: 200 },
    { path: '/featured', status: 200 },
    { path: '/search', status: 200 },
    { path: '/search?boroughs=brooklyn&bedrooms=2&sort=price_asc', status: 200 },
    { path: '/search?boroughs=brooklyn&page=2', status: 200 },
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
}

/** The sign-in and sign-up pages, which send a signed-in user on (checked below). */
const SIGNED_IN_LEAVES = ['/login', '/signup', '/register', '/register/renter'];

test.describe('server-rendered pages, as a visitor', () => {
  let listingId = '';
  test.beforeAll(async ({ request }) => {
    listingId = await demoListingId(request);
  });

  const pages = () => renderedPages(listingId);

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
});

/**
 * The answers a page is rendered with, whoever asks: asking the API for any of them again after
 * hydrating is double work. (A signed-in page still asks for what it was not rendered with: the
 * live stream, saved listings, notes, a tour's slots.)
 */
const RENDERED_DATA = [
  /^\/api\/(session|me|health|config)(\?|$)/,
  /^\/api\/messages\/unread-count/,
  /^\/api\/listings(\?|$)/,
  /^\/api\/listings\/featured/,
  /^\/api\/listings\/[0-9a-f-]{36}(\?|$)/,
  /^\/api\/applications\/settings/,
];

for (const role of ['renter', 'landlord'] as const) {
  test.describe(`server-rendered pages, as a ${role}`, () => {
    let listingId = '';
    test.beforeAll(async ({ request }) => {
      listingId = await demoListingId(request);
    });

    // A landlord is kept to the landlord's pages (docs/spec.md §6): the others redirect, as the
    // sign-in and sign-up pages do for anyone signed in.
    const pages = () =>
      renderedPages(listingId).filter(
        ({ path }) =>
          !SIGNED_IN_LEAVES.includes(path) &&
          (role === 'renter' || landlordConfinementTarget(path) === null),
      );

    for (const viewport of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 375, height: 740 },
    ]) {
      test(`every page arrives with their navigation bar and hydrates with no error (${viewport.name})`, async ({
        page,
        baseURL,
        newRenter,
        newLandlord,
      }) => {
        const user = role === 'renter' ? newRenter : newLandlord;
        await signInThroughApi(page, baseURL ?? '', user.email, user.password);
        await page.setViewportSize(viewport);
        for (const { path, status } of pages()) {
          const answer = await page.request.get(path);
          expect(answer.status(), path).toBe(status);
          const html = await answer.text();
          // Signed in from the first byte: their bar, not the visitor's, before any script
          // (the email is the account menu's button; Sign Out is in that menu).
          const root = html.slice(html.indexOf('<div id="root">'));
          if (path === '/') {
            // docs/spec.md §2: the home page has no top bar; its hero knows who is signed in.
            expect(root).toContain('Go to your dashboard');
            expect(root).not.toContain('>Sign In<');
          } else {
            expect(root, path).toMatch(
              new RegExp(
                `<button[^>]*aria-expanded="false"[^>]*>[\\s\\S]{0,300}${user.email.replace(/[.+]/g, '\\$&')}`,
              ),
            );
            expect(root, path).not.toMatch(/>Sign In</);
            expect(root, path).toContain('href="/chat"');
            if (role === 'landlord') expect(root, path).toContain('+ New Listing');
          }
          const seen = await openRendered(page, path);
          expect(seen.status, path).toBe(status);
          expect(seen.problems, path).toEqual([]);
          const again = seen.apiRequests.filter((request) =>
            RENDERED_DATA.some((pattern) => pattern.test(request)),
          );
          expect(again, path).toEqual([]);
        }
        // The hydrated bar works at once: its account menu (or the phone's menu) has Sign Out.
        if (viewport.name === 'desktop')
          await page.getByRole('button', { name: user.email }).click();
        else await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      });
    }

    test('the pages a rule sends elsewhere answer with the redirect from the server', async ({
      page,
      baseURL,
      newRenter,
      newLandlord,
    }) => {
      const user = role === 'renter' ? newRenter : newLandlord;
      await signInThroughApi(page, baseURL ?? '', user.email, user.password);
      const dashboard = role === 'renter' ? '/renter/dashboard' : '/landlord/dashboard';
      const moved =
        role === 'renter'
          ? ['/login', '/signup', '/register']
          : [
              '/login',
              ...renderedPages(listingId)
                .map(({ path }) => path)
                .filter((path) => landlordConfinementTarget(path) !== null),
            ];
      for (const path of moved) {
        const answer = await page.request.get(path, { maxRedirects: 0 });
        expect(answer.status(), path).toBe(302);
        expect(answer.headers().location, path).toBe(dashboard);
      }
    });
  });
}

test.describe('server-rendered pages, as a visitor (the HTML)', () => {
  let listingId = '';
  test.beforeAll(async ({ request }) => {
    listingId = await demoListingId(request);
  });

  test('the HTML holds the listing before any script runs', async ({ request, baseURL }) => {
    const answer = await request.get(`/listings/${listingId}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toBe('private, no-store');
    const html = await answer.text();
    const api = await (await request.get(`/api/listings/${listingId}`)).json();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(root).toContain(api.listing.landlord.name.replace(/&/g, '&amp;'));
    // The address as the API gives it to a visitor (no hidden house number or unit).
    if (api.listing.address) expect(root).toContain(api.listing.address.replace(/&/g, '&amp;'));
    expect(root).toContain(`$${Math.round(api.listing.rentCents / 100).toLocaleString('en-US')}`);
    expect(root).toMatch(/<img [^>]*fetchPriority="high"[^>]*>/);
    // Its styles are in it: the first paint waits for no stylesheet.
    expect(html).toContain('<style data-app-styles>');
    expect(html).not.toMatch(/<link rel="stylesheet"[^>]*index-[\w-]+\.css/);
    // Head tags from React's own <meta>/<link>, hoisted into the head.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="canonical" href="${new URL(`/listings/${listingId}`, baseURL).href}"/>`,
    );
    expect(head).toMatch(/<meta property="og:title" content="[^"]+ · Stoop"\/>/);
    expect(html).toContain('<script type="application/ld+json">');
    // No inline executable script: the state is JSON data.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    for (const tag of scripts)
      expect(tag).toMatch(/type="(module|application\/json|application\/ld\+json)"/);
  });

  test('home and featured carry their listings as links, and / hands recovery links on', async ({
    request,
  }) => {
    for (const path of ['/', '/featured', '/search?boroughs=brooklyn']) {
      const html = await (await request.get(path)).text();
      const links = new Set(html.match(/<a [^>]*href="\/listings\/[0-9a-f-]{36}"/g) ?? []);
      expect(links.size, path).toBeGreaterThanOrEqual(6);
    }
    // Search's next page works without a script: a link to the same search with a page more.
    const listingLinks = (html: string) =>
      new Set(html.match(/<a [^>]*href="\/listings\/[0-9a-f-]{36}"/g) ?? []).size;
    const first = await (await request.get('/search?boroughs=brooklyn')).text();
    expect(first).toMatch(/<a href="\/search\?boroughs=brooklyn&amp;page=2"[^>]*>Load more<\/a>/);
    const second = await (await request.get('/search?boroughs=brooklyn&page=2')).text();
    expect(listingLinks(second)).toBeGreaterThan(listingLinks(first));
    expect(second).toContain('href="/search?boroughs=brooklyn&amp;page=3"');
    const recovery = await request.get('/?type=recovery&from=mail', { maxRedirects: 0 });
    expect(recovery.status()).toBe(302);
    expect(recovery.headers().location).toBe('/reset-password?type=recovery&from=mail');
  });

  test('a rendered form is sent only once its script runs', async ({ page, request }) => {
    // Before: its submit disabled, so the browser cannot send the fields (a password) itself.
    const html = await (await request.get('/register/renter')).text();
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>/);
    await page.goto('/register/renter');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
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
