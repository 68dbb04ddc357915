import type { APIRequestContext, Page } from '@playwright/test';
import { TourSchema, WaitlistResponseSchema } from '../src/shared/schemas/tours.ts';
import { expectNoSeriousViolations } from './axe.ts';
import {
  expect as baseExpect,
  signInThroughApi,
  type TestUser,
  test,
  trackAccount,
} from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';
import { checkBothWidths, keepScreenshot } from './screens.ts';

// Conditions, not wall time: on a loaded 2-core machine a first page load can take 20 s+.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const NY = 'America/New_York';
const ALL_DAY = [{ start: '00:00', end: '24:00' }];
const EVERY_DAY = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
    d,
    ALL_DAY,
  ]),
);

/** A local date in New York, `days` from today. */
function nyDate(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: NY }).format(at);
}

/** Signs `landlord` in on a fresh request context, sets their hours, publishes a listing. */
async function landlordWithListing(
  request: APIRequestContext,
  baseURL: string,
  landlord: TestUser,
  availability: Record<string, unknown>,
  title: string,
) {
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: landlord.email, password: landlord.password },
    headers: origin(baseURL),
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const put = await request.put('/api/landlord/availability', {
    headers: origin(baseURL),
    data: { timeZone: NY, ...availability },
  });
  expect(put.status(), await put.text()).toBe(200);
  return publishListing(request, baseURL, { title });
}

async function openBooking(page: Page, listingId: string) {
  await page.goto(`/listings/${listingId}`);
  const heading = page.getByRole('heading', { name: 'Book a tour' });
  await heading.scrollIntoViewIfNeeded();
  return page.locator('#book-tour');
}

// One journey at desktop width; each screen it reaches is also checked at 375 px.
const name = 'desktop';
test.describe(name, () => {
  test('a renter books from the listing page, sees it in /tours, downloads the .ics and cancels', async ({
    page,
    playwright,
    baseURL: base,
    newLandlord,
    newRenter,
  }) => {
    const baseURL = base ?? '';
    const landlordApi = await playwright.request.newContext({ baseURL });
    const listingId = await landlordWithListing(
      landlordApi,
      baseURL,
      newLandlord,
      {
        weeklyHours: EVERY_DAY,
        tourDefaults: { minNoticeMinutes: 0, cancelCutoffMinutes: 0, mode: 'instant' },
      },
      `Tour test ${name}`,
    );
    await signInThroughApi(page, baseURL, newRenter.email, newRenter.password);

    const section = await openBooking(page, listingId);
    await expect(section.getByText(/Times in New York time \((EST|EDT)\)/)).toBeVisible();
    await expect(section.locator('button[data-date][aria-pressed="true"]')).toBeVisible();
    await checkBothWidths(page, 'tours-booking');

    // The last day of the strip: far enough ahead for any cut-off.
    await section.locator('button[data-date]:not([disabled])').last().click();
    const time = section.getByRole('list', { name: 'Tour times' }).getByRole('button').first();
    const timeText = (await time.textContent()) ?? '';
    await time.click();
    await expect(section.getByRole('button', { name: 'Confirm tour' })).toBeVisible();
    await section.getByRole('radio', { name: /^Video/ }).check();
    await section.getByLabel('Note for the landlord (optional)').fill('Coming with my partner.');
    await expect(section.getByText('23/500 characters')).toBeVisible();
    await checkBothWidths(page, 'tours-confirm');

    await section.getByRole('button', { name: 'Confirm tour' }).click();
    await expect(section.getByRole('heading', { name: /^Tour confirmed for / })).toContainText(
      timeText.trim(),
    );
    await expect(section.getByRole('link', { name: 'Add to calendar' })).toBeVisible();

    await section.getByRole('link', { name: 'See your tours' }).click();
    await expect(page).toHaveURL(/\/tours$/);
    const card = page
      .getByRole('region', { name: 'Upcoming' })
      .getByTestId('renter-tour')
      .filter({ hasText: `Tour test ${name}` });
    await expect(card).toContainText('Confirmed');
    await expect(card).toContainText('Video');
    await expect(card).toContainText('Your note: Coming with my partner.');
    await checkBothWidths(page, 'tours-page');

    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Add to calendar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(ics).toString('utf8');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('BEGIN:VEVENT');

    // The renter dashboard's card shows it, linking to /tours.
    await page.goto('/renter/dashboard');
    await expect(page.getByTestId('dashboard-tours')).toContainText(`Tour test ${name}`);
    await checkBothWidths(page, 'tours-dashboard');
    await page
      .getByTestId('dashboard-tours')
      .getByRole('link', { name: /Your tours/ })
      .click();

    // Move it to the first free time; the old one shows as moved.
    await card.getByRole('button', { name: 'Reschedule' }).click();
    await card.getByRole('list', { name: 'Tour times' }).getByRole('button').first().click();
    await card.getByRole('button', { name: 'Move tour' }).click();
    await expect(page.getByText(/^Tour moved to /)).toBeVisible();
    await expect(page.getByTestId('renter-tour').filter({ hasText: 'Moved' })).toHaveCount(1);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Confirmed');

    await card.getByRole('button', { name: 'Cancel tour' }).click();
    await card.getByLabel(/Reason/).fill('Found a place.');
    await card.getByRole('button', { name: 'Cancel tour' }).last().click();
    await expect(page.getByText('Tour cancelled.')).toBeVisible();
    const past = page.getByTestId('renter-tour').filter({ hasText: 'Cancelled by you' });
    await expect(past).toContainText(`Tour test ${name}`);
    await expect(past).toContainText('Reason: Found a place.');
    await landlordApi.dispose();
  });
});

