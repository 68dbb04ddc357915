/*
 * One unmeasured visit of each page in a browser before Lighthouse measures it: every API request
 * the page makes then finds the server's code compiled and PostgreSQL's caches filled, as on a
 * server that has been up for a while. On this 2-core machine a cold server's first answers
 * compete with the page for the CPU and the first run of a page scored lowest (decision 066).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../../e2e/chromium.ts';

export type WarmUpVisit = { url: string; cookie?: string };

/** Loads each URL once, at Lighthouse's phone size, until its requests have settled. */
export async function warmUp(visits: readonly WarmUpVisit[]): Promise<void> {
  const browser = await chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    for (const visit of visits) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        extraHTTPHeaders: visit.cookie ? { cookie: visit.cookie } : {},
      });
      const page = await context.newPage();
      // A page's live-event stream stays open: settled is "no other request for 500 ms".
      await page.goto(visit.url, { waitUntil: 'networkidle', timeout: 20_000 }).catch(() => {});
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
