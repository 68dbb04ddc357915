import type { Page } from '@playwright/test';
import { expect, pageReady, signInThroughApi, test } from './fixtures.ts';
import { checkBothWidths } from './screens.ts';

/*
 * Issue 28: a fresh renter opens the application profile from the account menu, fills in what an
 * application needs and one income, saves, and keeps a document beside it (upload, list, delete).
 */

// axe at two widths and a document upload take several seconds on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

const emailButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /@stoop\.test$/ });

test('a renter fills in the application profile, saves it, and keeps a document', async ({
  page,
  baseURL,
  newRenter,
}) => {
  await signInThroughApi(page, baseURL ?? '', newRenter.email, newRenter.password);
  await page.goto('/renter/dashboard');
  await pageReady(page);
  await emailButton(page).click();
  await page.getByRole('link', { name: 'Application profile' }).click();
  await expect(page).toHaveURL(/\/applications\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Application profile' })).toBeVisible();
  await expect(page.getByText('Applying on Stoop is free.')).toBeVisible();
  const missing = page.getByTestId('missing-panel');
  await expect(missing.getByRole('listitem')).toHaveText([
    'legal name',
    'phone',
    'current address',
    'move-in date',
    'number of occupants',
    'income',
  ]);
  await expect(
    page.getByText('No documents yet. Add a pay stub or ID to apply faster.'),
  ).toBeVisible();

  // What an application needs, and one income.
  await page.getByLabel('Legal name').fill('Rhea Renter');
  await page.getByLabel('Phone').fill('(718) 555-0142');
  await page.getByLabel('Current address').fill('12 Test Street, Brooklyn, NY 11201');
  await page.getByLabel('Move-in date').fill('2027-03-01');
  await page.getByLabel('Occupants').fill('2');
  await page.getByRole('button', { name: 'Add an income' }).click();
  const income = page.getByRole('group', { name: 'Income 1' });
  await expect(income.getByLabel('Source')).toBeFocused();
  await income.getByLabel('Monthly income').fill('6,500');
  await income.getByLabel('Employer (optional)').fill('Acme Hospital');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(missing).toContainText('Your profile is complete.');

  // Saved on the server: a reload shows it.
  await page.reload();
  await expect(page.getByLabel('Legal name')).toHaveValue('Rhea Renter');
  await expect(
    page.getByRole('group', { name: 'Income 1' }).getByLabel('Monthly income'),
  ).toHaveValue('6500');

  // A document: uploaded, listed, deleted.
  await page.getByLabel('Kind of document').selectOption('pay_stub');
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'pay-stub.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Upload document' }).click();
  const list = page.getByRole('list', { name: 'Your documents' });
  const item = list.getByRole('listitem').filter({ hasText: 'pay-stub.pdf' });
  await expect(item).toContainText('Pay stub');
  await expect(list.getByRole('link', { name: 'Download pay-stub.pdf' })).toHaveAttribute(
    'href',
    /\/api\/renter-profile\/documents\/[0-9a-f-]{36}$/,
  );

  await checkBothWidths(page, 'application-profile', async () => {
    await expect(
      page.getByRole('heading', { level: 1, name: 'Application profile' }),
    ).toBeVisible();
    await expect(item).toBeVisible();
  });

  await list.getByRole('button', { name: 'Delete pay-stub.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
  await dialog.getByRole('button', { name: 'Delete document' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('No documents yet. Add a pay stub or ID to apply faster.'),
  ).toBeVisible();
});
