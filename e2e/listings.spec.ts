import sharp from 'sharp';
import { expectNoSeriousViolations } from './axe.ts';
import { collectConsoleErrors } from './console-errors.ts';
import { demoListingId, expect, pageReady, signInThroughApi, test } from './fixtures.ts';

/** A real image the server accepts (at least 200 px on each side). */
async function photo(red: number): Promise<Buffer> {
  return sharp({
    create: { width: 480, height: 360, channels: 3, background: { r: red, g: 120, b: 140 } },
  })
    .png()
    .toBuffer();
}

function randomWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = '';
  for (let i = 0; i < 8; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

test('a landlord publishes a listing with two photos; a renter finds it by neighborhood and text and saves it', async ({
  page,
  browser,
  baseURL,
  newLandlord,
  newRenter,
}) => {
  test.setTimeout(90_000);
  const url = baseURL ?? '';
  const landlordContext = await browser.newContext({ baseURL: url });
  const landlord = await landlordContext.newPage();
  await signInThroughApi(landlord, url, newLandlord.email, newLandlord.password);
  const word = randomWord();
  const title = `Sunny ${word} two-bedroom`;

  await landlord.goto('/listings/create');
  await pageReady(landlord);
  const next = landlord.getByRole('button', { name: 'Save and continue' });
  await landlord.getByLabel('Title').fill(title);
  await landlord
    .getByLabel('Description')
    .fill('Bright corner apartment with big windows and a quiet bedroom.');
  await next.click();
  await expect(landlord).toHaveURL(/\/listings\/create\?id=/);
  const id = new URL(landlord.url()).searchParams.get('id') ?? '';

  await landlord.getByLabel('Street address').fill('12 Test Street');
  await landlord.getByLabel('Unit').fill('4B');
  await landlord.getByLabel('Neighborhood').selectOption('tribeca');
  await next.click();

  await landlord.getByLabel('Monthly rent ($)').fill('3150');
  await landlord.getByLabel('Free months').fill('1');
  await landlord.getByRole('button', { name: 'Add a fee' }).click();
  await landlord.getByLabel('Fee 1 type').selectOption('application');
  await landlord.getByLabel('Fee 1 amount ($)').fill('20');
  await next.click();

  await landlord.getByLabel('Bedrooms (0 for a studio)').fill('2');
  await landlord.getByLabel('Bathrooms').fill('1');
  await landlord.getByLabel('Available from').fill('2027-01-01');
  await landlord.getByLabel('Pets').selectOption('cats');
  await landlord.getByLabel('Laundry').selectOption('in_building');
  await landlord.getByRole('checkbox', { name: 'Elevator' }).check();
  await next.click();

  await landlord.locator('#photo-files').setInputFiles([
    { name: 'dark.png', mimeType: 'image/png', buffer: await photo(40) },
    { name: 'light.png', mimeType: 'image/png', buffer: await photo(200) },
  ]);
  const photos = landlord.getByRole('list', { name: 'Photos' }).getByRole('listitem');
  await expect(photos).toHaveCount(2);
  const firstSrc = await photos.nth(0).getByRole('img').getAttribute('src');
  await landlord.getByRole('button', { name: 'Make photo 2 the cover' }).click();
  await expect(photos.nth(1).getByRole('img')).toHaveAttribute('src', firstSrc ?? '');
  await landlord.getByRole('button', { name: 'Continue to review' }).click();
  await landlord.getByRole('button', { name: 'Publish listing' }).click();
  await expect(landlord).toHaveURL(new RegExp(`/listings/${id}$`));
  await expect(landlord.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await landlord.goto('/landlord/listings');
  const row = landlord.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('Live')).toBeVisible();

  await signInThroughApi(page, url, newRenter.email, newRenter.password);
  await page.goto('/search');
  await pageReady(page);
  await page.getByRole('searchbox', { name: 'Search apartments' }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('Neighborhoods', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Tribeca' }).check();
  await expect(page).toHaveURL(/neighborhoods=tribeca/);
  await expect(page.getByRole('heading', { name: '1 apartment' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  const heart = page.getByRole('button', { name: `Save ${title}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/saved-listings/${id}`) && r.request().method() === 'PUT',
  );
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).status()).toBe(201);

  await page.reload();
  await expect(page.getByRole('button', { name: `Save ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Message landlord' })).toHaveAttribute(
    'href',
    '/chat',
  );
  await expect(page.getByText('Tribeca, Manhattan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show photo 2' })).toBeVisible();

  await page.goto('/saved-listings');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByText('No longer available')).toHaveCount(0);

  // The landlord edits it, then marks it rented: the renter's saved copy is marked unavailable.
  await landlord.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(landlord.getByLabel('Title')).toHaveValue(title);
  await landlord.goBack();
  // Columns after the title: status, rent, views, saves.
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await landlord.getByRole('button', { name: `Mark rented ${title}` }).click();
  await expect(row.getByText('Rented')).toBeVisible();
  await landlordContext.close();

  await page.reload();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByText('No longer available')).toBeVisible();
});

test('the home page search box opens the search with the text', async ({ page }) => {
  await page.goto('/');
  await pageReady(page);
  await expect(page.getByRole('heading', { name: 'Featured apartments' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Just listed' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search apartments' }).fill('sunny');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=sunny$/);
  await expect(page.getByRole('heading', { name: /\d+ apartments?$/ })).toBeVisible();
  await page.goto('/');
  await page.getByRole('link', { name: 'Astoria' }).click();
  await expect(page).toHaveURL(/neighborhoods=astoria/);
  await expect(page.getByRole('checkbox', { name: 'Astoria' })).toBeChecked();
});

test('filters survive a reload, Back undoes a change, and Reset clears them', async ({ page }) => {
  await page.goto('/search');
  await pageReady(page);
  const minPrice = page.getByLabel('Min price');
  await minPrice.fill('2000');
  await minPrice.press('Enter');
  await expect(page).toHaveURL(/minPrice=2000/);
  await page.getByLabel('Bedrooms').selectOption('2');
  await expect(page).toHaveURL(/bedrooms=2/);
  await page.getByRole('checkbox', { name: 'Elevator' }).check();
  await expect(page).toHaveURL(/amenities=elevator/);

  await page.goBack();
  await expect(page.getByRole('checkbox', { name: 'Elevator' })).not.toBeChecked();
  await page.goForward();
  await expect(page.getByRole('checkbox', { name: 'Elevator' })).toBeChecked();

  await page.reload();
  await expect(page.getByLabel('Min price')).toHaveValue('2000');
  await expect(page.getByLabel('Bedrooms')).toHaveValue('2');
  await expect(page.getByRole('checkbox', { name: 'Elevator' })).toBeChecked();

  // A bare /search restores the stored filters into the address.
  await page.goto('/search');
  await expect(page).toHaveURL(/minPrice=2000/);
  await expect(page.getByLabel('Min price')).toHaveValue('2000');
  const stored = await page.evaluate(() => localStorage.getItem('stoop.searchFilters'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({
    minPrice: '2000',
    bedrooms: '2',
    amenities: ['elevator'],
  });

  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByLabel('Min price')).toHaveValue('');
  await expect(page.getByLabel('Bedrooms')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Elevator' })).not.toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('stoop.searchFilters'))).toBeNull();
  await page.reload();
  await expect(page.getByLabel('Min price')).toHaveValue('');
});

test('a shared search URL reproduces the results', async ({ page, browser, baseURL }) => {
  const shared = '/search?bedrooms=1&boroughs=brooklyn&sort=price_asc';
  await page.goto(shared);
  const count = page.getByRole('heading', { name: /\d+ apartments?$/ });
  await expect(count).toBeVisible();
  const titles = page.locator('article h3');
  await expect(titles.first()).toBeVisible();
  const expected = await titles.allTextContents();
  const expectedCount = await count.textContent();

  const other = await browser.newContext({ baseURL: baseURL ?? '' });
  const visitor = await other.newPage();
  await visitor.goto(shared);
  await expect(visitor.getByRole('heading', { name: expectedCount ?? '' })).toBeVisible();
  await expect(visitor.locator('article h3')).toHaveText(expected);
  await expect(visitor.getByRole('checkbox', { name: 'Brooklyn' })).toBeChecked();
  await expect(visitor.getByLabel('Sort by')).toHaveValue('price_asc');
  await other.close();
});

test('load more appends the next page, and an unknown listing shows not found', async ({
  page,
}) => {
  await page.goto('/search');
  await expect(page.locator('article h3')).toHaveCount(20);
  // A link to the next page (for a page without scripts); here it loads in place.
  const more = page.getByRole('link', { name: 'Load more' });
  await expect(more).toHaveAttribute('href', '/search?page=2');
  await more.click();
  await expect(page.locator('article h3')).toHaveCount(40);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/search');
  await expect(page.getByRole('link', { name: 'Load more' })).toHaveAttribute(
    'href',
    '/search?page=3',
  );

  await page.goto('/listings/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Listing not found' })).toBeVisible();
});

test('listing pages with real data have no serious axe violations and log no console error', async ({
  page,
}) => {
  // Six pages, each loaded and checked by axe: over 30 s on a loaded 2-core machine.
  test.setTimeout(120_000);
  const id = await demoListingId(page.request);
  const consoleErrors = collectConsoleErrors(page);
  for (const url of [
    '/',
    '/featured',
    '/search',
    `/listings/${id}`,
    `/listings/${id}/mobile`,
    `/simple-listing/${id}`,
  ]) {
    await page.goto(url);
    await pageReady(page);
    await expect(page.locator('article, img').first()).toBeVisible();
    // Settled: a client-rendered page's start-up requests answered, a rendered one hydrated.
    await page.waitForLoadState('networkidle');
    expect.soft(consoleErrors.take(), `console errors on ${url}`).toEqual([]);
    await page.waitForTimeout(250);
    await expectNoSeriousViolations(page, { soft: true });
  }
});

test('landing pages name their page chunks in the HTML, so they load beside the entry', async ({
  request,
}) => {
  for (const [route, chunk] of [
    ['/search', 'search'],
    ['/', 'home'],
  ] as const) {
    const html = await (await request.get(route)).text();
    expect(html, route).toMatch(
      new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[^"]+\\.js"`),
    );
  }
});
