// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { aConversation, openChat } from '../../../testing/chat-page-harness.tsx';
import {
  aMessage,
  CONVERSATION,
  OTHER,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { clearPending } from '../hooks/pending-messages.ts';

/** Decision 039: a thread with a deleted account stays readable, with no composer. */

const deletedUser = { id: OTHER, name: 'Deleted user', role: 'renter', deleted: true } as const;

function api() {
  return stubApi((call) => {
    const path = call.url.pathname;
    if (path === '/api/messages/unread-count') return { body: { total: 0, byConversation: {} } };
    if (path === '/api/conversations') return { body: { items: [] } };
    if (path === `/api/conversations/${CONVERSATION}`) {
      return {
        body: {
          conversation: aConversation({ otherParticipant: deletedUser, listingContext: null }),
        },
      };
    }
    if (path === `/api/conversations/${CONVERSATION}/messages` && call.method === 'GET') {
      const message = aMessage({ senderId: OTHER, content: 'Is it still available?' });
      return { body: { items: [message], nextCursor: null } };
    }
    if (path === `/api/conversations/${CONVERSATION}/read`) {
      return { body: { marked: 0, readAt: '2026-11-21T12:00:00.000Z' } };
    }
    return undefined;
  });
}

resetPageAfterEach(clearPending);

describe('a thread with a deleted account', () => {
  it('shows "Deleted user" with a plain avatar, the messages, and a notice instead of the composer', async () => {
    api();
    const { container } = await openChat(`/chat/${CONVERSATION}`, 'landlord');
    await waitFor(() =>
      expect(container.querySelector('[data-testid="thread-title"]')?.textContent).toBe(
        'Deleted user',
      ),
    );
    await waitFor(() => expect(container.textContent).toContain('Is it still available?'));
    const avatar = container.querySelector('header [data-testid="avatar"]');
    expect(avatar?.textContent).toBe('');
    expect(avatar?.querySelector('svg')).not.toBeNull();
    expect(container.querySelector('[data-testid="thread-closed"]')?.textContent).toContain(
      'This account was deleted.',
    );
    expect(container.querySelector('form textarea')).toBeNull();
  });
});
