import type { APIRequestContext, Page } from '@playwright/test';
import {
  type Application,
  DEPOSIT_CAP_MESSAGE,
  RENTED_NOTICE,
} from '../src/shared/schemas/applications.ts';
import { createUser, expect, pageReady, test } from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';
import { checkBothWidths, DESKTOP, PHONE } from './screens.ts';

/*
 * Issue 28's journey, at desktop width and on a 375 px phone: a fresh renter opens Apply on a
 * listing, follows "Complete your application profile" to the profile page (which says what that
 * listing still needs), fills the profile, uploads a PDF pay stub and applies; the landlord, whose
 * list is open, sees it arrive live, opens the stub in the page and asks for more; the renter
 * answers on /applications with another document; the landlord offers with a fee; the renter
 * accepts. The listing is rented and another renter's open application closes with the notice.
 * The other renter, the criteria and the second document are made through the API. The desktop
 * run also checks each screen at 375 px (axe, no sideways scroll); the phone run clicks through
 * the same flow in a phone's layout.
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

/** Through the browser: the profile form, one income, then a PDF pay stub. */
async function fillProfileAndUpload(page: Page) {
  await page.getByLabel('Legal name').fill('Rhea Renter');
  await page.getByLabel('Phone').fill('(718) 555-0142');
  await page.getByLabel('Current address').fill('12 Test Street, Brooklyn, NY 11201');
  await page.getByLabel('Move-in date').fill('2027-03-01');
  await page.getByLabel('Occupants').fill('2');
  await page.getByRole('button', { name: 'Add an income' }).click();
  const income = page.getByRole('group', { name: 'Income 1' });
  // $10,500 a month is 42.0× a $3,000 rent.
  await income.getByLabel('Monthly income').fill('10,500');
  await income.getByLabel('Employer (optional)').fill('Acme Hospital');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.getByTestId('missing-panel')).toContainText('Your profile is complete.');

  await page.getByLabel('Kind of document').selectOption('pay_stub');
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'pay-stub.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await page.getByRole('button', { name: 'Upload document' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Your documents' })
      .getByRole('listitem')
      .filter({ hasText: 'pay-stub.pdf' }),
  ).toBeVisible();
}

