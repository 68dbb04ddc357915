import type { Page, Route } from '@playwright/test';
import { LandlordStatsSchema, RenterDashboardSchema } from '../src/shared/schemas/billing.ts';
import { ListingPageSchema } from '../src/shared/schemas/listing-responses.ts';
import { SavedListingsSchema } from '../src/shared/schemas/saved-listings.ts';
import {
  boostFixture,
  INVOICE_ID,
  invoiceFixture,
  invoiceSummaryFixture,
  landlordProfileFixture,
  landlordStatsFixture,
  plansFixture,
  subscriptionFixture,
} from '../src/web/testing/billing-fixtures.ts';
import { expect, pageReady, storageStateFor, test } from './fixtures.ts';
import { checkBothWidths, keepScreenshot } from './screens.ts';

/*
 * Issue 14's screens on fixture answers (`page.route`), at 1280 px and at 375 px (one load, resized):
 * what each shows, axe, no sideways scroll, and a screenshot of each in the test's output folder.
 * The fixtures are parsed by the shared schemas, so they are the contract's shapes.
 */

/** Answers the issue-14 endpoints from fixtures; every other request goes to the real server. */
async function mockIssue14(page: Page, answers: Record<string, unknown>) {
  await page.route('**/api/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const key = `${route.request().method()} ${url.pathname}`;
    if (key in answers) {
      await route.fulfill({ json: answers[key] });
      return;
    }
    await route.fallback();
  });
}

const LANDLORD_ANSWERS = {
  'GET /api/billing/plans': plansFixture(),
  'GET /api/billing/subscription': subscriptionFixture(),
  'GET /api/billing/invoices': {
    items: [
      invoiceSummaryFixture(),
      invoiceSummaryFixture({
        id: '00000000-0000-4000-8000-0000000000c2',
        number: 'STOOP-2026-000098',
        periodStart: '2026-10-01T04:00:00.000Z',
        periodEnd: '2026-11-01T04:00:00.000Z',
        totalCents: 2_900,
        issuedAt: '2026-10-01T04:05:00.000Z',
        paidAt: '2026-10-01T04:05:03.000Z',
      }),
    ],
  },
  [`GET /api/billing/invoices/${INVOICE_ID}`]: invoiceFixture(),
  'GET /api/billing/boosts': { items: [boostFixture()] },
  'GET /api/landlord/stats': landlordStatsFixture(),
  'GET /api/landlord/profile': landlordProfileFixture(),
};

test.describe('issue 14 landlord screens', () => {
  test.use({ storageState: storageStateFor('landlord') });

  test('billing, checkout, invoice, profile and dashboard', async ({ page }) => {
    await mockIssue14(page, LANDLORD_ANSWERS);

    await page.goto('/landlord/billing');
    await pageReady(page);
    await checkBothWidths(page, 'billing', async () => {
      await expect(page.getByTestId('test-mode')).toHaveText('Test mode — no real charges');
      await expect(page.getByTestId('plan-usage')).toHaveText('3 of 10 active listings');
      await expect(page.getByTestId('plan-pro')).toContainText('Upgrade to Pro');
      await expect(page.getByTestId('invoice-table')).toContainText('STOOP-2026-000123');
      await expect(page.getByTestId('active-boosts')).toContainText('Featured until');
    });

    await page.goto('/landlord/billing/checkout?plan=pro');
    await pageReady(page);
    await checkBothWidths(page, 'checkout', async () => {
      await expect(page.getByLabel('Card number')).toBeVisible();
      await expect(page.locator('code', { hasText: '4000 0000 0000 9995' })).toBeVisible();
    });

    await page.goto(`/landlord/billing/invoices/${INVOICE_ID}`);
    await checkBothWidths(page, 'invoice', async () => {
      await expect(page.getByRole('heading', { name: 'Invoice STOOP-2026-000123' })).toBeVisible();
      await expect(page.getByTestId('invoice-total')).toHaveText('$49.34');
    });
    // On paper: the invoice alone, no navigation bar, footer or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('invoice')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
    await expect(page.getByRole('navigation').first()).toBeHidden();
    await keepScreenshot(page, {
      path: test.info().outputPath('invoice-print.png'),
      fullPage: true,
    });
    await page.emulateMedia({ media: 'screen' });

    await page.goto('/landlord/profile');
    await pageReady(page);
    await checkBothWidths(page, 'profile', async () => {
      await expect(page.getByLabel('Name renters see')).toHaveValue('Park Slope Rentals');
      await expect(page.getByTestId('landlord-card')).toContainText(
        'Usually replies within 42 minutes',
      );
    });

    await page.goto('/landlord/dashboard');
    await pageReady(page);
    await checkBothWidths(page, 'landlord-dashboard', async () => {
      await expect(page.getByTestId('stat-plan').getByTestId('stat-value')).toHaveText('3/10');
      await expect(page.getByTestId('chart-views').locator('canvas')).toHaveCount(1);
      await expect(page.getByTestId('chart-views').locator('tbody tr')).toHaveCount(30);
    });
  });
});

