import type { APIRequestContext, Page } from '@playwright/test';
import {
  type Application,
  DEPOSIT_CAP_MESSAGE,
  RENTED_NOTICE,
} from '../src/shared/schemas/applications.ts';
import { createUser, expect, pageReady, test } from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';
import { checkBothWidths } from './screens.ts';

/*
 * Issue 28, the screens of both sides: a landlord watches the applications list while a renter
 * applies (it arrives live), opens the application and its PDF pay stub in the page, asks for
 * more; the renter answers on /applications with another document; the landlord offers with a
 * fee; the renter accepts. The listing is rented and another renter's open application closes
 * with the notice. Fixtures (profiles, documents, criteria) are made through the API.
 */

// Two signed-in browsers, axe at two widths on three screens: slow on a loaded 2-core machine.
test.describe.configure({ timeout: 240_000 });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A complete profile: $10,500 a month is 42.0× a $3,000 rent. */
async function completeProfile(request: APIRequestContext, url: string, legalName: string) {
  const saved = await request.put('/api/renter-profile', {
    headers: origin(url),
    data: {
      legalName,
      phone: '(718) 555-0142',
      currentAddress: '12 Test Street, Brooklyn, NY 11201',
      moveInDate: '2027-03-01',
      occupants: 2,
      pets: [],
      incomes: [{ source: 'employment', employer: 'Acme Hospital', monthlyCents: 1_050_000 }],
      rentalHistory: [],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function uploadPdf(request: APIRequestContext, url: string, name: string, kind: string) {
  const uploaded = await request.post('/api/renter-profile/documents', {
    headers: origin(url),
    multipart: { kind, file: { name, mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return ((await uploaded.json()) as { document: { id: string } }).document.id;
}

async function applyTo(
  request: APIRequestContext,
  url: string,
  listingId: string,
  documentIds: string[],
) {
  const applied = await request.post(`/api/listings/${listingId}/applications`, {
    headers: origin(url),
    data: {
      documentIds,
      message: 'We would love to live here.',
      idempotencyKey: `e2e-${Math.random().toString(36).slice(2, 12)}`,
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  return (await applied.json()) as Application;
}

const timeline = (page: Page) => page.getByRole('list', { name: 'Timeline' });

test('a renter applies, the landlord reviews live and offers, the renter accepts', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const title = `Applied ${Date.now().toString(36)}`;

  // The landlord's listing, asking 40× and a pay stub.
  const landlordContext = await browser.newContext({ baseURL: url });
  await createUser(landlordContext.request, url, 'landlord');
  const listingId = await publishListing(landlordContext.request, url, {
    title,
    rentCents: 300_000,
  });
  const criteria = await landlordContext.request.put(
    `/api/listings/${listingId}/application-settings`,
    {
      headers: origin(url),
      data: {
        acceptingApplications: true,
        incomeMultiple: 40,
        guarantorIncomeMultiple: null,
        requiredDocuments: ['pay_stub'],
      },
    },
  );
  expect(criteria.status(), await criteria.text()).toBe(200);

  // Another renter applied first: their application closes when the listing is rented.
  const otherContext = await browser.newContext({ baseURL: url });
  await createUser(otherContext.request, url, 'renter');
  await completeProfile(otherContext.request, url, 'Olga Other');
  const otherStub = await uploadPdf(otherContext.request, url, 'olga-stub.pdf', 'pay_stub');
  await applyTo(otherContext.request, url, listingId, [otherStub]);

  const renterContext = await browser.newContext({ baseURL: url });
  await createUser(renterContext.request, url, 'renter');
  await completeProfile(renterContext.request, url, 'Rhea Renter');
  const stub = await uploadPdf(renterContext.request, url, 'pay-stub.pdf', 'pay_stub');
  await uploadPdf(renterContext.request, url, 'employment-letter.pdf', 'employment_letter');

  // The landlord's list is open when Rhea applies: her application arrives without a reload.
  const landlord = await landlordContext.newPage();
  await landlord.goto('/landlord/applications');
  await pageReady(landlord);
  const list = landlord.getByRole('list', { name: 'Applications' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Olga Other');
  await applyTo(renterContext.request, url, listingId, [stub]);
  const row = list.getByRole('listitem').filter({ hasText: 'Rhea Renter' });
  await expect(row).toBeVisible();
  // Oldest first: Olga, then Rhea.
  await expect(list.getByRole('listitem').last()).toContainText('Rhea Renter');
  await expect(row).toContainText(title);
  await expect(row).toContainText('Income 42.0× of 40× — meets');
  await expect(row).toContainText('1 document');
  await expect(row).toContainText('Submitted');
  await checkBothWidths(landlord, 'landlord-applications', async () => {
    await expect(row).toBeVisible();
  });

  // The detail: the application as sent, its PDF shown in the page.
  await row.getByRole('link', { name: /Rhea Renter/ }).click();
  await expect(landlord).toHaveURL(/\/landlord\/applications\/[0-9a-f-]{36}$/);
  await expect(landlord.getByRole('heading', { level: 1, name: 'Rhea Renter' })).toBeVisible();
  await expect(landlord.getByText('Employment · Acme Hospital')).toBeVisible();
  await checkBothWidths(landlord, 'landlord-application', async () => {
    await expect(landlord.getByRole('button', { name: 'Make offer' })).toBeVisible();
  });
  await landlord.getByRole('button', { name: 'View pay-stub.pdf' }).click();
  const viewer = landlord.getByTestId('document-view');
  await expect(viewer.locator('iframe[title="pay-stub.pdf"]')).toHaveAttribute('src', /^blob:/);
  await expect(viewer.getByRole('link', { name: 'Download pay-stub.pdf' })).toHaveAttribute(
    'download',
    'pay-stub.pdf',
  );
  // The opening went on the timeline (the server's event, live).
  await expect(timeline(landlord)).toContainText('You opened pay-stub.pdf');
  await viewer.getByRole('button', { name: 'Close pay-stub.pdf' }).click();
  await expect(viewer).toBeHidden();

  await landlord.getByRole('button', { name: 'Request info' }).click();
  const ask = landlord.getByRole('dialog', { name: 'Request information' });
  await ask.getByLabel('What do you need?').fill('Please send a letter from your employer.');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask).toBeHidden();
  await expect(landlord.getByText(/Waiting for the applicant to answer/)).toBeVisible();

  // The renter answers on /applications, attaching the letter.
  const renter = await renterContext.newPage();
  await renter.goto('/applications');
  await pageReady(renter);
  const card = renter.getByTestId('renter-application').filter({ hasText: title });
  await expect(card).toContainText('The landlord asked you for more information.');
  await expect(card).toContainText('Please send a letter from your employer.');
  await expect(card).toContainText('The landlord viewed your application');
  await expect(card).toContainText('The landlord opened pay-stub.pdf');
  await card.getByLabel('Your answer').fill('Attached: my employment letter.');
  await card.getByLabel(/employment-letter\.pdf/).check();
  await card.getByRole('button', { name: 'Send answer' }).click();
  await expect(renter.getByText('Your answer was sent to the landlord.')).toBeVisible();
  await expect(card).toContainText('The landlord has your application.');

  // The landlord sees the answer and the new document live.
  await expect(timeline(landlord)).toContainText('Attached: my employment letter.');
  await expect(landlord.getByRole('list', { name: 'Documents sent' })).toContainText(
    'employment-letter.pdf',
  );

  // An offer: a deposit over a month's rent is refused, then one fee, itemized.
  await landlord.getByRole('button', { name: 'Make offer' }).click();
  const offer = landlord.getByRole('dialog', { name: 'Make an offer' });
  await offer.getByLabel('Security deposit ($)').fill('4000');
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(offer.getByText(DEPOSIT_CAP_MESSAGE)).toBeVisible();
  await expect(offer.getByLabel('Security deposit ($)')).toBeFocused();
  await offer.getByLabel('Security deposit ($)').fill('3000');
  await offer.getByRole('button', { name: 'Add a fee' }).click();
  await offer.getByLabel('What it is for').fill('Move-in fee');
  await offer.getByLabel('Amount ($)').fill('20');
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(offer).toBeHidden();
  await expect(landlord.getByText(/Waiting for the applicant to accept or reject/)).toBeVisible();

  // The renter sees the offer live, every fee itemized, and accepts.
  await expect(card).toContainText('The landlord offered you the apartment.');
  const fees = card.getByRole('list', { name: 'Fees' }).getByRole('listitem');
  await expect(fees).toHaveCount(1);
  await expect(fees).toContainText('Move-in fee');
  await expect(fees).toContainText('$20');
  await checkBothWidths(renter, 'renter-applications', async () => {
    await expect(card.getByRole('button', { name: 'Accept offer' })).toBeVisible();
  });
  await card.getByRole('button', { name: 'Accept offer' }).click();
  const confirm = renter.getByRole('dialog', { name: 'Accept this offer?' });
  await confirm.getByRole('button', { name: 'Accept offer' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toContainText('You accepted the offer. The apartment is yours.');
  await expect(
    landlord.getByText('The applicant accepted your offer. The listing is rented.'),
  ).toBeVisible();

  // The listing is rented, and Olga's application closed with the notice.
  const listing = await landlordContext.request.get(`/api/listings/${listingId}`);
  expect(((await listing.json()) as { listing: { status: string } }).listing.status).toBe('rented');
  const others = (await (await otherContext.request.get('/api/applications')).json()) as {
    items: Application[];
  };
  expect(others.items[0]?.status).toBe('closed');
  expect(others.items[0]?.timeline.at(-1)?.detail).toBe(RENTED_NOTICE);

  // The landlord's list, filtered by the address: the closed one on this listing.
  await landlord.goto(`/landlord/applications?listingId=${listingId}&status=closed`);
  await pageReady(landlord);
  await expect(landlord.getByLabel('Status', { exact: true })).toHaveValue('closed');
  await expect(landlord.getByLabel('Listing', { exact: true })).toHaveValue(listingId);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Olga Other');

  await Promise.all([landlordContext.close(), renterContext.close(), otherContext.close()]);
});