for (const [width, viewport] of [
  ['desktop (1280 px)', DESKTOP],
  ['phone (375 px)', PHONE],
] as const) {
  const desktop = viewport === DESKTOP;

  test(`on ${width}: a renter fills the profile and applies, the landlord reviews live and offers, the renter accepts`, async ({
    browser,
    baseURL,
  }) => {
    const url = baseURL ?? '';
    const title = `Applied ${Date.now().toString(36)}`;

    // The landlord's listing, asking 40× and a pay stub.
    const landlordContext = await browser.newContext({ baseURL: url, viewport });
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

    // The landlord's list is open before Rhea applies: her application arrives without a reload.
    const landlord = await landlordContext.newPage();
    await landlord.goto('/landlord/applications');
    await pageReady(landlord);
    const list = landlord.getByRole('list', { name: 'Applications' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Olga Other');

    // A fresh renter reads the criteria in words on the listing and opens Apply.
    const renterContext = await browser.newContext({ baseURL: url, viewport });
    await createUser(renterContext.request, url, 'renter');
    await uploadPdf(renterContext.request, url, 'employment-letter.pdf', 'employment_letter');
    const renter = await renterContext.newPage();
    await renter.goto(`/listings/${listingId}`);
    await pageReady(renter);
    const panel = renter.getByTestId('apply-panel');
    await expect(panel.getByRole('list', { name: 'What this listing asks' })).toContainText(
      'Income 40× the rent',
    );
    await expect(panel).toContainText('Documents: pay stub');
    await expect(panel).toContainText('Applying on Stoop is free');
    if (desktop) {
      await checkBothWidths(renter, 'apply-listing', async () => {
        await expect(panel.getByRole('button', { name: 'Apply', exact: true })).toBeVisible();
      });
    }
    await panel.getByRole('button', { name: 'Apply', exact: true }).click();
    const dialog = renter.getByRole('dialog', { name: 'Apply for this apartment' });
    const missing = dialog.getByTestId('apply-missing');
    await expect(missing.getByRole('listitem')).toHaveText([
      'Legal name: add it to your profile',
      'Phone: add it to your profile',
      'Current address: add it to your profile',
      'Move-in date: add it to your profile',
      'Number of occupants: add it to your profile',
      'Income: add it to your profile',
      'Pay stub: upload one to your profile',
    ]);
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Add what is missing');

    // The profile page says what this listing still needs, and follows each save and upload.
    await missing.getByRole('link', { name: 'Complete your application profile' }).click();
    await expect(renter).toHaveURL(`/applications/profile?listingId=${listingId}`);
    const needs = renter.getByTestId('listing-needs');
    await expect(renter.getByText(`To apply to ${title}:`)).toBeVisible();
    await expect(needs.getByRole('listitem')).toHaveText([
      /Your profile: 6 things to add/,
      /Pay stub: upload one below/,
    ]);
    if (desktop) {
      await checkBothWidths(renter, 'application-profile-for-listing', async () => {
        await expect(needs).toBeVisible();
      });
    }
    await fillProfileAndUpload(renter);
    await expect(needs.getByRole('listitem')).toHaveText([
      /Your profile: complete/,
      /Pay stub: uploaded/,
    ]);
    await expect(renter.getByText('Everything this listing asks for is here.')).toBeVisible();
    await renter.getByRole('link', { name: 'Apply to this listing' }).click();

    // Back on the listing (a phone's own listing page on a phone), the dialog opens by itself
    // with the stub chosen.
    await expect(renter).toHaveURL(
      new RegExp(`/listings/${listingId}${desktop ? '' : '/mobile'}#apply$`),
    );
    await expect(dialog.getByTestId('apply-missing')).toHaveText(
      'Nothing is missing: your application is ready to send.',
    );
    await expect(dialog).toContainText('Rhea Renter');
    await expect(dialog.getByRole('checkbox', { name: /pay-stub\.pdf/ })).toBeChecked();
    await expect(
      dialog.getByRole('checkbox', { name: /employment-letter\.pdf/ }),
    ).not.toBeChecked();
    if (desktop) {
      await checkBothWidths(renter, 'apply-dialog', async () => {
        await expect(dialog.getByRole('button', { name: 'Send application' })).toBeVisible();
      });
    }
    await dialog.getByLabel('Message to the landlord').fill('We loved the light. Quiet, no pets.');
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await expect(dialog.getByText('Your application was sent.')).toBeVisible();
    await expect(dialog.getByTestId('apply-sent-status')).toHaveText(
      'Status: Application submitted',
    );
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId('apply-status')).toHaveText('Application submitted');
    await expect(panel.getByRole('button', { name: 'Apply', exact: true })).toHaveCount(0);

    // The landlord's list had it arrive live, oldest first.
    const row = list.getByRole('listitem').filter({ hasText: 'Rhea Renter' });
    await expect(row).toBeVisible();
    await expect(list.getByRole('listitem').last()).toContainText('Rhea Renter');
    await expect(row).toContainText(title);
    await expect(row).toContainText('Income 42.0× of 40× — meets');
    await expect(row).toContainText('1 document');
    await expect(row).toContainText('Submitted');
    if (desktop) {
      await checkBothWidths(landlord, 'landlord-applications', async () => {
        await expect(row).toBeVisible();
      });
    }

    // The detail: the application as sent, its PDF shown in the page.
    await row.getByRole('link', { name: /Rhea Renter/ }).click();
    await expect(landlord).toHaveURL(/\/landlord\/applications\/[0-9a-f-]{36}$/);
    await expect(landlord.getByRole('heading', { level: 1, name: 'Rhea Renter' })).toBeVisible();
    await expect(landlord.getByText('Employment · Acme Hospital')).toBeVisible();
    if (desktop) {
      await checkBothWidths(landlord, 'landlord-application', async () => {
        await expect(landlord.getByRole('button', { name: 'Make offer' })).toBeVisible();
      });
    }
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
    if (desktop) {
      await checkBothWidths(renter, 'renter-applications', async () => {
        await expect(card.getByRole('button', { name: 'Accept offer' })).toBeVisible();
      });
    }
    // Accepting is signing with the legal name on the application (issue 29).
    await card.getByRole('button', { name: 'Accept offer' }).click();
    const sign = renter.getByRole('dialog', { name: 'Sign and accept the offer' });
    await sign.getByLabel('Type your full legal name to sign').fill('Rhea Renter');
    await sign.getByRole('button', { name: 'Sign and accept' }).click();
    await expect(sign).toBeHidden();
    await expect(card).toContainText('You accepted the offer. The apartment is yours.');
    await expect(
      landlord.getByText('The applicant accepted your offer. The listing is rented.'),
    ).toBeVisible();

    // The listing is rented, and Olga's application closed with the notice.
    const listing = await landlordContext.request.get(`/api/listings/${listingId}`);
    expect(((await listing.json()) as { listing: { status: string } }).listing.status).toBe(
      'rented',
    );
    const others = (await (await otherContext.request.get('/api/applications')).json()) as {
      items: Application[];
    };
    expect(others.items[0]?.status).toBe('closed');
    expect(others.items[0]?.timeline.at(-1)?.detail).toBe(RENTED_NOTICE);

    // The landlord's list, filtered by the address: the closed one on this listing.
    await landlord.goto(`/landlord/applications?listingId=${listingId}&status=closed`);
    await pageReady(landlord);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Olga Other');
    if (desktop) {
      await expect(landlord.getByLabel('Status', { exact: true })).toHaveValue('closed');
      // The picker names the listing chosen in the address, noting that it is rented now.
      await expect(landlord.getByRole('combobox', { name: 'Listing' })).toHaveValue(
        `${title} (rented)`,
      );
    }

    await Promise.all([landlordContext.close(), renterContext.close(), otherContext.close()]);
  });
}
