import type { Request } from '@playwright/test';
import { expect, type Role, storageStateFor, test } from './fixtures.ts';

/*
 * Issue 30, decision 062: a signed-in screen's first load asks each of its API reads once. The
 * live stream resumes from the event id `/api/session` answered with, so it starts without a
 * `ready` that would ask every read again; and no card asks again what its screen just asked.
 */
const SCREENS: ReadonlyArray<{ path: string; as: Role; settled: string; title: string }> = [
  {
    path: '/renter/dashboard',
    as: 'renter',
    settled: 'Saved listings',
    title: 'Your dashboard · Stoop',
  },
  {
    path: '/landlord/dashboard',
    as: 'landlord',
    settled: 'Your listings',
    title: 'Landlord dashboard · Stoop',
  },
  {
    path: '/landlord/billing',
    as: 'landlord',
    settled: 'Featured listings',
    title: 'Billing · Stoop',
  },
];

for (const screen of SCREENS) {
  test(`${screen.path} asks each API read once on its first load`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      storageState: storageStateFor(screen.as),
    });
    const page = await context.newPage();
    const reads: string[] = [];
    const streams: Request[] = [];
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/api/') || request.method() !== 'GET') return;
      if (url.pathname === '/api/events') streams.push(request);
      else reads.push(`${url.pathname}${url.search}`);
    });
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { name: screen.settled }).first()).toBeVisible();
    // The page's own title, set by the page (decision 064), not index.html's.
    await expect(page).toHaveTitle(screen.title);
    // The stream is open, and whatever its start would set off has had time to be asked.
    await expect.poll(() => streams.length).toBe(1);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);

    expect(new URL(streams[0]?.url() ?? '').searchParams.get('lastEventId')).toMatch(/^\d+$/);
    const asked = new Map<string, number>();
    for (const read of reads) asked.set(read, (asked.get(read) ?? 0) + 1);
    const repeated = [...asked].filter(([, times]) => times > 1);
    expect(repeated, `asked more than once: ${JSON.stringify(repeated)}`).toEqual([]);
    expect(reads).toContain('/api/session');
    // ICU's date data loads in a worker at start-up, not in the page's first date (decision 065).
    expect(workers.some((worker) => /\/assets\/warm-intl\.worker-[\w-]+\.js$/.test(worker))).toBe(
      true,
    );
    await context.close();
  });
}
