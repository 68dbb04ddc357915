import { expect, pageReady, test } from './fixtures.ts';

/*
 * The start-up gate of a screen rendered in the browser (/forgot-password is one); the pages the
 * server renders arrive with their content (server-rendered.spec.ts).
 */

test('with the API down, the start-up screen shows the error and Retry reloads', async ({
  page,
}) => {
  await page.route('**/api/health', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'unavailable', db: 'down' }),
    }),
  );
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Database Connection Error' })).toBeVisible();

  await page.unroute('**/api/health');
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Retry Connection' }).click();
  await reloaded;
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
});

test("shows 'Connecting to database...' until the health check answers", async ({ page }) => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/health', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/forgot-password', { waitUntil: 'domcontentloaded' });
  await expect(page.getByText('Connecting to database...')).toBeVisible();
  release();
  await pageReady(page);
});

test('a toast disappears after its duration plus the 300 ms exit', async ({ page }) => {
  await page.clock.install();
  await page.goto('/test-page');
  await pageReady(page);
  // Stop the fake clock so only `runFor` moves time from here on.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  await page.getByRole('button', { name: 'Show success toast' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'This is a success message.' });
  await expect(toast).toBeVisible();

  await page.clock.runFor(4900);
  await expect(toast).toBeVisible();
  await expect(toast).not.toHaveAttribute('data-leaving');
  await page.clock.runFor(200);
  await expect(toast).toHaveAttribute('data-leaving', 'true');
  await page.clock.runFor(320);
  await expect(toast).toHaveCount(0);
});

test("the start-up screen paints before the app's stylesheet, and the app waits for it", async ({
  page,
}) => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/index-*.css', async (route) => {
    await gate;
    await route.continue();
  });
  const healthAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/health');
  await page.goto('/forgot-password', { waitUntil: 'domcontentloaded' });
  // Painted and styled by index.html's own styles, with the stylesheet still on its way.
  const screen = page.getByRole('status').filter({ hasText: 'Connecting to database...' });
  await expect(screen).toBeVisible();
  const spinner = screen.locator('.startup-spinner');
  await expect(spinner).toHaveCSS('width', '48px');
  await expect(spinner).toHaveCSS('border-top-color', 'rgb(15, 118, 110)');
  // The health check has answered and the JS has run; the app still waits for its styles.
  await healthAnswered;
  await page.waitForFunction(() => document.querySelector('link[data-app-styles]') !== null);
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toHaveCount(
    0,
  );
  await expect(page.locator('link[data-app-styles]')).toHaveAttribute('media', 'print');

  release();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
  await expect(page.locator('link[data-app-styles]')).toHaveAttribute('media', 'all');
  // Styled at its first render: the stylesheet's background, not the browser's white.
  await expect(page.locator('body')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(page.locator('body')).toHaveCSS('margin', '0px');
});
