import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 740 } as const;

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
 * The screen as it stands: axe, no sideways scroll, and a full-page screenshot in the test's
 * output folder (looked at by hand before a change lands). JPEG: a long page encodes in 60% of a
 * PNG's time.
 */
export async function checkScreen(page: Page, name: string) {
  await noSidewaysScroll(page, name);
  await expectNoSeriousViolations(page);
  const file = test.info().outputPath(`${name}.jpeg`);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 80 });
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
