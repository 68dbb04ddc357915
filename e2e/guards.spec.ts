import { expect, pageReady, storageStateFor, test } from './fixtures.ts';

const LANDLORD_ONLY = [
  '/landlord/dashboard',
  '/landlord/tours',
  '/landlord/profile',
  '/landlord/billing',
  '/landlord/billing/checkout?plan=pro',
  '/landlord/billing/invoices/42',
  '/landlord/availability',
  '/landlord/waitlist',
  '/landlord/listings',
  '/listings/create',
];

const LOGIN_REQUIRED = [
  '/auth/profile',
  '/profile',
  '/dashboard',
  '/chat',
  '/chat/abc',
  '/tours',
  '/saved-listings',
];

test.describe('signed out', () => {
  for (const path of [...LOGIN_REQUIRED, ...LANDLORD_ONLY, '/renter/dashboard']) {
    test(`${path} sends a visitor to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await pageReady(page);
    });
  }
});

test.describe('as a renter', () => {
  test.use({ storageState: storageStateFor('renter') });

  for (const path of LANDLORD_ONLY) {
    test(`${path} sends the renter to /renter/dashboard`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/renter\/dashboard$/);
      await pageReady(page);
    });
  }

  test('/dashboard sends the renter to /renter/dashboard', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/renter\/dashboard$/);
  });

  for (const path of ['/search', '/saved-listings', '/profile', '/tours']) {
    test(`the renter stays on ${path}`, async ({ page }) => {
      await page.goto(path);
      await pageReady(page);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }
});

test.describe('as a landlord', () => {
  test.use({ storageState: storageStateFor('landlord') });

  test('a renter route sends the landlord to /landlord/dashboard', async ({ page }) => {
    await page.goto('/renter/dashboard');
    await expect(page).toHaveURL(/\/landlord\/dashboard$/);
    await pageReady(page);
  });

  for (const path of ['/search', '/saved-listings', '/', '/featured', '/profile', '/dashboard']) {
    test(`${path} sends the landlord to /landlord/dashboard`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/landlord\/dashboard$/);
      await pageReady(page);
    });
  }

  for (const path of [
    '/about',
    '/chat',
    '/chat/abc',
    '/listings/42',
    '/listings/create',
    '/landlord/tours',
  ]) {
    test(`the landlord stays on ${path}`, async ({ page }) => {
      await page.goto(path);
      await pageReady(page);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }
});

test.describe('as an admin', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('a landlord or renter route sends an admin to their dashboard, /admin', async ({ page }) => {
    for (const path of ['/landlord/dashboard', '/renter/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin$/);
      await pageReady(page);
    }
  });
});
