import type { Page } from '@playwright/test';
import { DEMO, expect, pageReady, storageStateFor, test } from './fixtures.ts';

/** The names of the links and buttons the top bar shows, in order. */
async function barItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return nav.locator('a:visible, button:visible').evaluateAll((elements) =>
    elements.map((el) => {
      // The logo link is named by its image (the svg's aria-label).
      const image = el.querySelector('[aria-label]')?.getAttribute('aria-label');
      return (el.getAttribute('aria-label') ?? image ?? el.textContent ?? '').trim();
    }),
  );
}

test.describe('navigation bar', () => {
  test('a visitor sees Home, About Us and Sign In', async ({ page }) => {
    await page.goto('/about');
    await pageReady(page);
    expect(await barItems(page)).toEqual(['STOOP', 'Home', 'About Us', 'Sign In']);
    await expect(page.getByTestId('logo-link')).toHaveAttribute('href', '/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sign In' })
      .click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test.describe('renter', () => {
    test.use({ storageState: storageStateFor('renter') });
    test('sees Home, About Us, Messages, their email and Sign Out', async ({ page }) => {
      await page.goto('/about');
      await pageReady(page);
      // The email opens the account menu, which holds Sign Out (issue 11 item 4).
      expect(await barItems(page)).toEqual(['STOOP', 'Home', 'About Us', 'Messages', DEMO.renter]);
      await expect(page.getByTestId('nav-email')).toHaveText(DEMO.renter);
      await page.getByTestId('nav-email').click();
      await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/chat');
      await expect(page.getByTestId('logo-link')).toHaveAttribute('href', '/');
      await expect(page.getByTestId('unread-badge')).toHaveCount(0);
    });
  });

  test.describe('landlord', () => {
    test.use({ storageState: storageStateFor('landlord') });
    test('sees Messages, + New Listing, their email and Sign Out; the logo goes to the dashboard', async ({
      page,
    }) => {
      await page.goto('/about');
      await pageReady(page);
      expect(await barItems(page)).toEqual(['STOOP', 'Messages', '+ New Listing', DEMO.landlord]);
      await expect(page.getByTestId('nav-email')).toHaveText(DEMO.landlord);
      await page.getByTestId('nav-email').click();
      await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await expect(page.getByTestId('logo-link')).toHaveAttribute('href', '/landlord/dashboard');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: '+ New Listing' })
        .click();
      await expect(page).toHaveURL(/\/listings\/create$/);
    });
  });

  test('/ has no navigation bar', async ({ page }) => {
    await page.goto('/');
    await pageReady(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const toggle = (page: Page) => page.getByRole('button', { name: 'Open menu' });
  const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
  const bodyOverflow = (page: Page) =>
    page.evaluate(() => window.getComputedStyle(document.body).overflow);

  test('holds the same items, locks scroll, and closes on Escape', async ({ page }) => {
    await page.goto('/about');
    await pageReady(page);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }),
    ).toBeHidden();
    await toggle(page).click();
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'About Us' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

    expect(await bodyOverflow(page)).toBe('hidden');
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);
    expect(await bodyOverflow(page)).not.toBe('hidden');
    await expect(toggle(page)).toBeFocused();
  });

  test('closes on a click outside', async ({ page }) => {
    await page.goto('/about');
    await pageReady(page);
    await toggle(page).click();
    await expect(menu(page)).toBeVisible();
    await page.mouse.click(20, 500);
    await expect(menu(page)).toHaveCount(0);
    expect(await bodyOverflow(page)).not.toBe('hidden');
  });

  test('closes when a link is chosen', async ({ page }) => {
    await page.goto('/about');
    await pageReady(page);
    await toggle(page).click();
    await menu(page).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(menu(page)).toHaveCount(0);
    expect(await bodyOverflow(page)).not.toBe('hidden');
  });

  test('keeps focus inside while open', async ({ page }) => {
    await page.goto('/about');
    await pageReady(page);
    await toggle(page).click();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await menu(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  test.describe('signed in', () => {
    test.use({ storageState: storageStateFor('landlord') });
    test('shows the landlord items', async ({ page }) => {
      await page.goto('/about');
      await pageReady(page);
      await toggle(page).click();
      const items = await menu(page)
        .getByRole('navigation', { name: 'Mobile' })
        .locator('a:visible, button:visible')
        .allTextContents();
      expect(items.map((t) => t.trim())).toEqual([
        'Messages',
        '+ New Listing',
        'Dashboard',
        'Profile',
        'My listings',
        'Applications',
        'Sign Out',
      ]);
      await expect(menu(page).getByText(DEMO.landlord)).toBeVisible();
    });
  });
});