test.describe('issue 14 renter dashboard', () => {
  test.use({ storageState: storageStateFor('renter') });

  test('similar listings and price drops', async ({ page }) => {
    const saved = SavedListingsSchema.parse(
      await (await page.request.get('/api/saved-listings')).json(),
    ).items;
    const similar = ListingPageSchema.parse(
      await (await page.request.get('/api/listings?limit=3')).json(),
    ).items;
    const dashboard = RenterDashboardSchema.parse({
      saved: {
        total: saved.length,
        items: saved.slice(0, 6),
        priceDrops: 2,
        noLongerAvailable: saved.filter((s) => !s.available).length,
      },
      upcomingTours: [],
      conversations: { unreadTotal: 0, items: [] },
      similar,
    });
    await mockIssue14(page, { 'GET /api/renter/dashboard': dashboard });
    await page.goto('/renter/dashboard');
    await pageReady(page);
    await checkBothWidths(page, 'renter-dashboard', async () => {
      await expect(page.getByTestId('stat-saved')).toContainText('2 price drops');
      await expect(page.getByTestId('dashboard-similar').getByRole('listitem')).toHaveCount(
        similar.length,
      );
    });
  });
});

/*
 * The same three screens on the demo data (no `page.route`): what the server answers is what the
 * page shows, the figures agree with the API, and a screenshot of each for a human look.
 */
test.describe('issue 14 screens on the demo data', () => {
  test.describe('landlord', () => {
    test.use({ storageState: storageStateFor('landlord') });

    test('dashboard and billing', async ({ page }) => {
      const stats = LandlordStatsSchema.parse(
        await (await page.request.get('/api/landlord/stats')).json(),
      );

      await page.goto('/landlord/dashboard');
      await pageReady(page);
      const value = (id: string) => page.getByTestId(id).getByTestId('stat-value');
      const views = page.getByTestId('chart-views');
      await checkBothWidths(page, 'real-landlord-dashboard', async () => {
        await expect(value('stat-active')).toHaveText(String(stats.listings.active));
        await expect(value('stat-draft')).toHaveText(String(stats.listings.draft));
        await expect(value('stat-plan')).toHaveText(
          `${stats.plan.activeListings}/${stats.plan.activeListingLimit}`,
        );
        await expect(views.getByTestId('total-7')).toHaveText(
          stats.totals.last7.views.toLocaleString('en-US'),
        );
        await expect(views.locator('canvas')).toHaveCount(1);
      });

      await page.goto('/landlord/billing');
      await pageReady(page);
      await checkBothWidths(page, 'real-billing', async () => {
        await expect(page.getByTestId('plan-usage')).toContainText(
          `${stats.plan.activeListings} of ${stats.plan.activeListingLimit} active listings`,
        );
      });
    });
  });

  test.describe('renter', () => {
    test.use({ storageState: storageStateFor('renter') });

    test('dashboard', async ({ page }) => {
      const dashboard = RenterDashboardSchema.parse(
        await (await page.request.get('/api/renter/dashboard')).json(),
      );
      await page.goto('/renter/dashboard');
      await pageReady(page);
      await checkBothWidths(page, 'real-renter-dashboard', async () => {
        await expect(page.getByTestId('stat-saved').getByTestId('stat-value')).toHaveText(
          String(dashboard.saved.total),
        );
        await expect(page.getByTestId('dashboard-similar').getByRole('listitem')).toHaveCount(
          dashboard.similar.length,
        );
      });
    });
  });
});
