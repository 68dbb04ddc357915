import { ConversationResponseSchema, MESSAGING_MESSAGES } from '../src/shared/schemas/messaging.ts';
import { USER_TEXT_EXAMPLES } from '../src/shared/user-text-examples.ts';
import { expect as baseExpect, signInThroughApi, test } from './fixtures.ts';
import { origin, publishListing } from './listing-helpers.ts';

// Conditions, not wall time: on a loaded 2-core machine a first page load can take 20 s+.
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 240_000 });

/** Decision 022 in the browser: what is typed is what everyone sees, minus real tags. */

test('chat: every typed example is rendered exactly as the table says, on both sides', async ({
  page,
  browser,
  baseURL,
  newRenter,
  newLandlord,
}) => {
  const url = baseURL ?? '';
  await signInThroughApi(page, url, newRenter.email, newRenter.password);
  const opened = await page.request.post('/api/conversations', {
    headers: origin(url),
    data: { participantId: newLandlord.id },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { conversation } = ConversationResponseSchema.parse(await opened.json());
  await page.goto(`/chat/${conversation.id}`);
  await expect(page.locator('h1').first()).toBeVisible();

  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  const texts = page.getByTestId('message-text');
  for (const [index, { typed }] of USER_TEXT_EXAMPLES.entries()) {
    await composer.fill(typed);
    await composer.press('Enter');
    await expect(texts).toHaveCount(index + 1);
  }
  const expected = USER_TEXT_EXAMPLES.map((e) => e.stored);
  // Exactly, character for character (no whitespace normalising).
  await expect.poll(() => texts.allTextContents()).toEqual(expected);

  // Markup alone leaves nothing to send: the spec's message, and nothing is sent.
  await composer.fill('<b></b>');
  await composer.press('Enter');
  await expect(page.getByText(MESSAGING_MESSAGES.contentRange)).toBeVisible();
  await expect(texts).toHaveCount(expected.length);

  // The other side, after a reload from the API, sees the same text.
  const other = await browser.newContext({ baseURL: url });
  const landlord = await other.newPage();
  await signInThroughApi(landlord, url, newLandlord.email, newLandlord.password);
  await landlord.goto(`/chat/${conversation.id}`);
  await expect(landlord.locator('h1').first()).toBeVisible();
  await expect.poll(() => landlord.getByTestId('message-text').allTextContents()).toEqual(expected);
  await other.close();
});

test('a listing title and description are rendered as typed, without real tags', async ({
  page,
  baseURL,
  newLandlord,
}) => {
  const url = baseURL ?? '';
  await signInThroughApi(page, url, newLandlord.email, newLandlord.password);
  const id = await publishListing(page.request, url, {
    title: "Tom & Jerry's <b>2BR</b> x<y <3 <tom@example.com>",
    description: 'Rent 5 > 3 & 2, a < b > c, typed &lt;b&gt; <script>alert(1)</script>kept 🏠',
  });
  await page.goto(`/listings/${id}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  expect(await heading.textContent()).toBe("Tom & Jerry's 2BR x<y <3 <tom@example.com>");
  await expect(
    page.getByText('Rent 5 > 3 & 2, a < b > c, typed &lt;b&gt; kept 🏠', { exact: true }),
  ).toBeVisible();
  await expect(page.locator('main b')).toHaveCount(0);
});
