import { expect, pageReady, test } from './fixtures.ts';

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
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Database Connection Error' })).toBeVisible();

  await page.unroute('**/api/health');
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Retry Connection' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'About Stoop' })).toBeVisible();
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
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
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
