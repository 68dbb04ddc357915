import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, pageReady, test } from './fixtures.ts';

/** Issue 11 items 9, 10 and 11: the search page keeps its search, settles on errors, fits a phone. */

const PHONE = { width: 375, height: 740 };

/** The API's own total for a search: what "Show N apartments" must say. */
async function apiTotal(page: Page, query: string): Promise<number> {
  const answer = await page.request.get(`/api/listings?${query}&limit=1`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { total: number }).total;
}

const count = (total: number) =>
  `${total.toLocaleString('en-US')} ${total === 1 ? 'apartment' : 'apartments'}`;

test('every filter and the sort come back after About, Home, Browse apartments (item 9)', async ({
  page,
}) => {
  test.slow(); // a dozen searches and three page changes, on a shared 2-core machine
  await page.goto('/search');
  await pageReady(page);
  const minPrice = page.getByLabel('Min price');
  await minPrice.fill('1500');
  await minPrice.press('Enter');
  await expect(page).toHaveURL(/minPrice=1500/);
  const maxPrice = page.getByLabel('Max price');
  await maxPrice.fill('6000');
  await maxPrice.press('Enter');
  await expect(page).toHaveURL(/maxPrice=6000/);
  await page.getByLabel('Bedrooms').selectOption('1');
  await expect(page).toHaveURL(/bedrooms=1/);
  await page.getByRole('checkbox', { name: 'Brooklyn' }).check();
  await expect(page).toHaveURL(/boroughs=brooklyn/);
  await page.getByRole('checkbox', { name: 'Dishwasher' }).check();
  await expect(page).toHaveURL(/amenities=dishwasher/);
  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);

  await page.getByRole('link', { name: 'About Us', exact: true }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await page.getByRole('link', { name: 'Browse apartments' }).click();

  await expect(page).toHaveURL(
    /\/search\?minPrice=1500&maxPrice=6000&bedrooms=1&amenities=dishwasher&boroughs=brooklyn&sort=price_asc$/,
  );
  await expect(page.getByLabel('Min price')).toHaveValue('1500');
  await expect(page.getByLabel('Max price')).toHaveValue('6000');
  await expect(page.getByLabel('Bedrooms')).toHaveValue('1');
  await expect(page.getByRole('checkbox', { name: 'Brooklyn' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Dishwasher' })).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
  const total = await apiTotal(
    page,
    'minPrice=1500&maxPrice=6000&bedrooms=1&amenities=dishwasher&boroughs=brooklyn&sort=price_asc',
  );
  await expect(page.getByRole('heading', { level: 2, name: count(total) })).toBeVisible();
});

test('the address comes before the stored search, which it then replaces (item 9)', async ({
  page,
}) => {
  test.slow(); // four page loads on a shared 2-core machine
  await page.goto('/about');
  await page.evaluate(() =>
    localStorage.setItem(
      'stoop.searchFilters',
      JSON.stringify({ minPrice: '1500', boroughs: ['brooklyn'], sort: 'price_desc' }),
    ),
  );
  // A link with its own search shows that search, nothing stored added.
  await page.goto('/search?boroughs=queens');
  await expect(page.getByRole('checkbox', { name: 'Queens' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Brooklyn' })).not.toBeChecked();
  await expect(page.getByLabel('Min price')).toHaveValue('');
  await expect(page.getByLabel('Sort by')).toHaveValue('newest');
  await expect(page).toHaveURL(/\/search\?boroughs=queens$/);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('stoop.searchFilters')))
    .toContain('"boroughs":["queens"]');
  // And a bare /search brings the stored one back, Queens and all.
  await page.goto('/search');
  await expect(page).toHaveURL(/\/search\?boroughs=queens$/);
});

test('a fresh /search shows the first results that came with the page; a restored search asks the API', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/listings') asked.push(url.search);
  });
  await page.goto('/search?boroughs=brooklyn');
  await pageReady(page);
  const total = await apiTotal(page, 'boroughs=brooklyn');
  await expect(page.getByRole('heading', { level: 2, name: count(total) })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(asked).toEqual([]);
  // The stored search (Brooklyn) differs from a bare /search's: its results come from the API.
  await page.goto('/search');
  await expect(page).toHaveURL(/\/search\?boroughs=brooklyn$/);
  await expect(page.getByRole('heading', { level: 2, name: count(total) })).toBeVisible();
  expect(asked).toContain('?boroughs=brooklyn');
});

const BAD_SEARCHES = [
  {
    name: 'a minimum price above the maximum',
    url: '/search?minPrice=5000&maxPrice=1000',
    message: 'Minimum price cannot be above the maximum price.',
  },
  {
    name: 'a 101-character term',
    url: `/search?q=${'a'.repeat(101)}`,
    message: 'Search term cannot exceed 100 characters',
  },
];

async function expectSettledError(page: Page, url: string, message: string) {
  await page.goto(url);
  await pageReady(page);
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Search failed' })).toBeVisible();
  await expect(page.getByText('Searching…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear all filters' })).toBeVisible();
}

test.describe('errors settle the page (item 10)', () => {
  for (const bad of BAD_SEARCHES) {
    test(`${bad.name}, desktop`, async ({ page }) => {
      await expectSettledError(page, bad.url, bad.message);
    });
  }

  test('a network failure settles too, and Try again recovers', async ({ page }) => {
    let fail = true;
    await page.route('**/api/listings?*', (route) => (fail ? route.abort() : route.continue()));
    // The page's first results come with it (no API call); the next search is the one that fails.
    await page.goto('/search');
    await pageReady(page);
    await page.getByRole('checkbox', { name: 'Queens' }).check();
    await expect(page.getByRole('heading', { level: 2, name: 'Search failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    const total = await apiTotal(page, 'boroughs=queens');
    await expect(page.getByRole('heading', { level: 2, name: count(total) })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the search box stops at 100 characters and says so', async ({ page }) => {
    await page.goto(`/search?q=${'a'.repeat(101)}`);
    const box = page.getByRole('searchbox', { name: 'Search apartments' });
    await expect(box).toHaveValue('a'.repeat(100));
    await box.fill('');
    await box.pressSequentially('b'.repeat(105));
    await expect(box).toHaveValue('b'.repeat(100));
    await expect(page.getByText('Search terms stop at 100 characters.')).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${'b'.repeat(100)}$`));
    await expect(page.getByRole('heading', { level: 2, name: /apartments?$/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: PHONE });
    for (const bad of BAD_SEARCHES) {
      test(`${bad.name}, phone`, async ({ page }) => {
        await expectSettledError(page, bad.url, bad.message);
      });
    }
  });
});

test.describe('on a 375 px phone (item 11)', () => {
  test.use({ viewport: PHONE });

  test('the first results are on the first screen and the filters open in a sheet', async ({
    page,
  }) => {
    test.slow(); // many searches and counts, on a shared 2-core machine
    await page.goto('/search');
    await pageReady(page);
    await expect(page.locator('article h3').first()).toBeInViewport();
    // No checkbox list before the results.
    await expect(page.getByRole('checkbox', { name: 'Brooklyn' })).toHaveCount(0);
    const all = await apiTotal(page, '');
    await expect(page.getByRole('heading', { level: 2, name: count(all) })).toBeVisible();

    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await filters.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: `Show ${count(all)}` })).toBeVisible();

    await sheet.getByRole('checkbox', { name: 'Brooklyn' }).check();
    await sheet.getByRole('checkbox', { name: 'Dishwasher' }).check();
    const brooklyn = await apiTotal(page, 'boroughs=brooklyn&amenities=dishwasher');
    expect(brooklyn).toBeLessThan(all);
    const show = sheet.getByRole('button', { name: `Show ${count(brooklyn)}` });
    await expect(show).toBeVisible();
    // Nothing applies until Show.
    await expect(page).toHaveURL(/\/search$/);

    // Focus stays inside: Tab from the last control wraps to the first, and back.
    await show.focus();
    await page.keyboard.press('Tab');
    await expect(sheet.getByRole('button', { name: 'Close filters' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(show).toBeFocused();

    await show.click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/amenities=dishwasher&boroughs=brooklyn$/);
    await expect(page.getByRole('heading', { level: 2, name: count(brooklyn) })).toBeVisible();
    const badged = page.getByRole('button', { name: 'Filters, 2 applied' });
    await expect(badged).toBeFocused();

    // Reset inside the sheet counts everything again; Escape closes without applying.
    await badged.click();
    await expect(sheet.getByRole('checkbox', { name: 'Brooklyn' })).toBeChecked();
    await sheet.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(sheet.getByRole('checkbox', { name: 'Brooklyn' })).not.toBeChecked();
    await expect(sheet.getByRole('button', { name: `Show ${count(all)}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/amenities=dishwasher&boroughs=brooklyn$/);
    await expect(badged).toBeFocused();
  });

  test('axe: no serious violations with the filters sheet open', async ({ page }) => {
    await page.goto('/search');
    await pageReady(page);
    await expect(page.locator('article h3').first()).toBeVisible();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByRole('button', { name: /^Show \d[\d,]* apartments$/ })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test('axe: no serious violations on /search, desktop', async ({ page }) => {
  await page.goto('/search?boroughs=brooklyn');
  await pageReady(page);
  await expect(page.locator('article h3').first()).toBeVisible();
  await expectNoSeriousViolations(page);
});
