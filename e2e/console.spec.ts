import type { ConsoleMessage, Page } from '@playwright/test';
import { demoListingId, expect, pageReady, test } from './fixtures.ts';
import { ROUTES } from './routes.ts';

/**
 * Issue 11 item 15: a visitor's page loads log no console error. Before, every signed-out load
 * logged the failed `GET /api/me` (401); the app now asks `GET /api/session`, 200 for visitors.
 */

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') {
      errors.push(`${message.text()} (${message.location().url || 'no url'})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

test('signed out, the public pages log no console error', async ({ page }) => {
  test.setTimeout(300_000);
  const id = await demoListingId(page.request);
  const urls = [
    ...ROUTES.filter((route) => route.access === 'public').map((route) => route.url),
    `/listings/${id}`,
    `/simple-listing/${id}`,
  ];
  const errors = collectErrors(page);
  const sessionAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/session') sessionAnswers.push(response.status());
  });
  for (const url of urls) {
    await page.goto(url);
    await pageReady(page);
    // The start-up "who am I" request has been answered before the check.
    await expect.poll(() => sessionAnswers.length).toBeGreaterThan(0);
    expect(errors, `after ${url}`).toEqual([]);
    sessionAnswers.length = 0;
  }
});
