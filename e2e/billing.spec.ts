import { InvoicesResponseSchema } from '../src/shared/schemas/billing.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, pageReady, signInThroughApi, test } from './fixtures.ts';
import { createDraftListing, publishListing } from './listing-helpers.ts';

/*
 * Issue 14's acceptance path in the browser, on the real server in test mode: a landlord on the
 * free plan hits its limit, upgrades through the test checkout, publishes, features a listing
 * and finds the invoice.
 */
test('free plan limit, upgrade in test mode, publish, boost, invoice', async ({
  page,
  baseURL,
  newLandlord,
}) => {
  const url = baseURL ?? '';
  await signInThroughApi(page, url, newLandlord.email, newLandlord.password);
  await publishListing(page.request, url, { title: 'First free listing' });
  await publishListing(page.request, url, { title: 'Second free listing' });
  await createDraftListing(page.request, url, { title: 'Third listing waits' });

  // The free plan holds two: the third is refused, with the way to a bigger plan.
  await page.goto('/landlord/listings?status=draft');
  await pageReady(page);
  await page.getByRole('button', { name: 'Publish Third listing waits' }).first().click();
  const refused = page.getByRole('alert').filter({ hasText: 'Upgrade your plan' });
  await expect(refused).toBeVisible();
  await refused.getByRole('link', { name: 'Compare plans' }).click();
  await expect(page).toHaveURL(/\/landlord\/billing$/);
  await expect(page.getByTestId('test-mode')).toHaveText('Test mode — no real charges');
  await expect(page.getByTestId('plan-usage')).toHaveText('2 of 2 active listings');

  // No card yet: the upgrade goes through the test checkout.
  await page
    .getByTestId('plan-starter')
    .getByRole('button', { name: 'Upgrade to Starter' })
    .click();
  await page.getByTestId('plan-starter').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/landlord\/billing\/checkout\?plan=starter$/);
  await expectNoSeriousViolations(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay and start Starter' }).click();
  await expect(page).toHaveURL(/\/landlord\/billing$/);
  await expect(page.getByTestId('plan-starter')).toContainText('Your current plan');
  await expect(page.getByTestId('plan-usage')).toHaveText('2 of 10 active listings');
  await expect(page.getByTestId('payment-method')).toContainText('ending in 4242');

  // The limit is lifted at once.
  await page.goto('/landlord/listings?status=draft');
  await page.getByRole('button', { name: 'Publish Third listing waits' }).first().click();
  await expect(page.getByText('"Third listing waits" is now live.')).toBeVisible();

  // Feature it for 7 days: $21.00, charged now.
  await page.goto('/landlord/billing');
  await pageReady(page);
  // The listing combobox: type part of the title, pick it from what matches.
  const listing = page.getByRole('combobox', { name: 'Listing', exact: true });
  await listing.fill('third listing');
  await page.getByRole('option', { name: 'Third listing waits' }).click();
  await expect(listing).toHaveValue('Third listing waits');
  await page.getByLabel('Days', { exact: true }).fill('7');
  await expect(page.getByTestId('boost-price')).toHaveText(
    'Total: $21.00 for 7 days, charged now.',
  );
  await page.getByRole('button', { name: 'Feature listing' }).click();
  await expect(page.getByTestId('active-boosts')).toContainText('Third listing waits');
  await expectNoSeriousViolations(page);

  // The invoices: the prorated upgrade and the boost, each openable and printable.
  const invoices = InvoicesResponseSchema.parse(
    await (await page.request.get('/api/billing/invoices')).json(),
  ).items;
  expect(invoices.length).toBeGreaterThan(0);
  const first = invoices[0];
  if (!first) throw new Error('an invoice');
  await expect(page.getByTestId('invoice-table')).toContainText(first.number);
  await page.getByRole('link', { name: first.number }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${first.number}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
