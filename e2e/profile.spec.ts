import { expect, pageReady, signInThroughApi, test } from './fixtures.ts';

test('a user edits their name and changes their password on /profile', async ({
  page,
  baseURL,
  newRenter,
}) => {
  const url = baseURL ?? 'http://localhost:3000';
  await signInThroughApi(page, url, newRenter.email, newRenter.password);
  await page.goto('/profile');
  await pageReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your profile');
  await expect(page.getByLabel('Email')).toHaveValue(newRenter.email);

  const name = page.getByLabel('Full name');
  await name.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await name.fill('Renamed Renter');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your profile has been updated.' }),
  ).toBeVisible();

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pw');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password.');

  await page.getByLabel('Current password').fill(newRenter.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
  ).toBeVisible();
  newRenter.password = 'brand-new-pw'; // the suite's clean-up signs in with it

  await page.goto('/renter/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Renamed Renter');

  // The new password signs in; the old one no longer does.
  const fresh = await page.context().browser()?.newContext({ baseURL: url });
  if (!fresh) throw new Error('no browser');
  const other = await fresh.newPage();
  const user = await signInThroughApi(other, url, newRenter.email, 'brand-new-pw');
  expect(user.name).toBe('Renamed Renter');
  await fresh.close();
});
