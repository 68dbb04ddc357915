import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { DEMO, expect, type Role, signInThroughApi, storageStateFor, test } from './fixtures.ts';

/** Issue 11 items 3, 4 and 8: the account menu the user's email opens. */

// axe and the demo landlord's pages take many seconds on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** pageReady, with room for a slow first paint under load. */
async function ready(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
}

const emailButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /@stoop\.test$/ });

const LINKS: Record<Role, Array<[string, string]>> = {
  renter: [
    ['Dashboard', '/renter/dashboard'],
    ['Profile', '/profile'],
    ['Saved listings', '/saved-listings'],
    ['Saved searches', '/saved-searches'],
    ['Applications', '/applications'],
    ['Application profile', '/applications/profile'],
  ],
  landlord: [
    ['Dashboard', '/landlord/dashboard'],
    ['Profile', '/landlord/profile'],
    ['My listings', '/landlord/listings'],
    ['Applications', '/landlord/applications'],
  ],
  admin: [
    ['Dashboard', '/admin'],
    ['Profile', '/profile'],
  ],
};

for (const role of ['renter', 'landlord', 'admin'] as const) {
  test.describe(`as the ${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test('the email opens a menu with the account links and Sign Out; axe-clean open', async ({
      page,
    }) => {
      await page.goto('/about');
      await ready(page);
      const button = emailButton(page);
      await expect(button).toHaveText(DEMO[role]);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('button', { name: 'Sign Out' })).toBeHidden();
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
      const links = panel.getByRole('link');
      await expect(links).toHaveText(LINKS[role].map(([name]) => name));
      for (const [index, [, href]] of LINKS[role].entries()) {
        await expect(links.nth(index)).toHaveAttribute('href', href);
      }
      await expect(panel.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      // Focus moves into the menu.
      await expect(links.first()).toBeFocused();
      await expectNoSeriousViolations(page);
    });
  });
}

test.describe('keyboard and closing', () => {
  test.use({ storageState: storageStateFor('renter') });

  test('Enter opens, arrows move, Escape closes and returns focus; outside click and Tab close', async ({
    page,
  }) => {
    await page.goto('/about');
    await ready(page);
    const button = emailButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'Profile', exact: true })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();

    // Tabbing past the last item leaves the menu and closes it.
    await button.click();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await page.getByRole('button', { name: 'Sign Out' }).focus();
    await page.keyboard.press('Tab');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('a link goes there and closes the menu', async ({ page }) => {
    await page.goto('/about');
    await ready(page);
    await emailButton(page).click();
    await page.getByRole('link', { name: 'Saved listings' }).click();
    await expect(page).toHaveURL(/\/saved-listings$/);
    await expect(emailButton(page)).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('landlord', () => {
  test.use({ storageState: storageStateFor('landlord') });
  test('My listings reaches the listing manager (item 3)', async ({ page }) => {
    await page.goto('/landlord/dashboard');
    await ready(page);
    await emailButton(page).click();
    // The dashboard links there too: this is the one in the open menu.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My listings' })
      .click();
    await expect(page).toHaveURL(/\/landlord\/listings$/);
    await ready(page);
  });
});

test.describe('admin', () => {
  test.use({ storageState: storageStateFor('admin') });
  test('"Go to your dashboard" on / leads to the moderation console (issue 15)', async ({
    page,
  }) => {
    await page.goto('/');
    await ready(page);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await ready(page);
  });
});

test('Sign Out in the menu signs out', async ({ page, baseURL, newRenter }) => {
  await signInThroughApi(page, baseURL ?? '', newRenter.email, newRenter.password);
  await page.goto('/about');
  await ready(page);
  await emailButton(page).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

  for (const role of ['renter', 'landlord'] as const) {
    test.describe(`as the ${role}`, () => {
      test.use({ storageState: storageStateFor(role) });
      test('the slide-in menu holds the account links and Sign Out; axe-clean open', async ({
        page,
      }) => {
        await page.goto('/about');
        await ready(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(menu(page)).toBeVisible();
        for (const [name, href] of LINKS[role]) {
          await expect(menu(page).getByRole('link', { name, exact: true })).toHaveAttribute(
            'href',
            href,
          );
        }
        await expect(menu(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
        await expectNoSeriousViolations(page);
      });
    });
  }
});
