import { useParams } from 'react-router';
import type { Conversation } from '../../shared/schemas/messaging.ts';
import { ChatPage } from '../features/messaging/components/chat-page.tsx';
import { CONVERSATION, LISTING, ME, OTHER, renderMessaging } from './messaging-test-harness.tsx';

/** Test-only: the chat page as its route mounts it (kept apart so other tests do not load it). */

/** CONVERSATION between ME and OTHER about LISTING, as `GET /api/conversations/:id` answers it. */
export function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION,
    participant1Id: ME,
    participant2Id: OTHER,
    listingId: LISTING,
    createdAt: '2026-11-19T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    otherParticipant: { id: OTHER, name: 'Lars Landlord', role: 'landlord' },
    listingContext: { id: LISTING, title: 'Sunny two-bedroom', address: '12 Test Street' },
    ...overrides,
  };
}

type UserType = 'renter' | 'landlord';

function ChatAtRoute({ userType }: { userType: UserType }) {
  const { conversationId } = useParams();
  return (
    <ChatPage
      me={{ id: ME, userType }}
      conversationId={conversationId ?? null}
      listingHint={null}
    />
  );
}

/** Renders ChatPage at `path` under `/chat/:conversationId?`, signed in as ME. */
export function openChat(path: string, userType: UserType) {
  return renderMessaging(<ChatAtRoute userType={userType} />, {
    path,
    pattern: '/chat/:conversationId?',
  });
}
