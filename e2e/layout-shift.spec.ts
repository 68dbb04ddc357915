import type { Page } from '@playwright/test';
import { expect, type Role, storageStateFor, test } from './fixtures.ts';

/*
 * Issue 30: the signed-in screens whose cards filled in one by one, each pushing the ones below
 * it down (Lighthouse CLS 0.09 to 0.56 on a phone), now show one loading state and then the whole
 * screen. The browser's own layout-shift entries are summed from the first paint until the page
 * has settled, as Lighthouse does, and held to its budget (0.02).
 */
const CLS_BUDGET = 0.02;

const SCREENS: ReadonlyArray<{ path: string; as: Role; settled: string }> = [
  { path: '/renter/dashboard', as: 'renter', settled: 'Saved listings' },
  { path: '/tours', as: 'renter', settled: 'Past and cancelled' },
  { path: '/landlord/tours', as: 'landlord', settled: 'Tours' },
  // Their lower parts render after the upper ones have painted (decision 068).
  { path: '/landlord/dashboard', as: 'landlord', settled: 'Manage' },
  { path: '/landlord/availability', as: 'landlord', settled: 'Tour defaults' },
  { path: '/landlord/billing', as: 'landlord', settled: 'Invoices' },
  { path: '/landlord/profile', as: 'landlord', settled: 'Change password' },
  { path: '/admin', as: 'admin', settled: 'Moderation' },
];

/** Sums every layout shift not caused by input, from before the page's first script runs. */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const holder = window as unknown as { __layoutShift: number };
    holder.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) holder.__layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

// At 375 px, where Lighthouse measures (a phone) and where the cards stack, so a shift is largest.
for (const width of [375]) {
  test.describe(`at ${width} px`, () => {
    for (const screen of SCREENS) {
      test(`${screen.path} does not shift while it loads`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({
          baseURL,
          storageState: storageStateFor(screen.as),
          viewport: { width, height: 812 },
        });
        const page = await context.newPage();
        await observeShifts(page);
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { name: screen.settled }).first()).toBeVisible();
        // Every request of the first screen answered, and a frame drawn after the last of them.
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        const shift = await page.evaluate(
          () => (window as unknown as { __layoutShift: number }).__layoutShift,
        );
        expect(shift, `${screen.path} shifted by ${shift.toFixed(3)}`).toBeLessThanOrEqual(
          CLS_BUDGET,
        );
        await context.close();
      });
    }
  });
}
