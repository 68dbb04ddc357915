import type { Locator, Page } from '@playwright/test';
import { LandlordStatsSchema } from '../src/shared/schemas/billing.ts';
import { LandlordListingsSchema } from '../src/shared/schemas/landlord-listings.ts';
import { ConversationResponseSchema } from '../src/shared/schemas/messaging.ts';
import { SavedListingsSchema } from '../src/shared/schemas/saved-listings.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, pageReady, signInThroughApi, storageStateFor, test } from './fixtures.ts';

const PHONE = { width: 375, height: 740 };

async function unreadTotal(page: Page) {
  const res = await page.request.get('/api/messages/unread-count');
  return ((await res.json()) as { total: number }).total;
}

/** A dashboard tile's figure, as shown. */
function figure(page: Page, testId: string): Locator {
  return page.getByTestId(testId).getByTestId('stat-value');
}

const n = (value: number) => value.toLocaleString('en-US');

test.describe('the landlord dashboard', () => {
  test.use({ storageState: storageStateFor('landlord') });

  test('shows the demo landlord’s real figures, equal to the API’s', async ({ page }) => {
    await page.goto('/landlord/dashboard');
    await pageReady(page);
    const api = LandlordStatsSchema.parse(
      await (await page.request.get('/api/landlord/stats')).json(),
    );
    expect(api.listings.active).toBeGreaterThan(0);
    await expect(figure(page, 'stat-active')).toHaveText(n(api.listings.active));
    await expect(figure(page, 'stat-draft')).toHaveText(n(api.listings.draft));
    await expect(figure(page, 'stat-rented')).toHaveText(n(api.listings.rented));
    await expect(figure(page, 'stat-plan')).toHaveText(
      `${n(api.plan.activeListings)}/${n(api.plan.activeListingLimit)}`,
    );
    for (const metric of ['views', 'saves', 'inquiries'] as const) {
      const chart = page.getByTestId(`chart-${metric}`);
      await expect(chart.getByTestId('total-7')).toHaveText(n(api.totals.last7[metric]));
      await expect(chart.getByTestId('total-30')).toHaveText(n(api.totals.last30[metric]));
      // The figures as a table, for screen readers: one row a day.
      await expect(chart.locator('tbody tr')).toHaveCount(30);
      await expect(chart.locator('canvas')).toHaveCount(1);
    }
    await expect(figure(page, 'stat-unread')).toHaveText(n(await unreadTotal(page)));
    await expect(page.getByText('You have no listings yet')).toHaveCount(0);

    // Each figure leads to where it is managed.
    await page.getByTestId('stat-active').click();
    await expect(page).toHaveURL(/\/landlord\/listings\?status=active$/);
    await expect(page.getByRole('button', { name: /^Live/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('listings-range')).toHaveText(
      `Showing 1–20 of ${n(api.listings.active)}`,
    );
  });

  test('the listing manager pages on the server, searches and filters', async ({ page }) => {
    await page.goto('/landlord/dashboard');
    await pageReady(page);
    await page.getByRole('link', { name: 'Manage listings →' }).click();
    await expect(page).toHaveURL(/\/landlord\/listings$/);
    const all = LandlordListingsSchema.parse(
      await (await page.request.get('/api/landlord/listings')).json(),
    );
    expect(all.total).toBeGreaterThan(20);
    await expect(page.getByTestId('listing-row')).toHaveCount(20);
    // Only the viewport's layout is built, not the phone's cards beside it (decision 066).
    await expect(page.getByTestId('listing-card')).toHaveCount(0);
    await expect(page.getByTestId('listings-range')).toHaveText(`Showing 1–20 of ${n(all.total)}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('listings-range')).toHaveText(`Showing 21–40 of ${n(all.total)}`);

    // Search by the title of a listing on the first page.
    const target = all.items[3];
    if (!target) throw new Error('the demo landlord has listings');
    await page.getByLabel('Search your listings by title or address').fill(target.title);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByRole('row', { name: new RegExp(target.title) }).first()).toBeVisible();
    const found = LandlordListingsSchema.parse(
      await (
        await page.request.get(`/api/landlord/listings?q=${encodeURIComponent(target.title)}`)
      ).json(),
    );
    await expect(page.getByTestId('listing-row')).toHaveCount(Math.min(20, found.total));

    await page.getByRole('button', { name: /^Rented/ }).click();
    await expect(page).toHaveURL(/status=rented/);
    const rented = LandlordListingsSchema.parse(
      await (
        await page.request.get(
          `/api/landlord/listings?status=rented&q=${encodeURIComponent(target.title)}`,
        )
      ).json(),
    );
    if (rented.total === 0) {
      await expect(page.getByText('No listings match')).toBeVisible();
    } else {
      await expect(page.getByTestId('listing-status')).toHaveText(
        Array(Math.min(20, rented.total)).fill('Rented'),
      );
    }
    await expectNoSeriousViolations(page);
  });

  test('on a phone the listing manager is a card list with every figure on screen', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/landlord/listings');
    await pageReady(page);
    const cards = page.getByTestId('listing-card');
    await expect(cards).toHaveCount(20);
    await expect(page.locator('table')).toHaveCount(0);
    const first = cards.first();
    for (const label of ['Views', 'Saves', 'Inquiries']) {
      const box = await first.getByText(label, { exact: true }).boundingBox();
      expect(box, label).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    const edit = first.getByRole('link', { name: /^Edit / });
    const editBox = await edit.boundingBox();
    expect((editBox?.x ?? 0) + (editBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    // Nothing overflows sideways.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolations(page);
    await page.goto('/landlord/dashboard');
    await pageReady(page);
    await expect(figure(page, 'stat-active')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test('a new landlord gets the honest empty state, then sees a renter’s message with its unread count', async ({
  browser,
  baseURL,
  newLandlord,
  newRenter,
}) => {
  const url = baseURL ?? '';
  const landlordContext = await browser.newContext({ baseURL: url });
  const landlord = await landlordContext.newPage();
  await signInThroughApi(landlord, url, newLandlord.email, newLandlord.password);
  await landlord.goto('/landlord/dashboard');
  await expect(landlord.getByText('You have no listings yet')).toBeVisible();
  await expect(landlord.getByText('No conversations yet.', { exact: false })).toBeVisible();

  const renterContext = await browser.newContext({ baseURL: url });
  const renter = await renterContext.newPage();
  await signInThroughApi(renter, url, newRenter.email, newRenter.password);
  const headers = { Origin: new URL(url).origin };
  const created = await renter.request.post('/api/conversations', {
    headers,
    data: { participantId: newLandlord.id },
  });
  const { conversation } = ConversationResponseSchema.parse(await created.json());
  for (const content of ['Hello!', 'Is it still available?']) {
    await renter.request.post(`/api/conversations/${conversation.id}/messages`, {
      headers,
      data: { content, idempotencyKey: crypto.randomUUID() },
    });
  }

  await landlord.reload();
  const item = landlord.getByTestId('dashboard-conversations').getByTestId('conversation-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(newRenter.name);
  await expect(item).toContainText('Is it still available?');
  await expect(item).toContainText('2');
  await expect(figure(landlord, 'stat-unread')).toHaveCount(0); // no listings: no figures row
  await item.click();
  await expect(landlord).toHaveURL(new RegExp(`/chat/${conversation.id}$`));

  // The renter's dashboard lists the same conversation.
  await renter.goto('/renter/dashboard');
  const theirs = renter.getByTestId('dashboard-conversations').getByTestId('conversation-item');
  await expect(theirs).toHaveCount(1);
  await expect(theirs).toContainText(newLandlord.name);
  await expect(figure(renter, 'stat-unread')).toHaveText('0');
  await landlordContext.close();
  await renterContext.close();
});

test.describe('the renter dashboard', () => {
  test.use({ storageState: storageStateFor('renter') });

  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    test(`shows the demo renter’s figures and saved listings, marked (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/renter/dashboard');
      await pageReady(page);
      const saved = SavedListingsSchema.parse(
        await (await page.request.get('/api/saved-listings')).json(),
      ).items;
      expect(saved.length).toBeGreaterThan(0);
      await expect(figure(page, 'stat-saved')).toHaveText(n(saved.length));
      await expect(figure(page, 'stat-unread')).toHaveText(n(await unreadTotal(page)));
      const shown = page.getByTestId('dashboard-saved');
      await expect(shown.getByRole('listitem')).toHaveCount(Math.min(6, saved.length));
      // Only what is shown (the six newest) can be marked.
      const shownSaved = saved.slice(0, 6);
      await expect(shown.getByText('No longer available')).toHaveCount(
        shownSaved.filter((s) => !s.available).length,
      );
      const repriced = shownSaved.filter(
        (s) => s.available && s.savedRentCents !== null && s.savedRentCents !== s.listing.rentCents,
      );
      expect(repriced.length).toBeGreaterThan(0);
      await expect(shown.getByTestId('price-change')).toHaveCount(repriced.length);
      const drop = repriced.find((s) => (s.listing.rentCents ?? 0) < (s.savedRentCents ?? 0));
      if (drop) {
        const dollars = ((drop.savedRentCents ?? 0) - (drop.listing.rentCents ?? 0)) / 100;
        await expect(
          shown.getByText(`Price dropped $${n(dollars)} since you saved it`),
        ).toBeVisible();
      }
      await expectNoSeriousViolations(page);
    });
  }
});

test.describe('the admin’s dashboard', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('is the moderation console (issue 15)', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Reports/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
