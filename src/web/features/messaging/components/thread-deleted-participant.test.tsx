// @vitest-environment happy-dom
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  aMessage,
  CONVERSATION,
  LISTING,
  ME,
  OTHER,
  renderMessaging,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { cleanup, waitFor } from '../../../testing/render.tsx';
import { clearPending } from '../hooks/pending-messages.ts';
import { ChatPage } from './chat-page.tsx';

/** Decision 039: a thread with a deleted account stays readable, with no composer. */

function Chat() {
  const { conversationId } = useParams();
  return (
    <ChatPage
      me={{ id: ME, userType: 'landlord' }}
      conversationId={conversationId ?? null}
      listingHint={null}
    />
  );
}

const deletedUser = { id: OTHER, name: 'Deleted user', role: 'renter', deleted: true } as const;

function api() {
  return stubApi((call) => {
    const path = call.url.pathname;
    if (path === '/api/messages/unread-count') return { body: { total: 0, byConversation: {} } };
    if (path === '/api/conversations') return { body: { items: [] } };
    if (path === `/api/conversations/${CONVERSATION}`) {
      return {
        body: {
          conversation: {
            id: CONVERSATION,
            participant1Id: ME,
            participant2Id: OTHER,
            listingId: LISTING,
            createdAt: '2026-11-19T15:00:00.000Z',
            updatedAt: '2026-11-20T15:00:00.000Z',
            otherParticipant: deletedUser,
            listingContext: null,
          },
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

afterEach(async () => {
  await cleanup();
  clearPending();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('a thread with a deleted account', () => {
  it('shows "Deleted user" with a plain avatar, the messages, and a notice instead of the composer', async () => {
    api();
    const { container } = await renderMessaging(<Chat />, {
      path: `/chat/${CONVERSATION}`,
      pattern: '/chat/:conversationId?',
    });
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
