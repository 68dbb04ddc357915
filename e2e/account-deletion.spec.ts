import { ConversationResponseSchema } from '../src/shared/schemas/messaging.ts';
import { createUser, expect, pageReady, signInThroughApi, test } from './fixtures.ts';
import { checkBothWidths } from './screens.ts';

/**
 * Issue 17 (decision 039): a renter deletes their account from /profile, through the password
 * dialog (empty and wrong passwords answered inline, Escape and focus as a dialog should), lands
 * on the home page signed out with a toast; the old password no longer signs in; the landlord
 * they wrote to still reads the message, from "Deleted user", and has no composer.
 */

const origin = (baseURL: string) => ({ Origin: new URL(baseURL).origin });

// The same flow at both widths: it runs at desktop width, each screen also checked at 375 px.
test('a renter deletes their account on /profile', async ({ page, browser, baseURL }) => {
  test.slow(); // two browsers and argon2 on a shared 2-core machine
  const url = baseURL ?? '';
  // A landlord, and the renter (this page, signed in) writing to them.
  const landlordContext = await browser.newContext({ baseURL: url });
  const landlordPage = await landlordContext.newPage();
  const landlord = await createUser(landlordPage.request, url, 'landlord');
  const renter = await createUser(page.request, url, 'renter');
  const opened = await page.request.post('/api/conversations', {
    headers: origin(url),
    data: { participantId: landlord.id },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const conversationId = ConversationResponseSchema.parse(await opened.json()).conversation.id;
  const text = `Is the studio still free in March? (${Date.now().toString(36)})`;
  const sent = await page.request.post(`/api/conversations/${conversationId}/messages`, {
    headers: origin(url),
    data: { content: text, idempotencyKey: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.goto('/profile');
  await pageReady(page);
  const section = page.getByRole('region', { name: 'Delete account' });
  await expect(section).toBeVisible();
  const trigger = section.getByRole('button', { name: 'Delete account…' });

  // Escape closes the dialog and gives focus back to what opened it.
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel('Enter your password to confirm');
  await expect(password).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // Keyboard only: Enter opens it, an empty and a wrong password are answered at the field.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(password).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please enter your password.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill('not-my-password');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Incorrect password.')).toBeVisible();
  await expect(password).toBeFocused();
  await checkBothWidths(page, 'delete-dialog');

  await password.fill(renter.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(new URL('/', url).toString());
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account has been deleted.' }),
  ).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // The old password no longer signs in.
  await page.goto('/login');
  await page.getByLabel('Email').fill(renter.email);
  await page.getByLabel('Password', { exact: true }).fill(renter.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password.');

  // The landlord still reads the thread, from "Deleted user", and cannot reply.
  await signInThroughApi(landlordPage, url, landlord.email, landlord.password);
  await landlordPage.goto(`/chat/${conversationId}`);
  await expect(landlordPage.getByTestId('thread-title')).toHaveText('Deleted user');
  await expect(landlordPage.getByTestId('message-text').filter({ hasText: text })).toBeVisible();
  await expect(landlordPage.getByTestId('thread-closed')).toContainText(
    'This account was deleted.',
  );
  await expect(landlordPage.getByRole('textbox', { name: /message/i })).toHaveCount(0);
  await checkBothWidths(landlordPage, 'landlord-thread');

  // A landlord finds the same section at the end of /landlord/profile.
  await landlordPage.goto('/landlord/profile');
  const landlordSection = landlordPage.getByRole('region', { name: 'Delete account' });
  await expect(landlordSection).toBeVisible();
  await landlordSection.getByRole('button', { name: 'Delete account…' }).click();
  const landlordDialog = landlordPage.getByRole('dialog', { name: 'Delete your account?' });
  await expect(landlordDialog).toContainText('every listing: they are taken down at once');
  await checkBothWidths(landlordPage, 'landlord-delete-dialog');
  await landlordContext.close();
});
