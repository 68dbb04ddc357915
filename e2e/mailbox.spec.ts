import { expect, test } from './fixtures.ts';

/** Issue 11 item 16: links in mail are clickable in /dev/mailbox, on a phone too. */
test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the reset mail fits the screen and its link is a link, brought into view', async ({
    page,
    newRenter,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(newRenter.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your email.')).toBeVisible();

    await page.goto('/dev/mailbox');
    const mail = page.getByRole('button', {
      name: new RegExp(`^Reset your Stoop password To ${newRenter.email.replace(/[.+]/g, '\\$&')}`),
    });
    await expect(mail).toBeVisible({ timeout: 20_000 });
    // Long addresses truncate: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await mail.click();
    const link = page.getByRole('article').getByRole('link', { name: /#token=.+&type=recovery/ });
    await expect(link).toBeInViewport();
    await expect(link).toHaveAttribute('href', /\/#token=[^&?]+&type=recovery$/);
    await link.click();
    // The page reads the token from the fragment, then clears it from the address bar.
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  });
});
