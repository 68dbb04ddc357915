import { expect, pageReady, test } from './fixtures.ts';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test.describe('mobile variant redirect', () => {
  test('at 375 px, /listings/42?a=1#b replaces itself with the mobile page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    await pageReady(page);
    await page.goto('/listings/42?a=1#b');
    await expect(page).toHaveURL(/\/listings\/42\/mobile\?a=1#b$/);
    await pageReady(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('with an iPhone user agent at desktop width, too', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      userAgent: IPHONE_UA,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/about');
    await pageReady(page);
    await page.goto('/listings/42?a=1#b');
    await expect(page).toHaveURL(/\/listings\/42\/mobile\?a=1#b$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await context.close();
  });

  test('a desktop stays on the desktop page', async ({ page }) => {
    await page.goto('/listings/42?a=1#b');
    await pageReady(page);
    await expect(page).toHaveURL(/\/listings\/42\?a=1#b$/);
  });

  test('following a link on a narrow screen also lands on the mobile page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    await pageReady(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/listings/7?from=link');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/listings\/7\/mobile\?from=link$/);
  });
});

test.describe('home recovery redirect', () => {
  test('/?type=recovery#access_token=x ends on /reset-password with query and hash', async ({
    page,
  }) => {
    await page.goto('/?type=recovery#access_token=x');
    await expect(page).toHaveURL(/\/reset-password\?type=recovery#access_token=x$/);
    await pageReady(page);
  });

  test('/#error_code=otp_expired ends on /reset-password with the hash', async ({ page }) => {
    await page.goto('/#error_code=otp_expired');
    await expect(page).toHaveURL(/\/reset-password#error_code=otp_expired$/);
    await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
  });

  test('home without a marker stays home', async ({ page }) => {
    await page.goto('/?utm_source=test#top');
    await pageReady(page);
    await expect(page).toHaveURL(/\/\?utm_source=test#top$/);
  });
});
