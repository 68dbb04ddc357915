import { LandlordStatsSchema } from '../src/shared/schemas/billing.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, pageReady, signInThroughApi, test } from './fixtures.ts';
import { publishListing } from './listing-helpers.ts';

test('a landlord’s profile shows on their listing’s card, never the phone', async ({
  page,
  baseURL,
  newLandlord,
}) => {
  const url = baseURL ?? '';
  await signInThroughApi(page, url, newLandlord.email, newLandlord.password);
  const id = await publishListing(page.request, url, { title: 'Garden-level 1BR' });

  await page.goto('/landlord/profile');
  await pageReady(page);
  await page.getByLabel('Name renters see').fill('Carroll Gardens Homes');
  await page.getByLabel('Contact phone (optional)').fill('+1 718 555 0199');
  await page.getByLabel('Short bio').fill('Three family brownstones, managed by us since 1998.');
  await page.getByLabel('Add a language').fill('Italian');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  // The preview follows the form before it is saved.
  await expect(page.getByTestId('landlord-card')).toContainText('Carroll Gardens Homes');
  await expect(page.getByTestId('landlord-card')).toContainText('Speaks Italian');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your public profile has been saved.')).toBeVisible();
  await expectNoSeriousViolations(page);

  // An empty name is refused in place, with the shared schema's message.
  await page.getByLabel('Name renters see').fill('');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Enter a name renters will see.')).toBeVisible();
  await expect(page.getByLabel('Name renters see')).toBeFocused();

  await page.goto(`/listings/${id}`);
  const card = page.getByRole('complementary', { name: 'Landlord' }).getByTestId('landlord-card');
  await expect(card).toContainText('Carroll Gardens Homes');
  await expect(card).toContainText('Speaks Italian');
  await expect(card).toContainText('Three family brownstones');
  await expect(card).not.toContainText('555');
});

test('the dashboard charts count a renter’s visit, once per day', async ({
  browser,
  baseURL,
  newLandlord,
  newRenter,
}) => {
  const url = baseURL ?? '';
  const landlordContext = await browser.newContext({ baseURL: url });
  const landlord = await landlordContext.newPage();
  await signInThroughApi(landlord, url, newLandlord.email, newLandlord.password);
  const id = await publishListing(landlord.request, url, { title: 'Sunlit studio to visit' });
  await landlord.goto('/landlord/dashboard');
  await pageReady(landlord);
  const views7 = landlord.getByTestId('chart-views').getByTestId('total-7');
  await expect(views7).toHaveText('0');

  const renterContext = await browser.newContext({ baseURL: url });
  const renter = await renterContext.newPage();
  await signInThroughApi(renter, url, newRenter.email, newRenter.password);
  await renter.goto(`/listings/${id}`);
  await pageReady(renter);
  await renter.reload(); // the same visitor again: still one view
  await pageReady(renter);

  // Counted at the next flush, then on the dashboard live (or at its 30 s poll).
  await expect(views7).toHaveText('1', { timeout: 40_000 });
  await expect(landlord.getByTestId('chart-views').getByTestId('total-30')).toHaveText('1');
  const stats = LandlordStatsSchema.parse(
    await (await landlord.request.get('/api/landlord/stats')).json(),
  );
  expect(stats.totals.last7.views).toBe(1);
  await expect(landlord.getByTestId('chart-views').locator('tbody tr').last()).toContainText('1');
  await landlordContext.close();
  await renterContext.close();
});
