import type { APIRequestContext, Page } from '@playwright/test';
import { SavedSearchesSchema } from '../src/shared/schemas/saved-searches.ts';
import { expectNoSeriousViolations } from './axe.ts';
import {
  expect,
  pageReady,
  signInThroughApi,
  storageStateFor,
  type TestUser,
  test,
} from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';
import { checkBothWidths, keepScreenshot } from './screens.ts';

/*
 * Issue 16's journey: a renter searches inside a map area, saves the search with instant alerts;
 * a landlord publishes a matching listing; the renter gets the live notification, opens the
 * listing from it, finds the mail in /dev/mailbox and unsubscribes from its link, signed out.
 *
 * The map starts on a small area around Inwood (a `bounds=` link); the renter zooms out and uses
 * "Search this area". Each viewport searches its own rent, so the two runs (in parallel) never
 * match each other's listing (nor search-map.spec's scenes, at $7,700–$7,789).
 */

// Publishing, the alerts scan, the mail job and axe take many seconds on a loaded 2-core machine.
test.describe.configure({ timeout: 180_000 });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, rent: 8_513 },
  { name: 'phone', width: 375, height: 740, rent: 8_517 },
] as const;

/** Around Inwood: south, west, north, east. */
const BOUNDS = '40.85,-73.94,40.88,-73.9';

async function shot(page: Page, name: string) {
  await keepScreenshot(page, { path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/** Signs a fresh API context in as the landlord. */
async function landlordRequest(
  request: APIRequestContext,
  baseURL: string,
  landlord: TestUser,
): Promise<void> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: landlord.email, password: landlord.password },
    headers: origin(baseURL),
  });
  expect(response.status(), await response.text()).toBe(200);
}

