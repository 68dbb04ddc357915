import { expect, pageReady, storageStateFor, test } from './fixtures.ts';
import { ROUTES } from './routes.ts';

/** Every route answers 200 on a fresh load (deep links work) and renders a real page. */
async function visit(
  page: import('@playwright/test').Page,
  url: string,
  endsOn: string | undefined,
) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await pageReady(page);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  const expected = endsOn ?? url;
  expect(new URL(page.url()).pathname).toBe(expected);
}

test.describe('signed out', () => {
  for (const route of ROUTES.filter((r) => r.access === 'public')) {
    test(`${route.url}`, async ({ page }) => {
      await visit(page, route.url, route.endsOn?.signedOut);
    });
  }
});

test.describe('as a renter', () => {
  test.use({ storageState: storageStateFor('renter') });
  for (const route of ROUTES.filter((r) => r.access === 'login' || r.access === 'renter')) {
    test(`${route.url}`, async ({ page }) => {
      await visit(page, route.url, route.endsOn?.renter);
    });
  }
});

test.describe('as a landlord', () => {
  test.use({ storageState: storageStateFor('landlord') });
  for (const route of ROUTES.filter((r) => r.access === 'landlord')) {
    test(`${route.url}`, async ({ page }) => {
      await visit(page, route.url, route.endsOn?.landlord);
    });
  }
});

test.describe('as an admin', () => {
  test.use({ storageState: storageStateFor('admin') });
  for (const route of ROUTES.filter((r) => r.access === 'admin')) {
    test(`${route.url}`, async ({ page }) => {
      await visit(page, route.url, undefined);
    });
  }
});

test('an unknown address shows the not-found page inside the layout', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
