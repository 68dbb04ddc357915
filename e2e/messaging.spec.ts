import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { ConversationResponseSchema } from '../src/shared/schemas/messaging.ts';
import {
  createUser,
  expect,
  pageReady,
  signInThroughApi,
  type TestUser,
  test,
} from './fixtures.ts';

/** Mutating requests must come from our own origin. */
const origin = (baseURL: string) => ({ Origin: new URL(baseURL).origin });

/** Publishes a complete listing with one photo for the signed-in landlord; returns its id. */
async function publishListing(request: APIRequestContext, baseURL: string, title: string) {
  const headers = origin(baseURL);
  const created = await request.post('/api/listings', {
    headers,
    data: {
      title,
      description: 'Bright corner apartment with big windows and a quiet bedroom.',
      address: '12 Test Street',
      neighborhood: 'tribeca',
      lat: 40.7163,
      lng: -74.0086,
      rentCents: 315_000,
      bedrooms: 2,
      bathrooms: 1,
      availableFrom: '2027-01-01',
      leaseTermMonths: 12,
      pets: 'cats',
      laundry: 'in_building',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { listing: { id: string } }).listing.id;
  const buffer = await sharp({
    create: { width: 480, height: 360, channels: 3, background: { r: 60, g: 120, b: 140 } },
  })
    .png()
    .toBuffer();
  const photo = await request.post(`/api/listings/${id}/photos`, {
    headers,
    multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer } },
  });
  expect(photo.status(), await photo.text()).toBe(201);
  const published = await request.patch(`/api/listings/${id}`, {
    headers,
    data: { status: 'active' },
  });
  expect(published.status(), await published.text()).toBe(200);
  return id;
}