for (const viewport of VIEWPORTS) {
  test.describe(`on ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('save a map-area search with instant alerts, get the match live and by mail, unsubscribe', async ({
      page,
      browser,
      playwright,
      baseURL,
      newRenter,
      newLandlord,
    }) => {
      const base = baseURL ?? '';
      const suffix = Math.random().toString(36).slice(2, 7);
      const name = `Inwood 4 bd ${suffix}`;
      const title = `Inwood corner ${suffix} with river views`;
      await signInThroughApi(page, base, newRenter.email, newRenter.password);

      // 1. The renter searches on the map: zoomed out from Inwood, then "Search this area".
      const search = `neighborhoods=inwood&bedrooms=4&minPrice=${viewport.rent}&maxPrice=${viewport.rent}&bounds=${encodeURIComponent(BOUNDS)}`;
      await page.goto(`/search?${search}`);
      await pageReady(page);
      await shot(page, 'search-with-save');
      if (viewport.name === 'phone')
        await page.getByRole('button', { name: 'Map', exact: true }).click();
      await page.getByRole('button', { name: 'Zoom out' }).click();
      await page.getByRole('button', { name: 'Search this area' }).click();
      await expect(page).not.toHaveURL(new RegExp(`bounds=${encodeURIComponent(BOUNDS)}`));
      await expect(page).toHaveURL(/[?&]bounds=[-\d.]+%2C/);
      const bounds = new URL(page.url()).searchParams.get('bounds')?.split(',').map(Number) ?? [];
      expect(bounds).toHaveLength(4);
      const save = page.getByRole('button', { name: 'Save search' });
      await expect(save).toBeVisible();
      await save.click();
      const dialog = page.getByRole('dialog', { name: 'Save this search' });
      await expect(dialog).toBeVisible();
      const nameField = dialog.getByLabel('Name');
      await expect(nameField).toHaveValue(
        `4+ bd in Inwood, $${viewport.rent.toLocaleString('en-US')}`,
      );
      await expect(nameField).toBeFocused();
      await expect(dialog.getByText('Inside a map area')).toBeVisible();
      await expect(dialog.getByRole('radio', { name: /Instant/ })).toBeChecked();
      await expectNoSeriousViolations(page);
      // The shared schema's rule, before anything is sent.
      await nameField.fill('');
      await dialog.getByRole('button', { name: 'Save search' }).click();
      await expect(dialog.getByText('Name the search.')).toBeVisible();
      await nameField.fill(name);
      await shot(page, 'save-dialog');
      await dialog.getByRole('button', { name: 'Save search' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`Saved “${name}”. Instant alerts.`)).toBeVisible();

      // What was saved: every filter and the map area, instant alerts.
      const saved = SavedSearchesSchema.parse(
        await (await page.request.get('/api/saved-searches')).json(),
      ).items.find((item) => item.name === name);
      expect(saved?.alerts).toBe('instant');
      expect(saved?.query).toMatchObject({
        neighborhoods: ['inwood'],
        bedrooms: 4,
        minPrice: viewport.rent,
        maxPrice: viewport.rent,
        bounds,
      });

      // 2. The renter's saved searches (the alert settings), axe-clean.
      await page.goto('/saved-searches');
      await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
      const card = page.getByRole('article', { name: name });
      await expect(card.getByText('No new matches')).toBeVisible();
      await expect(card.getByLabel('Alerts')).toHaveValue('instant');
      await expectNoSeriousViolations(page);
      await shot(page, 'saved-searches');

      // 3. A landlord publishes a matching listing.
      const landlord = await playwright.request.newContext({ baseURL: base });
      await landlordRequest(landlord, base, newLandlord);
      const listingId = await publishListing(landlord, base, {
        title,
        neighborhood: 'inwood',
        lat: 40.8677,
        lng: -73.9212,
        rentCents: viewport.rent * 100,
        bedrooms: 4,
        bathrooms: 2,
      });
      await landlord.dispose();

      // 4. The live notification: a toast with the listing's link; focus stays where it was.
      const toast = page.getByRole('status').filter({ hasText: `New match for “${name}”` });
      await expect(toast).toBeVisible({ timeout: 60_000 });
      await expect(toast).toContainText(`${title}, $${viewport.rent.toLocaleString('en-US')}`);
      await toast.hover(); // holds the toast while it is looked at
      await shot(page, 'alert-toast');
      // The page's count moved live too.
      await expect(card.getByText('1 new match')).toBeVisible();
      await toast.getByRole('link', { name: 'Open listing' }).click();
      await expect(page).toHaveURL(new RegExp(`/listings/${listingId}(/mobile)?$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // Its matches, seen: the count goes back to none.
      await page.goto('/saved-searches');
      await card.getByRole('button', { name: 'Show matches' }).click();
      await expect(card.getByRole('link', { name: title })).toBeVisible();
      await expect(card.getByText('No new matches')).toBeVisible();
      await shot(page, 'saved-searches-matches');

      // 5. The mail: text with the listing's link and the unsubscribe link.
      await page.goto('/dev/mailbox');
      const escaped = newRenter.email.replace(/[.+]/g, '\\$&');
      const mail = page.getByRole('button', {
        name: new RegExp(`^New match for “${name}”: ${title} To ${escaped}`),
      });
      await expect(mail).toBeVisible({ timeout: 60_000 });
      await mail.click();
      const article = page.getByRole('article');
      await expect(article).toContainText(`New: ${title}`);
      await expect(
        article.getByRole('link', { name: `${base}/listings/${listingId}` }),
      ).toBeVisible();
      const stop = article.getByRole('link', { name: /\/alerts\/unsubscribe\?token=/ });
      const href = (await stop.getAttribute('href')) ?? '';
      expect(href).toMatch(/\/alerts\/unsubscribe\?token=[^&#]+$/);

      // 6. Unsubscribe from the mail's link, signed out (a fresh browser context).
      const signedOut = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        serviceWorkers: 'block',
      });
      const visitor = await signedOut.newPage();
      await visitor.goto(href);
      await expect(visitor.getByText(`You will no longer get alerts for “${name}”.`)).toBeVisible();
      await expect(visitor.getByRole('link', { name: 'Manage saved searches' })).toBeVisible();
      await expectNoSeriousViolations(visitor);
      await shot(visitor, 'unsubscribed');
      // A forged token: the page says so.
      await visitor.goto('/alerts/unsubscribe?token=forged.token');
      await expect(visitor.getByText('This link is invalid or has expired.')).toBeVisible();
      await shot(visitor, 'unsubscribe-invalid');
      await signedOut.close();

      // The search's alerts are off; it stays saved.
      await page.goto('/saved-searches');
      await expect(card.getByLabel('Alerts')).toHaveValue('off');
    });
  });
}

