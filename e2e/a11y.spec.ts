import type { Page } from '@playwright/test';
import { ConversationResponseSchema } from '../src/shared/schemas/messaging.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, pageReady, signInThroughApi, type TestUser, test } from './fixtures.ts';

async function check(page: Page, url: string) {
  await page.goto(url);
  await pageReady(page);
  // Let entry animations and lazy chunks settle before measuring contrast.
  await page.waitForTimeout(250);
  await expectNoSeriousViolations(page);
}

// Every route's axe check runs in routes.spec.ts, on the same load that checks the route.
test.describe('axe on interactive states', () => {
  test('the open mobile menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    await pageReady(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.waitForTimeout(300);
    await expectNoSeriousViolations(page);
  });

  test('a form with errors and a toast', async ({ page }) => {
    await page.goto('/signup');
    await pageReady(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please choose renter or landlord.')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto('/test-page');
    await pageReady(page);
    await page.getByRole('button', { name: 'Show error toast' }).click();
    await page.waitForTimeout(300);
    await expectNoSeriousViolations(page);
  });

  test('the start-up error screen', async ({ page }) => {
    await page.route('**/api/health', (route) => route.fulfill({ status: 503, body: '{}' }));
    // A screen rendered in the browser: its start-up gate asks for the health itself.
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Database Connection Error' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test.describe('axe on the messaging pages', () => {
  /** A renter with one conversation (two messages, one each way); returns its id. */
  async function conversationWithMessages(
    page: Page,
    baseURL: string,
    renter: TestUser,
    landlord: TestUser,
  ) {
    const headers = { Origin: new URL(baseURL).origin };
    await signInThroughApi(page, baseURL, renter.email, renter.password);
    const created = await page.request.post('/api/conversations', {
      headers,
      data: { participantId: landlord.id },
    });
    const { conversation } = ConversationResponseSchema.parse(await created.json());
    await page.request.post(`/api/conversations/${conversation.id}/messages`, {
      headers,
      data: { content: 'Is the apartment still available?', idempotencyKey: crypto.randomUUID() },
    });
    return conversation.id;
  }

  test('the conversation list and a thread, on a desktop and a phone', async ({
    page,
    baseURL,
    newRenter,
    newLandlord,
  }) => {
    // Eight axe runs on two viewports: more than 30 s on a loaded 2-core machine.
    test.setTimeout(90_000);
    const url = baseURL ?? '';
    const id = await conversationWithMessages(page, url, newRenter, newLandlord);
    await check(page, '/chat');
    await expect(page.getByTestId('conversation-item')).toHaveCount(1);
    await check(page, `/chat/${id}`);
    await expect(page.getByTestId('message')).toHaveCount(1);
    // Suggestions open, and a message being edited.
    await page.getByRole('combobox', { name: 'Search conversations' }).fill('La');
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Edit message' }).click();
    await expect(page.getByRole('textbox', { name: 'Edit message' })).toBeFocused();
    await expectNoSeriousViolations(page);

    await page.setViewportSize({ width: 375, height: 740 });
    await check(page, '/chat');
    await check(page, `/chat/${id}`);
  });
});
