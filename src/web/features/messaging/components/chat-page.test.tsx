// @vitest-environment happy-dom
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import { aConversation, openChat } from '../../../testing/chat-page-harness.tsx';
import { buttonNamed, byText, pressKey, typeInto } from '../../../testing/dom-queries.ts';
import {
  type ApiCall,
  aMessage,
  aSummary,
  CONVERSATION,
  LISTING,
  ME,
  messageId,
  OTHER,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { clearPending } from '../hooks/pending-messages.ts';
import { messagingLive } from '../live/apply-live-event.ts';
import { loadMessageCheck } from './message-text-field.tsx';

// The message check is loaded, as it is once a message box has had focus (composer-first-send
// covers before).
beforeAll(async () => {
  await loadMessageCheck();
});

type Reply = { status: number; body: unknown };
type Overrides = {
  send?: (call: ApiCall) => Reply | Promise<Reply> | undefined;
  messages?: ReturnType<typeof aMessage>[];
};

function api({ send, messages = [] }: Overrides = {}) {
  return stubApi((call) => {
    const path = call.url.pathname;
    if (path === '/api/messages/unread-count') return { body: { total: 0, byConversation: {} } };
    if (path === '/api/conversations/suggestions') {
      return {
        body: {
          items: [{ kind: 'participant', value: 'Lars Landlord', conversationId: CONVERSATION }],
        },
      };
    }
    if (path === '/api/conversations') {
      return {
        body: {
          items: [
            aSummary(),
            aSummary({
              id: '00000000-0000-4000-8000-0000000000c2',
              otherParticipant: {
                id: '00000000-0000-4000-8000-0000000000e1',
                name: '',
                role: 'renter',
              },
              lastMessage: null,
              unreadCount: 0,
              listingContext: null,
            }),
          ],
          nextCursor: null,
        },
      };
    }
    if (path === '/api/conversations/listings') {
      return { body: { items: [aSummary().listingContext] } };
    }
    if (path === `/api/conversations/${CONVERSATION}`) {
      return { body: { conversation: aConversation() } };
    }
    if (path === `/api/conversations/${CONVERSATION}/messages` && call.method === 'GET') {
      return { body: { items: messages, nextCursor: null } };
    }
    if (path === `/api/conversations/${CONVERSATION}/messages` && call.method === 'POST') {
      return send?.(call);
    }
    if (path === `/api/conversations/${CONVERSATION}/read`) {
      return { body: { marked: 1, readAt: '2026-11-21T12:00:00.000Z' } };
    }
    return undefined;
  });
}

resetPageAfterEach(clearPending);

const open = (path: string) => openChat(path, 'renter');

describe('the conversation list', () => {
  it('shows each conversation: name (or Unknown User), initials, last message, time, unread, listing', async () => {
    api();
    const { container } = await open('/chat');
    await waitFor(() =>
      expect(container.querySelectorAll('[data-testid="conversation-item"]')).toHaveLength(2),
    );
    const [first, second] = container.querySelectorAll('[data-testid="conversation-item"]');
    expect(first?.getAttribute('href')).toBe(`/chat/${CONVERSATION}`);
    expect(first?.querySelector('[data-testid="avatar"]')?.textContent).toBe('LL');
    expect(first?.textContent).toContain('Lars Landlord');
    // Stored as typed (decision 022), shown as plain text.
    expect(first?.textContent).toContain('See you at 5 & bring ID');
    expect(first?.querySelector('[data-testid="listing-context"]')?.textContent).toBe(
      'Sunny two-bedroom · 12 Test Street',
    );
    expect(first?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T15:00:00.000Z');
    // The live counts say 0 unread (the summary's 2 is older news).
    expect(first?.querySelector('[data-testid="conversation-unread"]')).toBeNull();
    expect(second?.textContent).toContain('Unknown User');
    expect(second?.querySelector('[data-testid="avatar"]')?.textContent).toBe('UU');
    expect(second?.textContent).toContain('No messages yet');
  });

  it('searches 300 ms after typing stops, and offers suggestions', async () => {
    const calls = api();
    const { container, router } = await open('/chat');
    const box = container.querySelector<HTMLInputElement>('input[role="combobox"]');
    if (!box) throw new Error('no search box');
    const searches = () =>
      calls.filter(
        (c) => c.url.pathname === '/api/conversations' && c.url.searchParams.has('searchTerm'),
      );
    // The debounce on a fake clock: a slow machine's pauses between keystrokes must not search.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => typeInto(box, 'l'));
      await act(async () => typeInto(box, 'la'));
      await act(async () => typeInto(box, 'lar'));
      await act(async () => vi.advanceTimersByTime(CONVERSATION_SEARCH_DEBOUNCE_MS - 1));
      expect(searches()).toHaveLength(0);
      await act(async () => vi.advanceTimersByTime(1));
      await act(async () => vi.runOnlyPendingTimers());
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.url.searchParams.get('searchTerm')).toBe('lar');
    expect(router.state.location.search).toBe('?q=lar');

    await act(async () => box.focus());
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    const option = container.querySelector('[role="option"]');
    expect(option?.textContent).toContain('Lars Landlord');
    await act(async () => pressKey(box, 'ArrowDown'));
    expect(box.getAttribute('aria-activedescendant')).toBe(option?.id);
    await act(async () => pressKey(box, 'Enter'));
    expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION}`);
  });

  it('filters by unread, role and listing, and sorts', async () => {
    const calls = api();
    const { container } = await open('/chat');
    await waitFor(() =>
      expect(container.querySelector('[data-testid="conversation-item"]')).not.toBeNull(),
    );
    const last = () => calls.filter((c) => c.url.pathname === '/api/conversations').at(-1)?.url;
    const unread =
      byText(container, 'Unread only')?.querySelector('input') ??
      container.querySelector<HTMLInputElement>('input[type="checkbox"]');
    await act(async () => unread?.click());
    await waitFor(() => expect(last()?.searchParams.get('showUnreadOnly')).toBe('true'));
    const [sort, role, listing] = container.querySelectorAll('select');
    await act(async () => {
      if (!sort || !role || !listing) throw new Error('no selects');
      sort.value = 'unread_first';
      sort.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(last()?.searchParams.get('sort')).toBe('unread_first'));
    await act(async () => {
      if (!role) return;
      role.value = 'landlord';
      role.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(last()?.searchParams.get('participantRole')).toBe('landlord'));
    expect([...(listing?.options ?? [])].map((o) => o.textContent)).toEqual([
      'All listings',
      'Sunny two-bedroom',
    ]);
    await act(async () => {
      if (!listing) return;
      listing.value = LISTING;
      listing.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(last()?.searchParams.get('listingId')).toBe(LISTING));
  });
});

describe('the thread', () => {
  const today = new Date().toISOString();
  const thread = () => [
    aMessage({
      id: messageId(1),
      senderId: OTHER,
      content: 'Hi! <b>Welcome</b> &lt;3 x<y',
      createdAt: '2026-11-18T15:00:00.000Z',
      isRead: true,
    }),
    aMessage({
      id: messageId(2),
      senderId: ME,
      receiverId: OTHER,
      content: 'Is it still available?',
      createdAt: '2026-11-18T15:05:00.000Z',
      readByReceiverAt: '2026-11-18T16:00:00.000Z',
    }),
    aMessage({
      id: messageId(3),
      senderId: ME,
      receiverId: OTHER,
      content: 'Tomorrow works',
      createdAt: today,
      isEdited: true,
      editedAt: today,
    }),
    aMessage({
      id: messageId(4),
      senderId: OTHER,
      content: 'Great',
      createdAt: today,
      isRead: false,
    }),
  ];

  it('shows day separators, text as text, sent/read ticks and "edited"; marks it read', async () => {
    const calls = api({ messages: thread() });
    const { container } = await open(`/chat/${CONVERSATION}`);
    await waitFor(() =>
      expect(container.querySelectorAll('[data-testid="message"]')).toHaveLength(4),
    );
    expect(container.querySelector('[data-testid="thread-title"]')?.textContent).toBe(
      'Lars Landlord',
    );
    const separators = [...container.querySelectorAll('[data-testid="day-separator"]')].map(
      (h) => h.textContent,
    );
    expect(separators).toEqual(['Wednesday, November 18, 2026', 'Today']);
    const [first, second, third] = container.querySelectorAll('[data-testid="message"]');
    expect(first?.textContent).toContain('Hi! <b>Welcome</b> &lt;3 x<y');
    expect(first?.querySelector('b')).toBeNull();
    expect(second?.querySelector('[data-testid="message-status"]')?.textContent).toContain('Read');
    expect(third?.querySelector('[data-testid="message-status"]')?.textContent).toContain('Sent');
    expect(third?.querySelector('[data-testid="edited"]')?.textContent).toMatch(/edited \d/);
    // On a phone the list is its own screen: hidden while a thread is open.
    expect(container.querySelector('section[aria-label="Conversations"]')?.className).toMatch(
      /(^| )hidden( |$)/,
    );
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname.endsWith('/read') && c.method === 'POST')).toBe(true),
    );
  });

  it('sends optimistically; a failure toasts and Retry reuses the idempotency key', async () => {
    let fail = true;
    const sent: ApiCall[] = [];
    api({
      send: (call) => {
        sent.push(call);
        if (fail) {
          return {
            status: 500,
            body: { error: { code: 'MESSAGE_SEND_FAILED', message: 'Failed to send message' } },
          };
        }
        const body = call.body as { content: string };
        return {
          status: 201,
          body: {
            message: aMessage({
              id: messageId(99),
              senderId: ME,
              receiverId: OTHER,
              content: body.content,
              createdAt: new Date().toISOString(),
            }),
          },
        };
      },
    });
    const { container } = await open(`/chat/${CONVERSATION}`);
    const textarea = await (async () => {
      await waitFor(() => expect(container.querySelector('form textarea')).not.toBeNull());
      return container.querySelector<HTMLTextAreaElement>('form textarea');
    })();
    if (!textarea) throw new Error('no composer');
    await act(async () => typeInto(textarea, 'Can I see it Saturday?'));
    await act(async () => pressKey(textarea, 'Enter'));
    expect(container.querySelector('[data-testid="pending-message"]')?.textContent).toContain(
      'Can I see it Saturday?',
    );
    await waitFor(() =>
      expect(container.querySelector('[data-toast-type="error"]')?.textContent).toContain(
        'Failed to send message',
      ),
    );
    expect(container.querySelector('[data-testid="pending-message"]')?.textContent).toContain(
      'Not sent',
    );
    fail = false;
    await act(async () => buttonNamed(container, 'Retry')?.click());
    await waitFor(() =>
      expect(container.querySelector('[data-testid="pending-message"]')).toBeNull(),
    );
    expect(sent).toHaveLength(2);
    const [a, b] = sent.map((c) => c.body as { idempotencyKey: string; listingId?: string });
    expect(a?.idempotencyKey).toBeTruthy();
    expect(b?.idempotencyKey).toBe(a?.idempotencyKey);
    expect(a?.listingId).toBe(LISTING);
    expect(container.querySelector(`[data-message-id="${messageId(99)}"]`)?.textContent).toContain(
      'Can I see it Saturday?',
    );
  });

  it('replaces a pending message with its own delivered copy only, beside one of the same text', async () => {
    const sent: ApiCall[] = [];
    // The answers never come: only the live stream delivers.
    api({
      send: (call) => {
        sent.push(call);
        return new Promise<Reply>(() => {});
      },
    });
    const { container, queryClient } = await open(`/chat/${CONVERSATION}`);
    await waitFor(() => expect(container.querySelector('form textarea')).not.toBeNull());
    const textarea = container.querySelector<HTMLTextAreaElement>('form textarea');
    if (!textarea) throw new Error('no composer');
    for (let i = 0; i < 2; i += 1) {
      await act(async () => typeInto(textarea, 'On my way'));
      await act(async () => pressKey(textarea, 'Enter'));
    }
    const shownPending = () => container.querySelectorAll('[data-testid="pending-message"]');
    expect(shownPending()).toHaveLength(2);
    const second = sent[1]?.body as { idempotencyKey: string };
    const delivered = aMessage({
      id: messageId(77),
      senderId: ME,
      receiverId: OTHER,
      content: 'On my way',
      createdAt: new Date().toISOString(),
    });
    await act(async () =>
      messagingLive.handlers['message.created']?.apply(
        { message: delivered, idempotencyKey: second.idempotencyKey },
        { queryClient, me: ME },
      ),
    );
    await waitFor(() => expect(shownPending()).toHaveLength(1));
    expect(shownPending()[0]?.textContent).toContain('On my way');
    expect(container.querySelector(`[data-message-id="${messageId(77)}"]`)).not.toBeNull();
  });

  it('edits my own message in place', async () => {
    const calls = stubApi((call) => {
      const path = call.url.pathname;
      if (path === `/api/conversations/${CONVERSATION}`) {
        return { body: { conversation: aConversation() } };
      }
      if (path === `/api/conversations/${CONVERSATION}/messages`) {
        return {
          body: {
            items: [
              aMessage({ id: messageId(5), senderId: ME, receiverId: OTHER, content: 'Tuesday' }),
            ],
            nextCursor: null,
          },
        };
      }
      if (path === `/api/messages/${messageId(5)}`) {
        return {
          body: {
            message: aMessage({
              id: messageId(5),
              senderId: ME,
              receiverId: OTHER,
              content: 'Wednesday',
              isEdited: true,
              editedAt: '2026-11-20T16:00:00.000Z',
            }),
          },
        };
      }
      if (path === '/api/conversations') return { body: { items: [], nextCursor: null } };
      if (path === '/api/conversations/listings') return { body: { items: [] } };
      if (path === '/api/messages/unread-count') return { body: { total: 0, byConversation: {} } };
      return undefined;
    });
    const { container } = await open(`/chat/${CONVERSATION}`);
    await waitFor(() => expect(buttonNamed(container, 'Edit message')).not.toBeNull());
    await act(async () => buttonNamed(container, 'Edit message')?.click());
    const editor = container.querySelector<HTMLTextAreaElement>(
      'form[aria-label="Edit message"] textarea',
    );
    if (!editor) throw new Error('no editor');
    expect(document.activeElement).toBe(editor);
    await act(async () => typeInto(editor, ' '));
    await act(async () => pressKey(editor, 'Enter'));
    expect(
      container.querySelector('form[aria-label="Edit message"] [role="alert"]')?.textContent,
    ).toBe('Message cannot be empty');
    await act(async () => typeInto(editor, 'Wednesday'));
    await act(async () => pressKey(editor, 'Enter'));
    await waitFor(() =>
      expect(container.querySelector('[data-testid="edited"]')?.textContent).toContain('edited'),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ content: 'Wednesday' });
    expect(container.querySelector('[data-testid="message"]')?.textContent).toContain('Wednesday');
  });

  it('says when a conversation does not exist', async () => {
    api();
    const { container } = await open('/chat/not-a-conversation');
    await waitFor(() => expect(container.textContent).toContain('Conversation not found'));
    expect(container.querySelector('[data-toast-type="error"]')?.textContent).toContain(
      'Conversation not found',
    );
  });
});