/** Opens a conversation between the page's user and `other` through the API. */
async function openConversation(page: Page, baseURL: string, other: TestUser, text?: string) {
  const response = await page.request.post('/api/conversations', {
    headers: origin(baseURL),
    data: { participantId: other.id },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { conversation } = ConversationResponseSchema.parse(await response.json());
  if (text) {
    const sent = await page.request.post(`/api/conversations/${conversation.id}/messages`, {
      headers: origin(baseURL),
      data: { content: text, idempotencyKey: crypto.randomUUID() },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  return conversation.id;
}

test('a renter messages a landlord from a listing; both sides see messages, reads and edits live', async ({
  page,
  browser,
  baseURL,
  newLandlord,
  newRenter,
}) => {
  test.setTimeout(60_000);
  const url = baseURL ?? '';
  const landlordContext = await browser.newContext({ baseURL: url });
  const landlord = await landlordContext.newPage();
  await signInThroughApi(landlord, url, newLandlord.email, newLandlord.password);
  const title = `Quiet loft ${Date.now().toString(36)}`;
  const listingId = await publishListing(landlord.request, url, title);

  // The landlord waits on another page, with no unread messages.
  await landlord.goto('/landlord/listings');
  await pageReady(landlord);
  await expect(landlord.getByTestId('unread-badge')).toHaveCount(0);

  // A landlord does not message themself about their own listing.
  await landlord.goto(`/listings/${listingId}`);
  await expect(landlord.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(landlord.getByRole('link', { name: 'Message landlord' })).toHaveCount(0);
  await landlord.goto('/landlord/listings');
  await pageReady(landlord);

  // The renter opens the conversation from the listing.
  await signInThroughApi(page, url, newRenter.email, newRenter.password);
  await page.goto(`/listings/${listingId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Message landlord' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const conversationId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByTestId('thread-title')).toHaveText(newLandlord.name);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill('Hi! Is the loft still available?');
  await composer.press('Enter');
  const mine = page.getByTestId('message').filter({ hasText: 'Is the loft still available?' });
  await expect(mine.getByTestId('message-status')).toContainText('Sent');

  // The landlord's badge rises without a reload.
  await expect(landlord.getByTestId('unread-badge')).toContainText('1');

  // The landlord opens the thread: the renter sees "Read".
  await landlord
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Messages/ })
    .click();
  await expect(landlord).toHaveURL(/\/chat$/);
  const item = landlord.getByTestId('conversation-item').filter({ hasText: newRenter.name });
  await expect(item).toContainText('Is the loft still available?');
  await expect(item).toContainText(title);
  await item.click();
  await expect(landlord).toHaveURL(new RegExp(`/chat/${conversationId}$`));
  await expect(landlord.getByTestId('message')).toContainText(['Is the loft still available?']);
  await expect(mine.getByTestId('message-status')).toContainText('Read');
  await expect(landlord.getByTestId('unread-badge')).toHaveCount(0);

  // The landlord replies, then edits the reply: the renter sees both live.
  const reply = landlord.getByRole('textbox', { name: 'Message', exact: true });
  await reply.fill('Yes! Come by on Saturday.');
  await reply.press('Enter');
  const theirs = page.getByTestId('message').filter({ hasText: 'Come by on' });
  await expect(theirs).toContainText('Yes! Come by on Saturday.');
  await expect(page.getByTestId('thread-announcer')).toContainText(
    `New message from ${newLandlord.name}: Yes! Come by on Saturday.`,
  );

  const sent = landlord.getByTestId('message').filter({ hasText: 'Come by on' });
  await sent.getByRole('button', { name: 'Edit message' }).click();
  const editor = landlord.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toBeFocused();
  await editor.fill('Yes! Come by on Sunday.');
  await editor.press('Enter');
  await expect(sent.getByTestId('edited')).toBeVisible();
  await expect(theirs).toContainText('Yes! Come by on Sunday.');
  await expect(theirs.getByTestId('edited')).toContainText('edited');
  await landlordContext.close();
});

test('the composer refuses empty and over-long text, and a failed send can be retried', async ({
  page,
  baseURL,
  newLandlord,
  newRenter,
}) => {
  const url = baseURL ?? '';
  await signInThroughApi(page, url, newRenter.email, newRenter.password);
  const id = await openConversation(page, url, newLandlord);
  await page.goto(`/chat/${id}`);
  await pageReady(page);
  await expect(page.getByText('No messages yet.')).toBeVisible();

  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Message cannot be empty' }),
  ).toBeVisible();
  await composer.fill('x'.repeat(2001));
  await expect(page.getByTestId('char-count')).toContainText('2001/2000');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Message cannot exceed 2000 characters' }),
  ).toBeVisible();

  // Shift+Enter is a new line; Enter sends. The first attempt fails on the way.
  const keys: string[] = [];
  let failNext = true;
  await page.route(`**/api/conversations/${id}/messages`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    if (failNext) {
      failNext = false;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'MESSAGE_SEND_FAILED', message: 'Failed to send message' },
        }),
      });
    }
    return route.continue();
  });
  await composer.fill('First line');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('second line');
  await expect(composer).toHaveValue('First line\nsecond line');
  await composer.press('Enter');
  const pending = page.getByTestId('pending-message');
  await expect(pending).toContainText('Not sent');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to send message' }).first(),
  ).toBeVisible();
  await pending.getByRole('button', { name: 'Retry' }).click();
  await expect(pending).toHaveCount(0);
  const delivered = page.getByTestId('message').filter({ hasText: 'second line' });
  await expect(delivered.getByTestId('message-status')).toContainText('Sent');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});

test('hiding the page stops polling; showing it again refreshes and polls again', async ({
  page,
  baseURL,
  newLandlord,
  newRenter,
}) => {
  const url = baseURL ?? '';
  await signInThroughApi(page, url, newRenter.email, newRenter.password);
  await openConversation(page, url, newLandlord, 'Hello there');
  await page.clock.install();
  const polled: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/messages/unread-count' || pathname.startsWith('/api/conversations')) {
      polled.push(pathname);
    }
  });
  await page.goto('/chat');
  await pageReady(page);
  await expect(page.getByTestId('conversation-item')).toHaveCount(1);
  await page.waitForLoadState('networkidle');

  // While visible, the 30 s polling runs.
  polled.length = 0;
  await page.clock.fastForward(31_000);
  await expect.poll(() => polled.includes('/api/messages/unread-count')).toBe(true);
  await expect.poll(() => polled.includes('/api/conversations')).toBe(true);

  // Hidden: no polling however long it stays hidden.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await page.waitForTimeout(300);
  polled.length = 0;
  for (let i = 0; i < 4; i += 1) {
    await page.clock.fastForward(31_000);
    await page.waitForTimeout(100);
  }
  expect(polled).toEqual([]);

  // Shown again: refreshed at once, then polled again.
  const refreshed = Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/messages/unread-count'),
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/conversations'),
  ]);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    Object.defineProperty(document, 'hidden', { value: false, configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await expect.poll(() => polled.includes('/api/messages/unread-count')).toBe(true);
  await expect.poll(() => polled.includes('/api/conversations')).toBe(true);
  // Each answer restarts a query's 30 s timer: wait for them before moving the clock.
  await refreshed;
  await page.waitForTimeout(200);
  polled.length = 0;
  await page.clock.fastForward(31_000);
  await expect.poll(() => polled.includes('/api/messages/unread-count')).toBe(true);
});

test('on a phone the list and the thread are separate screens', async ({
  page,
  baseURL,
  newLandlord,
  newRenter,
}) => {
  const url = baseURL ?? '';
  await page.setViewportSize({ width: 375, height: 740 });
  await signInThroughApi(page, url, newRenter.email, newRenter.password);
  const id = await openConversation(page, url, newLandlord, 'Hello from the phone');
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByText('Select a conversation')).toBeHidden();
  await page.getByTestId('conversation-item').click();
  await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));
  await expect(page.getByTestId('thread-title')).toBeVisible();
  await expect(page.getByTestId('conversation-item')).toBeHidden();
  await page.getByRole('link', { name: 'Conversations' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('conversation-item')).toBeVisible();
});

test('filters, sorts and the debounced search narrow the list', async ({
  page,
  baseURL,
  newLandlord,
  newRenter,
  playwright,
}) => {
  const url = baseURL ?? '';
  // A second conversation, with a renter, so there is something to filter out.
  const request = await playwright.request.newContext({ baseURL: url });
  const other = await createUser(request, url, 'renter');
  await request.dispose();
  await signInThroughApi(page, url, newRenter.email, newRenter.password);
  await openConversation(page, url, newLandlord, 'About the loft');
  await openConversation(page, url, other, 'Hi roommate');

  await page.goto('/chat');
  await pageReady(page);
  await expect(page.getByTestId('conversation-item')).toHaveCount(2);
  await page.getByLabel('With').selectOption('landlord');
  await expect(page).toHaveURL(/role=landlord/);
  await expect(page.getByTestId('conversation-item')).toHaveCount(1);
  await expect(page.getByTestId('conversation-item')).toContainText(newLandlord.name);
  await page.getByLabel('With').selectOption('');
  await page.getByLabel('Sort').selectOption('oldest');
  await expect(page.getByTestId('conversation-item').first()).toContainText('About the loft');

  const search = page.getByRole('combobox', { name: 'Search conversations' });
  await search.fill('Lars');
  await expect(page).toHaveURL(/q=Lars/);
  await expect(page.getByTestId('conversation-item')).toHaveCount(1);
  await expect(page.getByRole('option', { name: /Lars Landlord/ })).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?/);
  await expect(page.getByTestId('thread-title')).toHaveText(newLandlord.name);
});

test('older messages load as you scroll up, keeping your place', async ({
  page,
  browser,
  baseURL,
  newLandlord,
  newRenter,
}) => {
  test.setTimeout(60_000);
  const url = baseURL ?? '';
  await signInThroughApi(page, url, newRenter.email, newRenter.password);
  const id = await openConversation(page, url, newLandlord);
  const landlordContext = await browser.newContext({ baseURL: url });
  const landlord = await landlordContext.newPage();
  await signInThroughApi(landlord, url, newLandlord.email, newLandlord.password);
  // 56 messages, taking turns (each side stays under the per-minute send limit).
  for (let n = 1; n <= 56; n += 1) {
    const sender = n % 2 === 1 ? page : landlord;
    const sent = await sender.request.post(`/api/conversations/${id}/messages`, {
      headers: origin(url),
      data: { content: `Message number ${n}.`, idempotencyKey: crypto.randomUUID() },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await landlordContext.close();

  await page.goto(`/chat/${id}`);
  await pageReady(page);
  const messages = page.getByTestId('message');
  await expect(messages).toHaveCount(50);
  const numbered = (n: number) => messages.getByText(`Message number ${n}.`);
  await expect(numbered(56)).toBeInViewport();
  await expect(numbered(7)).toHaveCount(1);
  await expect(numbered(6)).toHaveCount(0);

  await page
    .getByRole('region', { name: `Conversation with ${newLandlord.name}` })
    .evaluate((el) => {
      el.scrollTop = 0;
    });
  await expect(messages).toHaveCount(56);
  await expect(numbered(1)).toHaveCount(1);
  // The page above was added without moving what was on screen.
  await expect(numbered(7)).toBeInViewport();
  await expect(numbered(1)).not.toBeInViewport();
  await expect(page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
});
