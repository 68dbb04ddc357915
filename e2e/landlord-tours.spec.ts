import type { APIRequestContext, Page } from '@playwright/test';
import {
  AvailabilitySchema,
  SlotsResponseSchema,
  TourSchema,
  ToursResponseSchema,
  WaitlistEntrySchema,
  WEEKDAYS,
} from '../src/shared/schemas/tours.ts';
import { createUser, expect, pageReady, storageStateFor, test } from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';
import { checkBothWidths } from './screens.ts';

/** A signed-in landlord with one live listing. */
async function landlordWithListing(page: Page, baseURL: string) {
  await createUser(page.request, baseURL, 'landlord');
  const listingId = await publishListing(page.request, baseURL, { title: 'Tour test 2BR' });
  return listingId;
}

/** Open every day (all day by default), so slots exist whatever the hour of the run. */
async function openAllDays(
  request: APIRequestContext,
  baseURL: string,
  mode: 'instant' | 'request',
  hours = { start: '00:00', end: '24:00' },
) {
  const weeklyHours = Object.fromEntries(WEEKDAYS.map((day) => [day, [hours]]));
  const response = await request.put('/api/landlord/availability', {
    headers: origin(baseURL),
    data: { weeklyHours, tourDefaults: { mode } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return AvailabilitySchema.parse(await response.json());
}

async function firstSlot(request: APIRequestContext, listingId: string) {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  const response = await request.get(`/api/listings/${listingId}/tour-slots?from=${from}&to=${to}`);
  const { slots } = SlotsResponseSchema.parse(await response.json());
  const slot = slots[0];
  if (!slot) throw new Error('no slot');
  return slot;
}

// One journey at desktop width; each screen it reaches is also checked at 375 px.
test.describe('landlord tour screens', () => {
  test('a landlord sets weekly hours and sees the slots renters will see', async ({
    page,
    baseURL,
  }) => {
    // axe over seven days of hour pickers takes a while on a busy 2-core machine.
    test.slow();
    const url = baseURL ?? '';
    await landlordWithListing(page, url);
    await page.goto('/landlord/availability');
    await pageReady(page);
    const preview = page.getByTestId('slot-preview');
    const saveState = page.getByTestId('save-state');
    await expect(saveState).toHaveText('All changes saved');

    // Every weekday 9 to 5, Monday's hours copied to the rest of the week.
    await page.getByTestId('weekday-monday').getByRole('switch').check();
    await expect(saveState).toHaveText('Unsaved changes');
    await expect(preview.getByText('You have unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
    await page.getByTestId('weekday-saturday').getByRole('switch').check();
    await page.getByTestId('weekday-sunday').getByRole('switch').check();
    await checkBothWidths(page, 'availability-edited');

    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(saveState).toHaveText('All changes saved');
    await expect(preview.getByText('Up to date with your saved settings.')).toBeVisible();
    await expect(preview.getByTestId('preview-slot').first()).toBeVisible();
    await expect(preview.getByTestId('preview-count')).toHaveText(/^\d+ open slots?\.$/);

    const saved = AvailabilitySchema.parse(
      await (await page.request.get('/api/landlord/availability')).json(),
    );
    for (const day of WEEKDAYS)
      expect(saved.weeklyHours[day]).toEqual([{ start: '09:00', end: '17:00' }]);
    await checkBothWidths(page, 'availability-saved');
  });

  test('a landlord confirms a requested tour', async ({ page, baseURL, browser }) => {
    const url = baseURL ?? '';
    const listingId = await landlordWithListing(page, url);
    await openAllDays(page.request, url, 'request');

    // The landlord's screen is open before the renter books: the request arrives live.
    await page.goto('/landlord/tours');
    await pageReady(page);
    await expect(page.getByRole('heading', { name: 'No tours this week' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Check your hours' })).toBeVisible();
    await expect(page.getByTestId('tour-requests')).toHaveCount(0);
    await checkBothWidths(page, 'tours-empty');

    const renterContext = await browser.newContext({ baseURL: url });
    const renter = renterContext.request;
    const renterUser = await createUser(renter, url, 'renter');
    const slot = await firstSlot(renter, listingId);
    const booked = await renter.post('/api/tours', {
      headers: origin(url),
      data: {
        listingId,
        start: slot.start,
        type: 'in_person',
        note: 'Is the laundry in the building?',
        idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const tour = TourSchema.parse(await booked.json());
    expect(tour.status).toBe('requested');

    const requests = page.getByTestId('tour-requests');
    await expect(requests.getByRole('heading', { name: /Requests to answer \(1\)/ })).toBeVisible();
    await expect(requests.getByText(renterUser.name)).toBeVisible();
    await expect(requests.getByText('Is the laundry in the building?')).toBeVisible();
    await checkBothWidths(page, 'tours-request');

    await requests.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Tour confirmed. The renter has been told.')).toBeVisible();
    await expect(requests).toHaveCount(0);
    const mine = ToursResponseSchema.parse(await (await page.request.get('/api/tours')).json());
    expect(mine.items.find((t) => t.id === tour.id)?.status).toBe('confirmed');

    // The confirmed tour is on its day, in the listing's time.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: tour.timeZone }).format(
      new Date(tour.start),
    );
    await page.goto(`/landlord/tours?view=day&date=${day}`);
    const card = page.getByTestId('landlord-tour').filter({ hasText: renterUser.name });
    await expect(card.getByTestId('tour-status')).toHaveText('Confirmed');
    await expect(card.getByRole('button', { name: 'Cancel tour' })).toBeVisible();
    await checkBothWidths(page, 'tours-day');
    await renterContext.close();
  });

  test('the waitlist screen shows the queue and offers a slot by hand', async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow();
    const url = baseURL ?? '';
    const listingId = await landlordWithListing(page, url);
    // Mornings only: a short list of slots to pick from.
    await openAllDays(page.request, url, 'instant', { start: '09:00', end: '11:00' });

    const renterContext = await browser.newContext({ baseURL: url });
    const renterUser = await createUser(renterContext.request, url, 'renter');
    const joined = await renterContext.request.post(`/api/listings/${listingId}/waitlist`, {
      headers: origin(url),
      data: { preferences: { days: ['saturday', 'sunday'], times: ['morning'], types: [] } },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    const entry = WaitlistEntrySchema.parse(await joined.json());

    await page.goto('/landlord/waitlist');
    await pageReady(page);
    const queue = page.getByTestId('waitlist-queue').filter({ hasText: 'Tour test 2BR' });
    const row = queue.getByTestId('waitlist-entry').filter({ hasText: renterUser.name });
    await expect(row).toContainText('Position 1');
    await expect(row).toContainText('Sat, Sun · Mornings');
    await expect(queue.getByRole('switch')).toBeChecked();
    await checkBothWidths(page, 'waitlist');

    await row.getByRole('button', { name: `Offer ${renterUser.name} a slot` }).click();
    const choice = row
      .locator('label')
      .filter({ has: page.locator('input[type="radio"]') })
      .first();
    await choice.click();
    await checkBothWidths(page, 'waitlist-offer');
    await row.getByRole('button', { name: 'Send offer' }).click();
    await expect(page.getByText(`Slot offered to ${renterUser.name}.`)).toBeVisible();
    await expect(row).toContainText(/Offered .*, held until /);

    const mine = await renterContext.request.get('/api/waitlist');
    const items = (await mine.json()) as { items: Array<{ id: string; status: string }> };
    expect(items.items.find((i) => i.id === entry.id)?.status).toBe('offered');
    await renterContext.close();
  });

  test('the dashboard card lists the next tours and the requests to answer', async ({
    page,
    baseURL,
    browser,
  }) => {
    const url = baseURL ?? '';
    const listingId = await landlordWithListing(page, url);
    await page.goto('/landlord/dashboard');
    await pageReady(page);
    const card = page.getByTestId('upcoming-tours');
    await expect(card).toContainText('No upcoming tours.');

    await openAllDays(page.request, url, 'request');
    const renterContext = await browser.newContext({ baseURL: url });
    const renterUser = await createUser(renterContext.request, url, 'renter');
    const slot = await firstSlot(renterContext.request, listingId);
    const booked = await renterContext.request.post('/api/tours', {
      headers: origin(url),
      data: {
        listingId,
        start: slot.start,
        type: 'video',
        idempotencyKey: `e2e-dash-${Date.now()}`,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await page.reload();
    await expect(card.getByTestId('upcoming-count')).toHaveText('1');
    await expect(card.getByTestId('pending-requests')).toHaveText('1 request to answer');
    await expect(card).toContainText(renterUser.name);
    await checkBothWidths(page, 'dashboard');
    await card.getByRole('link', { name: 'Answer requests →' }).click();
    await expect(page).toHaveURL(/\/landlord\/tours$/);
    await renterContext.close();
  });
});

test.describe("the demo landlord's tour screens", () => {
  test.use({ storageState: storageStateFor('landlord') });

  test('the tours screen shows the seeded requests and agenda', async ({ page }) => {
    await page.goto('/landlord/tours');
    await pageReady(page);
    await expect(
      page.getByTestId('tour-requests').getByTestId('landlord-tour').first(),
    ).toBeVisible();
    await expect(page.getByTestId('agenda')).toBeVisible();
    await checkBothWidths(page, 'demo-tours');
  });

  test('the waitlist, hours and dashboard card show the demo data', async ({ page }) => {
    test.slow();
    await page.goto('/landlord/waitlist');
    await pageReady(page);
    await expect(page.getByTestId('waitlist-total')).toBeVisible();
    await checkBothWidths(page, 'demo-waitlist');

    await page.goto('/landlord/availability');
    await pageReady(page);
    await expect(page.getByTestId('save-state')).toHaveText('All changes saved');
    await expect(page.getByTestId('slot-preview').getByTestId('preview-count')).toBeVisible();
    await checkBothWidths(page, 'demo-availability');

    await page.goto('/landlord/dashboard');
    await pageReady(page);
    await expect(page.getByTestId('upcoming-tours').getByTestId('pending-requests')).toBeVisible();
    await checkBothWidths(page, 'demo-dashboard');
  });
});
