import type { Locator, Page } from '@playwright/test';
import { ConversationResponseSchema } from '../src/shared/schemas/messaging.ts';
import { expect as baseExpect, signInThroughApi, test } from './fixtures.ts';
import { keepScreenshot } from './screens.ts';

// Conditions, not wall time: on a loaded 2-core machine a first page load can take 20 s+.
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 240_000 });

/** Issue 11 item 12: the day label never covers message text. */

const origin = (baseURL: string) => ({ Origin: new URL(baseURL).origin });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

/** Whether the day label's box overlaps the text box of any message in view. */
async function labelCoversText(page: Page) {
  const label = await box(page.getByTestId('day-separator').first().locator('span'));
  const texts = page.getByTestId('message-text');
  for (let i = 0; i < (await texts.count()); i++) {
    const t = await box(texts.nth(i));
    const overlaps =
      label.x < t.x + t.width &&
      t.x < label.x + label.width &&
      label.y < t.y + t.height &&
      t.y < label.y + label.height;
    if (overlaps) return `message ${i + 1} "${await texts.nth(i).textContent()}"`;
  }
  return null;
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`the "Today" label does not cover message text at ${viewport.width} px`, async ({
    page,
    baseURL,
    newRenter,
    newLandlord,
  }) => {
    await page.setViewportSize(viewport);
    const url = baseURL ?? '';
    await signInThroughApi(page, url, newRenter.email, newRenter.password);
    const opened = await page.request.post('/api/conversations', {
      headers: origin(url),
      data: { participantId: newLandlord.id },
    });
    const { conversation } = ConversationResponseSchema.parse(await opened.json());
    // Enough messages today to scroll on a phone and on a desktop.
    for (let i = 1; i <= 14; i++) {
      const sent = await page.request.post(`/api/conversations/${conversation.id}/messages`, {
        headers: origin(url),
        data: {
          content: `Message ${i}: is the apartment still available?`,
          idempotencyKey: crypto.randomUUID(),
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    await page.goto(`/chat/${conversation.id}`);
    await expect(page.locator('h1').first()).toBeVisible();
    const texts = page.getByTestId('message-text');
    await expect(texts).toHaveCount(14);
    await expect(page.getByTestId('day-separator')).toHaveText(['Today']);
    // After load (the thread opens at its newest message).
    await expect(texts.last()).toBeInViewport();
    expect(await labelCoversText(page)).toBeNull();

    const thread = page.getByRole('region', { name: /^Conversation with / });
    // Scrolled so the first message's text is at the top edge of the thread.
    await thread.evaluate((el) => {
      const first = el.querySelector('[data-testid="message-text"]') as HTMLElement;
      el.scrollTop += first.getBoundingClientRect().top - el.getBoundingClientRect().top;
    });
    await expect(texts.first()).toBeInViewport();
    expect(await labelCoversText(page)).toBeNull();
    await keepScreenshot(page, { path: `/tmp/wt-text-shots/chat-scrolled-${viewport.width}.png` });

    // Scrolled to the top.
    await thread.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(() => thread.evaluate((el) => el.scrollTop)).toBe(0);
    expect(await labelCoversText(page)).toBeNull();
    await keepScreenshot(page, { path: `/tmp/wt-text-shots/chat-top-${viewport.width}.png` });
  });
}
