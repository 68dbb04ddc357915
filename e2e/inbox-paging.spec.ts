import type { APIRequestContext } from '@playwright/test';
import { CONVERSATION_PAGE_SIZE } from '../src/shared/constants.ts';
import { ConversationResponseSchema } from '../src/shared/schemas/messaging.ts';
import { expectNoSeriousViolations } from './axe.ts';
import {
  createUser,
  expect,
  pageReady,
  signInThroughApi,
  type TestUser,
  test,
} from './fixtures.ts';
import { keepScreenshot } from './screens.ts';

/** Mutating requests must come from our own origin. */
const origin = (baseURL: string) => ({ Origin: new URL(baseURL).origin });

const EXTRA = 5;
const TOTAL = CONVERSATION_PAGE_SIZE + EXTRA;

/** A renter (its own request context, signed in by signing up) who writes to the landlord. */
async function inquiry(request: APIRequestContext, url: string, landlord: TestUser, n: number) {
  await createUser(request, url, 'renter');
  const opened = await request.post('/api/conversations', {
    headers: origin(url),
    data: { participantId: landlord.id },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { conversation } = ConversationResponseSchema.parse(await opened.json());
  const sent = await request.post(`/api/conversations/${conversation.id}/messages`, {
    headers: origin(url),
    data: { content: `Inquiry number ${n}`, idempotencyKey: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return conversation.id;
}

test('the inbox loads more conversations as it scrolls and by button; a new message moves one to the top live', async ({
  page,
  baseURL,
  newLandlord,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  const url = baseURL ?? '';
  // More conversations than a page, one renter each, oldest first (sent one after another).
  const renters: APIRequestContext[] = [];
  for (let n = 1; n <= TOTAL; n += 1) {
    renters.push(await playwright.request.newContext({ baseURL: url }));
  }
  const ids: string[] = [];
  for (let n = 1; n <= TOTAL; n += 1) {
    ids.push(await inquiry(renters[n - 1] as APIRequestContext, url, newLandlord, n));
  }

  await signInThroughApi(page, url, newLandlord.email, newLandlord.password);
  await page.goto('/chat');
  await pageReady(page);
  const items = page.getByTestId('conversation-item');
  await expect(items).toHaveCount(CONVERSATION_PAGE_SIZE);
  await expect(items.first()).toContainText(`Inquiry number ${TOTAL}`);
  const more = page.getByRole('button', { name: 'Load more conversations' });
  await expect(more).toBeAttached();
  const shot = (name: string) =>
    keepScreenshot(page, { path: testInfo.outputPath(`inbox-${name}.png`), fullPage: false });

  // Scrolling to the end of the list brings the next page (the sentinel comes into view).
  await items.last().scrollIntoViewIfNeeded();
  await shot('scrolled');
  await expect(items).toHaveCount(TOTAL);
  await expect(items.last()).toContainText('Inquiry number 1');
  await expect(more).toHaveCount(0);
  await expectNoSeriousViolations(page);

  // The oldest conversation, far down the list, gets a message: it moves to the top at once,
  // with its unread count, and nothing is listed twice.
  const oldest = renters[0] as APIRequestContext;
  const sent = await oldest.post(`/api/conversations/${ids[0]}/messages`, {
    headers: origin(url),
    data: { content: 'Is it still available?', idempotencyKey: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect(items.first()).toContainText('Is it still available?');
  await expect(items.first().getByTestId('conversation-unread')).toHaveText('2 unread');
  await expect(items).toHaveCount(TOTAL);

  // Keyboard: a fresh list, the button pressed, focus on the first conversation it brought.
  await page.reload();
  await pageReady(page);
  await expect(items).toHaveCount(CONVERSATION_PAGE_SIZE);
  await shot('first-page');
  await more.focus();
  await shot('load-more-focused');
  // Focus and Enter in one action: the live stream's resync can re-render the list between two
  // (cc25: Enter landed on nothing under load).
  await more.press('Enter');
  await expect(items).toHaveCount(TOTAL);
  await expect(more).toHaveCount(0);
  await expect(items.nth(CONVERSATION_PAGE_SIZE)).toBeFocused();
  for (const renter of renters) await renter.dispose();
});

test('on a phone the inbox pages the same way', async ({
  page,
  baseURL,
  newLandlord,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  const url = baseURL ?? '';
  await page.setViewportSize({ width: 375, height: 740 });
  const renters: APIRequestContext[] = [];
  for (let n = 1; n <= TOTAL; n += 1) {
    const renter = await playwright.request.newContext({ baseURL: url });
    renters.push(renter);
    await inquiry(renter, url, newLandlord, n);
  }
  await signInThroughApi(page, url, newLandlord.email, newLandlord.password);
  await page.goto('/chat');
  await pageReady(page);
  const items = page.getByTestId('conversation-item');
  await expect(items).toHaveCount(CONVERSATION_PAGE_SIZE);
  const more = page.getByRole('button', { name: 'Load more conversations' });
  await more.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: testInfo.outputPath('inbox-phone-end.png') });
  await expect(items).toHaveCount(TOTAL);
  await keepScreenshot(page, { path: testInfo.outputPath('inbox-phone-all.png') });
  for (const renter of renters) await renter.dispose();
});
