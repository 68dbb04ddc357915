import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  createUser,
  demoListingId,
  expect,
  pageReady,
  storageStateFor,
  type TestUser,
  test,
} from './fixtures.ts';

/** Issue 11 items 3, 6 and 7 on the listing page: owner actions, Print, no self-save. */

const origin = (baseURL: string) => ({ Origin: new URL(baseURL).origin });

/** A fresh landlord with one published listing (its own, so changing it disturbs no one). */
async function landlordWithListing(
  request: APIRequestContext,
  baseURL: string,
): Promise<{ landlord: TestUser; id: string; title: string }> {
  const landlord = await createUser(request, baseURL, 'landlord');
  const headers = origin(baseURL);
  const title = `Owner test ${Math.random().toString(36).slice(2, 8)}`;
  const created = await request.post('/api/listings', {
    headers,
    data: {
      title,
      description: 'Bright corner apartment with big windows and a quiet bedroom.',
      address: '12 Test Street',
      neighborhood: 'tribeca',
      lat: 40.7163,
      lng: -74.0086,
      rentCents: 315_000,
      bedrooms: 2,
      bathrooms: 1,
      availableFrom: '2027-01-01',
      leaseTermMonths: 12,
      pets: 'cats',
      laundry: 'in_building',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { listing: { id: string } }).listing.id;
  const buffer = await sharp({
    create: { width: 480, height: 360, channels: 3, background: { r: 90, g: 120, b: 140 } },
  })
    .png()
    .toBuffer();
  const photo = await request.post(`/api/listings/${id}/photos`, {
    headers,
    multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer } },
  });
  expect(photo.status(), await photo.text()).toBe(201);
  const published = await request.patch(`/api/listings/${id}`, {
    headers,
    data: { status: 'active' },
  });
  expect(published.status(), await published.text()).toBe(200);
  return { landlord, id, title };
}

// Each test makes a landlord, a listing and a photo first: slow on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const landlordCard = (page: Page) => page.getByRole('complementary', { name: 'Landlord' });

test.describe('the owner on their own listing', () => {
  test('sees Edit, Mark rented, Archive and Print; no Save, no /simple-listing link', async ({
    page,
    baseURL,
  }) => {
    const url = baseURL ?? '';
    const { id, title } = await landlordWithListing(page.request, url);
    await page.goto(`/listings/${id}`);
    await pageReady(page);
    const card = landlordCard(page);
    await expect(card.getByRole('link', { name: 'Edit listing' })).toHaveAttribute(
      'href',
      `/listings/create?id=${id}`,
    );
    await expect(card.getByRole('button', { name: 'Mark rented' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Archive' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await expect(page.locator('a[href^="/simple-listing/"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Message landlord' })).toHaveCount(0);

    // Edit opens the create wizard with the listing's data.
    await card.getByRole('link', { name: 'Edit listing' }).click();
    await expect(page).toHaveURL(new RegExp(`/listings/create\\?id=${id}$`));
    await expect(page.getByLabel('Title')).toHaveValue(title);
  });

  test('marks it rented, then archives it, each after a confirmation and with a toast', async ({
    page,
    baseURL,
  }) => {
    const url = baseURL ?? '';
    const { id } = await landlordWithListing(page.request, url);
    await page.goto(`/listings/${id}`);
    await pageReady(page);
    const card = landlordCard(page);

    // Cancel changes nothing and gives focus back.
    await card.getByRole('button', { name: 'Mark rented' }).click();
    await expect(card.getByText('Mark this listing as rented?')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Yes, mark rented' })).toBeFocused();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByRole('button', { name: 'Mark rented' })).toBeFocused();
    const unchanged = await page.request.get(`/api/listings/${id}`);
    expect(((await unchanged.json()) as { listing: { status: string } }).listing.status).toBe(
      'active',
    );

    await card.getByRole('button', { name: 'Mark rented' }).click();
    await card.getByRole('button', { name: 'Yes, mark rented' }).click();
    await expect(page.getByText('Listing marked as rented.')).toBeVisible();
    await expect(card.getByText('This listing is marked as rented')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mark rented' })).toHaveCount(0);
    const rented = await page.request.get(`/api/listings/${id}`);
    expect(((await rented.json()) as { listing: { status: string } }).listing.status).toBe(
      'rented',
    );

    await card.getByRole('button', { name: 'Archive' }).click();
    await card.getByRole('button', { name: 'Yes, archive' }).click();
    await expect(page.getByText('Listing archived.')).toBeVisible();
    await expect(card.getByText('This listing is archived')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Archive' })).toHaveCount(0);
    const archived = await page.request.get(`/api/listings/${id}`);
    expect(((await archived.json()) as { listing: { status: string } }).listing.status).toBe(
      'archived',
    );
  });

  test('Print prints the page without the navigation and the buttons', async ({
    page,
    baseURL,
  }) => {
    const { id } = await landlordWithListing(page.request, baseURL ?? '');
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.goto(`/listings/${id}`);
    await pageReady(page);
    await landlordCard(page).getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Edit listing' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Costs' })).toBeVisible();
  });
});

test.describe('another landlord', () => {
  test.use({ storageState: storageStateFor('landlord') });
  test('gets Print instead of the /simple-listing link (which would bounce them)', async ({
    page,
    baseURL,
    playwright,
  }) => {
    const request = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    const { id } = await landlordWithListing(request, baseURL ?? '');
    await request.dispose();
    await page.goto(`/listings/${id}`);
    await pageReady(page);
    const card = landlordCard(page);
    await expect(card.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(page.locator('a[href^="/simple-listing/"]')).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Edit listing' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  });
});

test.describe('a renter', () => {
  test.use({ storageState: storageStateFor('renter') });
  test('sees Save and the printable summary link, no owner actions', async ({ page }) => {
    const id = await demoListingId(page.request);
    await page.goto(`/listings/${id}`);
    await pageReady(page);
    const card = landlordCard(page);
    await expect(card.getByRole('button', { name: /^Save/ })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Printable summary' })).toHaveAttribute(
      'href',
      `/simple-listing/${id}`,
    );
    await expect(card.getByRole('button', { name: 'Print' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Edit listing' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Mark rented' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  });
});

test('a visitor sees the printable summary link', async ({ page }) => {
  const id = await demoListingId(page.request);
  await page.goto(`/listings/${id}`);
  await pageReady(page);
  await expect(landlordCard(page).getByRole('link', { name: 'Printable summary' })).toHaveAttribute(
    'href',
    `/simple-listing/${id}`,
  );
  await expect(landlordCard(page).getByRole('button', { name: 'Print' })).toHaveCount(0);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the owner sees the same actions on the phone layout', async ({ page, baseURL }) => {
    const { id } = await landlordWithListing(page.request, baseURL ?? '');
    await page.goto(`/listings/${id}/mobile`);
    await pageReady(page);
    const card = landlordCard(page);
    await expect(card.getByRole('link', { name: 'Edit listing' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mark rented' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  });
});
