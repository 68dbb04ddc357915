import type { Page } from '@playwright/test';
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

/**
 * Each describe visits its paths in one page, each a fresh load: a new browser context per path cost
 * more than the path itself. Assertions are soft, so one wrong redirect does not hide the next.
 */
async function expectLanding(page: Page, path: string, landing: RegExp, ready = true) {
  await test.step(path, async () => {
    await page.goto(path);
    await expect.soft(page, path).toHaveURL(landing);
    if (ready) await pageReady(page);
  });
}

const stays = (path: string) => new RegExp(`${path.replace(/[?]/g, '\\?')}$`);

test('signed out, a page behind a sign-in sends the visitor to /login', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of [...LOGIN_REQUIRED, ...LANDLORD_ONLY, '/renter/dashboard']) {
    await expectLanding(page, path, /\/login$/);
  }
});

test.describe('as a renter', () => {
  test.use({ storageState: storageStateFor('renter') });

  test('a landlord page, or /dashboard, sends the renter to /renter/dashboard', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const path of LANDLORD_ONLY) await expectLanding(page, path, /\/renter\/dashboard$/);
    await expectLanding(page, '/dashboard', /\/renter\/dashboard$/, false);
  });

  test('the renter stays on their pages', async ({ page }) => {
    test.setTimeout(60_000);
    for (const path of ['/search', '/saved-listings', '/profile', '/tours']) {
      await expectLanding(page, path, stays(path));
    }
  });
});

test.describe('as a landlord', () => {
  test.use({ storageState: storageStateFor('landlord') });

  test('a renter page sends the landlord to /landlord/dashboard', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of [
      '/renter/dashboard',
      '/search',
      '/saved-listings',
      '/',
      '/featured',
      '/profile',
      '/dashboard',
    ]) {
      await expectLanding(page, path, /\/landlord\/dashboard$/);
    }
  });

  test('the landlord stays on shared and own pages', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of [
      '/about',
      '/chat',
      '/chat/abc',
      '/listings/42',
      '/listings/create',
      '/landlord/tours',
    ]) {
      await expectLanding(page, path, stays(path));
    }
  });
});

test.describe('as an admin', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('a landlord or renter route sends an admin to their dashboard, /admin', async ({ page }) => {
    for (const path of ['/landlord/dashboard', '/renter/dashboard']) {
      await expectLanding(page, path, /\/admin$/);
    }
  });
});