test('a waitlisted renter sees the offer when a slot frees up, and books it', async ({
  page,
  playwright,
  baseURL: base,
  newLandlord,
  newRenter,
}) => {
  // One 20-minute slot: tomorrow 12:00 New York, by an override on an otherwise closed week.
  const baseURL = base ?? '';
  const tomorrow = nyDate(1);
  const landlordApi = await playwright.request.newContext({ baseURL });
  const listingId = await landlordWithListing(
    landlordApi,
    baseURL,
    newLandlord,
    {
      weeklyHours: {},
      overrides: [{ date: tomorrow, ranges: [{ start: '12:00', end: '12:20' }] }],
      vacations: [],
      tourDefaults: { lengthMinutes: 20, intervalMinutes: 20, capacity: 1, mode: 'instant' },
    },
    'Waitlist test',
  );
  // Another renter takes the only slot.
  const other = await playwright.request.newContext({ baseURL });
  const otherEmail = trackAccount({
    email: `e2e-other-${Date.now()}@stoop.test`,
    password: 'pw-other-renter',
  }).email;
  const otherUser = await other.post('/api/auth/sign-up/email', {
    data: {
      email: otherEmail,
      password: 'pw-other-renter',
      name: 'Otto Other',
      userType: 'renter',
    },
    headers: origin(baseURL),
  });
  expect(otherUser.status(), await otherUser.text()).toBe(200);
  const slots = await other.get(
    `/api/listings/${listingId}/tour-slots?from=${tomorrow}&to=${tomorrow}`,
  );
  const { slots: free } = (await slots.json()) as { slots: Array<{ start: string }> };
  expect(free).toHaveLength(1);
  const booked = await other.post('/api/tours', {
    headers: origin(baseURL),
    data: {
      listingId,
      start: free[0]?.start,
      type: 'in_person',
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const tour = TourSchema.parse(await booked.json());

  // Our renter finds nothing free and joins the waitlist from the listing page.
  await signInThroughApi(page, baseURL, newRenter.email, newRenter.password);
  const section = await openBooking(page, listingId);
  await expect(section.getByText('There are no tour times open right now.')).toBeVisible();
  await keepScreenshot(section, { path: 'test-results/tours-waitlist-join-desktop.png' });
  await section.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(section.getByText('You are #1 on the waitlist.')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/renter/dashboard');
  await expect(page.getByTestId('dashboard-tours')).toContainText('No tours booked.');
  await page.goto('/tours');
  await expect(page.getByTestId('waitlist-entry')).toContainText('You are #1 on the waitlist.');

  // The slot frees up: the first in line gets it held for them (live, or on the next look).
  const cancelled = await other.post(`/api/tours/${tour.id}/cancel`, {
    headers: origin(baseURL),
    data: {},
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const mine = await page.request.get('/api/waitlist');
        return WaitlistResponseSchema.parse(await mine.json()).items[0]?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('offered');
  // The dashboard's card shows the held slot and leads to /tours to book it.
  await page.goto('/renter/dashboard');
  const held = page.getByTestId('dashboard-tours');
  await expect(held).toContainText('A slot is held for you until');
  await held.getByRole('link', { name: 'Book it' }).click();
  await expect(page).toHaveURL(/\/tours$/);
  const entry = page.getByTestId('waitlist-entry');
  await expect(entry).toContainText('A slot is held for you until', { timeout: 45_000 });
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, {
    path: 'test-results/tours-waitlist-offer-desktop.png',
    fullPage: true,
  });
  await entry.getByRole('button', { name: 'Book it' }).click();
  await expect(page.getByText(/^Tour confirmed for /)).toBeVisible();
  await expect(page.getByTestId('renter-tour').filter({ hasText: 'Waitlist test' })).toContainText(
    'Confirmed',
  );
  await landlordApi.dispose();
  await other.dispose();
});

test('a visitor picks a time, signs in and comes back to confirm it; the owner sees no booking', async ({
  page,
  browser,
  playwright,
  baseURL: base,
  newLandlord,
  newRenter,
}) => {
  const baseURL = base ?? '';
  const landlordApi = await playwright.request.newContext({ baseURL });
  const listingId = await landlordWithListing(
    landlordApi,
    baseURL,
    newLandlord,
    { weeklyHours: EVERY_DAY, tourDefaults: { minNoticeMinutes: 0 } },
    'Visitor test',
  );
  const section = await openBooking(page, listingId);
  await section.getByRole('list', { name: 'Tour times' }).getByRole('button').first().click();
  await expect(
    section.getByText(/^Sign in to book .+ You will come back here to confirm\.$/),
  ).toBeVisible();
  await section.getByRole('link', { name: 'Sign in to book' }).click();
  await page.getByLabel('Email').fill(newRenter.email);
  await page.getByLabel('Password', { exact: true }).fill(newRenter.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back on the listing, on the time they chose, to confirm it.
  await expect(page).toHaveURL(new RegExp(`/listings/${listingId}#book-tour$`));
  const back = page.locator('#book-tour');
  await back.getByRole('button', { name: 'Confirm tour' }).click();
  await expect(back.getByRole('heading', { name: /^Tour confirmed for / })).toBeVisible();

  await page.goto('/renter/dashboard');
  await expect(page.getByTestId('dashboard-tours')).toContainText('Visitor test');

  // The owner is told where renters book, and gets no booking controls.
  const owner = await browser.newContext({ baseURL });
  const ownerPage = await owner.newPage();
  await signInThroughApi(ownerPage, baseURL, newLandlord.email, newLandlord.password);
  await ownerPage.goto(`/listings/${listingId}`);
  const ownerSection = ownerPage.locator('#book-tour');
  await expect(ownerSection.getByRole('heading', { name: 'Tours' })).toBeVisible();
  await expect(ownerSection.getByRole('link', { name: 'Set your tour hours' })).toBeVisible();
  await expect(ownerSection.locator('button[data-date]')).toHaveCount(0);
  await owner.close();
  await landlordApi.dispose();
});
