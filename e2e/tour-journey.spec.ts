import { ToursResponseSchema, WEEKDAYS } from '../src/shared/schemas/tours.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { expect as baseExpect, createUser, test } from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';

/*
 * Issue 13's journey across both sides, each in its own browser: a renter requests a tour on the
 * listing page, the landlord confirms it in /landlord/tours, and the renter's open /tours shows
 * it confirmed without a reload (the live stream); then they cancel it, with a reason the
 * landlord's side records. Hours are set through the API here; the hours editor has its own tests.
 */

// Conditions, not wall time: on a loaded 2-core machine a first page load can take 20 s+.
const expect = baseExpect.configure({ timeout: 30_000 });

const ALL_DAY = [{ start: '00:00', end: '24:00' }];

test('a requested tour is confirmed by the landlord and shows as confirmed, live, to the renter', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const url = baseURL ?? '';
  const landlordContext = await browser.newContext({ baseURL: url });
  await createUser(landlordContext.request, url, 'landlord');
  const title = `Journey ${Date.now().toString(36)}`;
  const listingId = await publishListing(landlordContext.request, url, { title });
  const hours = await landlordContext.request.put('/api/landlord/availability', {
    headers: origin(url),
    data: {
      timeZone: 'America/New_York',
      weeklyHours: Object.fromEntries(WEEKDAYS.map((day) => [day, ALL_DAY])),
      tourDefaults: { mode: 'request', minNoticeMinutes: 0, cancelCutoffMinutes: 0 },
    },
  });
  expect(hours.status(), await hours.text()).toBe(200);

  const renterContext = await browser.newContext({ baseURL: url });
  const renter = await renterContext.newPage();
  await createUser(renterContext.request, url, 'renter');
  await renter.goto(`/listings/${listingId}`);
  await renter.getByRole('heading', { name: 'Book a tour' }).scrollIntoViewIfNeeded();
  const section = renter.locator('#book-tour');
  await section.locator('button[data-date]:not([disabled])').last().click();
  await section.getByRole('list', { name: 'Tour times' }).getByRole('button').first().click();
  await section.getByRole('button', { name: 'Send request' }).click();
  await expect(section.getByRole('heading', { name: 'Request sent' })).toBeVisible();

  await renter.goto('/tours');
  const renterCard = renter.getByTestId('renter-tour').filter({ hasText: title });
  await expect(renterCard).toContainText('Awaiting confirmation');

  const landlord = await landlordContext.newPage();
  await landlord.goto('/landlord/tours');
  const requests = landlord.getByTestId('tour-requests');
  await expect(requests.getByRole('heading', { name: /Requests to answer \(1\)/ })).toBeVisible();
  await requests.getByRole('button', { name: 'Confirm' }).click();
  await expect(landlord.getByText('Tour confirmed. The renter has been told.')).toBeVisible();

  // The renter's page was not reloaded: the change came over the live stream.
  await expect(renterCard).toContainText('Confirmed');
  await expectNoSeriousViolations(renter);

  await renterCard.getByRole('button', { name: 'Cancel tour' }).click();
  await renterCard.getByLabel(/Reason/).fill('Signed a lease elsewhere.');
  await renterCard.getByRole('button', { name: 'Cancel tour' }).last().click();
  await expect(renter.getByText('Tour cancelled.')).toBeVisible();

  // The landlord's side records who cancelled and why.
  const tours = ToursResponseSchema.parse(
    await (await landlord.request.get('/api/tours?scope=all')).json(),
  );
  expect(tours.items.find((item) => item.listing.title === title)).toMatchObject({
    status: 'cancelled',
    cancelledBy: 'renter',
    cancelReason: 'Signed a lease elsewhere.',
  });

  await renterContext.close();
  await landlordContext.close();
});
