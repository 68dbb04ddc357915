import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Application } from '../src/shared/schemas/applications.ts';
import { SIGNATURE_MISMATCH_MESSAGE } from '../src/shared/schemas/households.ts';
import { createUser, expect, pageReady, type TestUser, test } from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';
import { checkBothWidths, DESKTOP, PHONE } from './screens.ts';

/*
 * Issue 29's journey, at desktop width and on a 375 px phone: a renter applies from the listing
 * inviting a roommate and a guarantor; the landlord's list does not show it while they have not
 * joined. The roommate, signed in, opens the link from the dev mailbox and joins; the guarantor
 * opens theirs signed out, signs in from the invitation and comes back to join. The landlord then
 * sees the household and offers (through the API); the renter signs the offer with their legal
 * name; the renter, the roommate and the landlord each download the same signed PDF. Accounts,
 * profiles, documents and the listing are made through the API; the browser does the household.
 */

// Four browsers, three mail links, axe at two widths on four screens.
test.describe.configure({ timeout: 300_000 });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A complete application profile and a PDF pay stub, through the API. */
async function readyToApply(
  request: APIRequestContext,
  url: string,
  legalName: string,
  monthlyCents: number,
) {
  const saved = await request.put('/api/renter-profile', {
    headers: origin(url),
    data: {
      legalName,
      phone: '(718) 555-0142',
      currentAddress: '12 Test Street, Brooklyn, NY 11201',
      moveInDate: '2027-03-01',
      occupants: 2,
      pets: [],
      incomes: [{ source: 'employment', employer: 'Acme Hospital', monthlyCents }],
      rentalHistory: [],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const uploaded = await request.post('/api/renter-profile/documents', {
    headers: origin(url),
    multipart: {
      kind: 'pay_stub',
      file: {
        name: `${legalName.split(' ')[0]?.toLowerCase()}-stub.pdf`,
        mimeType: 'application/pdf',
        buffer: PDF,
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
}

/** The join link mailed to `email` (the dev outbox; mail goes out from a background job). */
async function joinLink(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/dev/mailbox');
        const { items } = (await answer.json()) as { items: { to: string; text: string }[] };
        const mail = items.find((item) => item.to.includes(email));
        link = mail?.text.match(/\/applications\/join\/[A-Za-z0-9_-]+/)?.[0] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return link;
}

/** Clicks a download link and returns the file's bytes. */
async function download(page: Page, link: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(file.suggestedFilename()).toBe('signed-offer.pdf');
  return readFile(await file.path());
}

for (const [width, viewport] of [
  ['desktop (1280 px)', DESKTOP],
  ['phone (375 px)', PHONE],
] as const) {
  const desktop = viewport === DESKTOP;

  test(`on ${width}: a renter applies with a roommate and a guarantor, both join from their mail, the renter signs the offer and everyone downloads it`, async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const url = baseURL ?? '';
    const title = `Household ${Date.now().toString(36)}`;

    // The landlord's listing: 40× the rent, or 80× of a guarantor, and a pay stub.
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
          guarantorIncomeMultiple: 80,
          requiredDocuments: ['pay_stub'],
        },
      },
    );
    expect(criteria.status(), await criteria.text()).toBe(200);

    // Three renters, each with a complete profile and a pay stub. The guarantor's account is
    // made apart from any browser: they sign in from the invitation.
    const renterContext = await browser.newContext({ baseURL: url, viewport });
    await createUser(renterContext.request, url, 'renter');
    await readyToApply(renterContext.request, url, 'Rhea Renter', 600_000);
    const roommateContext = await browser.newContext({ baseURL: url, viewport });
    const roommate = await createUser(roommateContext.request, url, 'renter');
    await readyToApply(roommateContext.request, url, 'Mo Roommate', 400_000);
    const api = await playwright.request.newContext({ baseURL: url });
    const guarantor: TestUser = await createUser(api, url, 'renter');
    await readyToApply(api, url, 'Gus Guarantor', 2_500_000);

    // The renter applies from the listing, inviting both.
    const renter = await renterContext.newPage();
    await renter.goto(`/listings/${listingId}`);
    await pageReady(renter);
    await renter
      .getByTestId('apply-panel')
      .getByRole('button', { name: 'Apply', exact: true })
      .click();
    const dialog = renter.getByRole('dialog', { name: 'Apply for this apartment' });
    await dialog.getByRole('button', { name: 'Apply with others' }).click();
    await expect(dialog).toContainText('Applying on Stoop is free for everyone in the household.');
    await dialog.getByRole('button', { name: 'Add a roommate' }).click();
    await dialog.getByLabel("Roommate 1's email").fill(roommate.email);
    await dialog.getByLabel("Guarantor's email (optional)").fill(guarantor.email);
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await expect(dialog.getByTestId('apply-sent-status')).toHaveText(
      'Status: Waiting for your household',
    );
    await dialog.getByRole('link', { name: 'See your applications' }).click();
    const card = renter.getByTestId('renter-application').filter({ hasText: title });
    const household = card.getByTestId('household');
    await expect(household).toContainText(`Invited ${roommate.email}`);
    await expect(household).toContainText(`Invited ${guarantor.email}`);
    if (desktop) {
      await checkBothWidths(renter, 'household-renter', async () => {
        await expect(household.getByRole('button', { name: 'Send invitation' })).toBeVisible();
      });
    }

    // Not yet the landlord's: nobody has joined.
    const landlord = await landlordContext.newPage();
    await landlord.goto('/landlord/applications');
    await pageReady(landlord);
    await expect(landlord.getByText('No applications yet')).toBeVisible();

    // The roommate, signed in, opens the link from the dev mailbox and joins.
    const mo = await roommateContext.newPage();
    await mo.goto('/dev/mailbox');
    await mo
      .getByRole('button', {
        name: new RegExp(
          `^Rhea Renter invited you to apply: ${title} To ${roommate.email.replace(/[.+]/g, '\\$&')}`,
        ),
      })
      .click();
    await mo
      .getByRole('article')
      .getByRole('link', { name: /\/applications\/join\// })
      .click();
    await expect(mo.getByRole('heading', { level: 1, name: 'Join an application' })).toBeVisible();
    await expect(mo.getByText('Rhea Renter invited you to join their application')).toBeVisible();
    await expect(mo.getByTestId('join-missing')).toHaveText('Nothing is missing: you can join.');
    if (desktop) {
      await checkBothWidths(mo, 'household-join', async () => {
        await expect(mo.getByRole('button', { name: 'Join application' })).toBeVisible();
      });
    }
    await mo.getByRole('button', { name: 'Join application' }).click();
    await expect(mo).toHaveURL(/\/applications$/);
    await expect(mo.getByText("You joined Rhea Renter's application.")).toBeVisible();
    const moCard = mo.getByTestId('renter-application').filter({ hasText: title });
    await expect(moCard).toContainText('You joined as co-applicant');
    await expect(moCard).toContainText('Your documents sent: mo-stub.pdf');

    // The guarantor opens theirs signed out, signs in from it, and is brought back to join.
    const gusContext = await browser.newContext({ baseURL: url, viewport });
    const gus = await gusContext.newPage();
    await gus.goto(await joinLink(api, guarantor.email));
    await expect(gus.getByText(/as the guarantor\./)).toBeVisible();
    if (desktop) {
      await checkBothWidths(gus, 'household-join-signed-out', async () => {
        await expect(gus.getByRole('link', { name: 'Create a renter account' })).toBeVisible();
      });
    }
    await gus.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await gus.getByLabel('Email').fill(guarantor.email);
    await gus.getByLabel('Password', { exact: true }).fill(guarantor.password);
    await gus.getByRole('button', { name: 'Sign in' }).click();
    await expect(gus).toHaveURL(/\/applications\/join\//);
    await gus.getByRole('button', { name: 'Join application' }).click();
    await expect(gus).toHaveURL(/\/applications$/);

    // Everyone joined: the landlord sees it, with the household, and offers.
    await landlord.reload();
    const row = landlord.getByRole('list', { name: 'Applications' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('With 1 co-applicant and a guarantor');
    await expect(row).toContainText("Meets the criteria with the household's income");
    const [application] = (
      (await (await landlordContext.request.get('/api/applications')).json()) as {
        items: Application[];
      }
    ).items;
    if (!application) throw new Error('the landlord has no application');
    const offered = await landlordContext.request.post(
      `/api/applications/${application.id}/offer`,
      {
        headers: origin(url),
        data: {
          rentCents: 300_000,
          depositCents: 300_000,
          leaseStart: '2027-03-01',
          leaseMonths: 12,
          fees: [{ name: 'Move-in fee', amountCents: 2_000 }],
        },
      },
    );
    expect(offered.status(), await offered.text()).toBe(200);

    // The renter signs: a name not on the application is refused, then theirs.
    await expect(card).toContainText('The landlord offered you the apartment.');
    await card.getByRole('button', { name: 'Accept offer' }).click();
    const sign = renter.getByRole('dialog', { name: 'Sign and accept the offer' });
    await expect(sign.getByRole('list', { name: 'Fees' })).toContainText('Move-in fee');
    const name = sign.getByLabel('Type your full legal name to sign');
    await name.fill('Rhea Someone');
    await sign.getByRole('button', { name: 'Sign and accept' }).click();
    await expect(sign.getByText(SIGNATURE_MISMATCH_MESSAGE)).toBeVisible();
    await expect(name).toBeFocused();
    if (desktop) {
      await checkBothWidths(renter, 'household-sign', async () => {
        await expect(name).toBeVisible();
      });
    }
    await name.fill('rhea renter');
    await sign.getByRole('button', { name: 'Sign and accept' }).click();
    await expect(sign).toBeHidden();
    await expect(card.getByTestId('signed-offer')).toContainText('Signed by');

    // The same PDF for the renter, the roommate, the guarantor and the landlord.
    const pdfLink = (scope: Locator | Page) =>
      scope.getByRole('link', { name: 'Download signed offer (PDF)' });
    const fromRenter = await download(renter, pdfLink(card));
    expect(fromRenter.subarray(0, 5).toString()).toBe('%PDF-');
    await mo.reload();
    const fromRoommate = await download(mo, pdfLink(moCard));
    await row.getByRole('link').first().click();
    await expect(landlord.getByTestId('household-member')).toHaveCount(2);
    if (desktop) {
      await checkBothWidths(landlord, 'household-landlord', async () => {
        await expect(pdfLink(landlord)).toBeVisible();
      });
    }
    const fromLandlord = await download(landlord, pdfLink(landlord));
    await gus.reload();
    const gusCard = gus.getByTestId('renter-application').filter({ hasText: title });
    const fromGuarantor = await download(gus, pdfLink(gusCard));
    expect(fromRoommate.equals(fromRenter)).toBe(true);
    expect(fromGuarantor.equals(fromRenter)).toBe(true);
    expect(fromLandlord.equals(fromRenter)).toBe(true);

    await Promise.all([
      landlordContext.close(),
      renterContext.close(),
      roommateContext.close(),
      gusContext.close(),
      api.dispose(),
    ]);
  });
}
