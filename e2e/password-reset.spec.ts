import { expect, pageReady, test } from './fixtures.ts';

test('the full password reset through the dev mailbox, by clicking', async ({
  page,
  newRenter,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(newRenter.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email.')).toBeVisible();

  // The mail arrives in the outbox; the mailbox polls, so wait for it to show up.
  await page.goto('/dev/mailbox');
  const escaped = newRenter.email.replace(/[.+]/g, '\\$&');
  const mail = page.getByRole('button', {
    name: new RegExp(`^Reset your Stoop password To ${escaped}`),
  });
  await expect(mail).toBeVisible({ timeout: 15_000 });
  await mail.click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Reset your Stoop password' }),
  ).toBeVisible();

  // The link points at `/#token=...&type=recovery` (the token in the fragment, never sent to a
  // server); home hands it on to /reset-password, which reads it and clears the address bar.
  const link = page.getByRole('article').getByRole('link', { name: /#token=.+&type=recovery/ });
  await expect(link).toHaveAttribute('href', /\/#token=[^&?]+&type=recovery$/);
  await link.click();
  await expect(page).toHaveURL(/\/reset-password$/);

  const newPassword = `new-${Math.random().toString(36).slice(2, 10)}`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been reset.' }),
  ).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(newRenter.email);
  await page.getByLabel('Password', { exact: true }).fill(newRenter.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password.');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/renter\/dashboard$/);
  newRenter.password = newPassword; // the suite's clean-up signs in with it
  await pageReady(page);

  // The used link is gone from the mail's stored copy.
  await page.goto('/dev/mailbox');
  await mail.click();
  const article = page.getByRole('article');
  await expect(article).toContainText('[link used or expired]');
  await expect(article.getByRole('link', { name: /token=/ })).toHaveCount(0);
});

test('a used or made-up reset token gets the spec message', async ({ page }) => {
  await page.goto('/#token=not-a-real-token&type=recovery');
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('whatever-123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
});

test('a token in the query is not accepted (it would sit in access logs)', async ({ page }) => {
  await page.goto('/?type=recovery&token=from-the-query');
  await expect(page).toHaveURL(/\/reset-password\?type=recovery&token=from-the-query$/);
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});

test('an expired link says so and offers a new one', async ({ page }) => {
  await page.goto('/#error=access_denied&error_code=otp_expired');
  await expect(page).toHaveURL(/\/reset-password#error=access_denied&error_code=otp_expired$/);
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
