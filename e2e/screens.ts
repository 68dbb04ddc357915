import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  type Locator,
  type Page,
  type PageScreenshotOptions,
  test,
} from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 740 } as const;

/**
 * Screenshots are for a person to look at before a change lands (`STOOP_SCREENSHOTS=1 npm run
 * test:e2e`); no test compares them. `npm test` skips taking them: a full-page capture is the
 * browser laying out and painting the whole page again, 0.3–1 s each on two cores (decision 056).
 */
export const SCREENSHOTS = process.env.STOOP_SCREENSHOTS === '1';

export async function keepScreenshot(target: Page | Locator, options: PageScreenshotOptions) {
  if (!SCREENSHOTS) return;
  if (options.path) mkdirSync(path.dirname(options.path), { recursive: true });
  await target.screenshot(options);
}

/** Nothing may stick out sideways: a phone would scroll the whole page. */
export async function noSidewaysScroll(page: Page, name = page.url()) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} is wider than the window`).toBeLessThanOrEqual(0);
}

/** Two animation frames: a media-query listener has re-rendered after a resize. */
async function settled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * The screen as it stands: axe, no sideways scroll, and (STOOP_SCREENSHOTS=1) a full-page
 * screenshot in the test's output folder. JPEG: a long page encodes in 60% of a PNG's time.
 */
export async function checkScreen(page: Page, name: string) {
  await noSidewaysScroll(page, name);
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, {
    path: test.info().outputPath(`${name}.jpeg`),
    fullPage: true,
    type: 'jpeg',
    quality: 80,
  });
}

/**
 * The screen at the page's width, then at 375 px without a reload, then back; `shows` (what the
 * screen must show) is asserted at both. Journeys whose flow is the same on a phone run once, at
 * desktop width, and every screen they reach gets the phone's checks here (decision 050); where
 * the flow differs a phone journey runs on its own.
 */
export async function checkBothWidths(page: Page, name: string, shows?: () => Promise<void>) {
  const size = page.viewportSize() ?? DESKTOP;
  await shows?.();
  await checkScreen(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await settled(page);
  await shows?.();
  await checkScreen(page, `${name}-phone`);
  await page.setViewportSize(size);
  await settled(page);
}