test('a visitor is sent to sign in and comes back to the same search', async ({
  page,
  newRenter,
}) => {
  const address = '/search?neighborhoods=inwood&bedrooms=3';
  await page.goto(address);
  await pageReady(page);
  await page.getByRole('link', { name: 'Save search' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(newRenter.email);
  await page.getByLabel('Password', { exact: true }).fill(newRenter.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${address.replace('?', '\\?')}$`));
  await expect(page.getByRole('button', { name: 'Save search' })).toBeVisible();
});

test('a corrected search is saved with the words its results are for', async ({
  page,
  baseURL,
  newRenter,
}) => {
  await signInThroughApi(page, baseURL ?? '', newRenter.email, newRenter.password);
  await page.goto('/search?q=wiliamsburg');
  await expect(page.getByTestId('corrected-query')).toContainText('williamsburg');
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(
    dialog.getByText('Saved as “williamsburg”, the spelling these results are for.'),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await shot(page, 'save-dialog-corrected');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog).toBeHidden();
  const saved = SavedSearchesSchema.parse(
    await (await page.request.get('/api/saved-searches')).json(),
  ).items;
  expect(saved.map((item) => item.query.q)).toEqual(['williamsburg']);
});

test.describe('as an admin', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('there is no Save search (a renter thing; landlords never see /search)', async ({
    page,
  }) => {
    await page.goto('/search?neighborhoods=inwood');
    await expect(page.getByRole('heading', { level: 2, name: /apartment/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save search' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Save search' })).toHaveCount(0);
  });
});

// The same flow at both widths: run at desktop width, each screen also checked at 375 px.
test.describe('search polish', () => {
  test('a listing page shows similar listings below the details', async ({
    page,
    playwright,
    baseURL,
    newLandlord,
  }) => {
    const base = baseURL ?? '';
    const suffix = Math.random().toString(36).slice(2, 7);
    const landlord = await playwright.request.newContext({ baseURL: base });
    await landlordRequest(landlord, base, newLandlord);
    const fields = { neighborhood: 'inwood', lat: 40.8677, lng: -73.9212, bedrooms: 7 };
    const first = await publishListing(landlord, base, {
      ...fields,
      title: `Seven rooms ${suffix} north`,
      rentCents: 910_000,
    });
    await publishListing(landlord, base, {
      ...fields,
      title: `Seven rooms ${suffix} south`,
      rentCents: 930_000,
    });
    await landlord.dispose();

    await page.goto(`/listings/${first}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Seven rooms ${suffix} north` }),
    ).toBeVisible();
    // The section asks for its listings when the page is scrolled near it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const section = page.getByRole('region', { name: 'Similar listings' });
    await expect(section).toBeVisible();
    await expect(section.getByRole('link', { name: `Seven rooms ${suffix} south` })).toBeVisible();
    // Never the listing itself.
    await expect(section.getByRole('link', { name: `Seven rooms ${suffix} north` })).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await checkBothWidths(page, 'similar-listings');
  });

  test('a corrected search says so and can search the words as typed', async ({ page }) => {
    await page.goto('/search?q=wiliamsburg');
    const notice = page.getByTestId('corrected-query');
    await expect(notice).toHaveText(
      'Showing results for williamsburg. Search instead for wiliamsburg',
    );
    await checkBothWidths(page, 'corrected-query');
    await notice.getByRole('link', { name: 'Search instead for wiliamsburg' }).click();
    await expect(page).toHaveURL(/\/search\?q=wiliamsburg&exact=1$/);
    await expect(page.getByTestId('corrected-query')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: /apartments?$/ })).toBeVisible();
    // New words drop `exact`: they may be corrected again.
    await page.goto('/search?q=wiliamsburg&exact=1');
    await expect(page.getByRole('heading', { level: 2, name: /apartments?$/ })).toBeVisible();
    await page.getByRole('searchbox').fill('williamsburg');
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=williamsburg$/);
  });
});

test.describe('the demo renter (seeded saved search)', () => {
  test.use({ storageState: storageStateFor('renter') });

  test('their saved searches and matches', async ({ page }) => {
    await page.goto('/saved-searches');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
    const card = page.getByTestId('saved-search').first();
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: 'View results' })).toHaveAttribute(
      'href',
      /^\/search/,
    );
    await checkBothWidths(page, 'demo-saved-searches');
    await card.getByRole('button', { name: 'Show matches' }).click();
    await expect(card.getByRole('heading', { name: 'Matches, newest first' })).toBeVisible();
    await checkBothWidths(page, 'demo-saved-search-matches');
  });
});
