import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLatestConversations } from '../api/get-conversations.ts';
import { useUnreadCounts } from '../api/get-unread-count.ts';
import { ConversationItem } from './conversation-item.tsx';

/** How many a dashboard shows (a page waiting for this card asks for the same query). */
export const LATEST_CONVERSATIONS = 5;

type LatestConversationsProps = {
  userId: string;
  /** What a user with no conversation is told (renters and landlords start them differently). */
  emptyText: string;
};

/** A dashboard's latest conversations with their live unread counts, each linking to its thread. */
export function LatestConversations({ userId, emptyText }: LatestConversationsProps) {
  const conversations = useLatestConversations(LATEST_CONVERSATIONS);
  const unread = useUnreadCounts(userId);
  return (
    <section
      aria-labelledby="conversations-heading"
      className="rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="flex items-baseline justify-between px-4 pt-4 pb-2">
        <h2 id="conversations-heading" className="text-lg font-semibold text-stone-900">
          Latest conversations
        </h2>
        <Link
          to={paths.chat.href()}
          className="text-sm font-semibold text-brand-800 hover:underline"
        >
          All messages →
        </Link>
      </div>
      {conversations.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner size="md" label="Loading conversations" />
        </div>
      ) : conversations.isError ? (
        <div className="p-4">
          <Alert>{errorMessage(conversations.error)}</Alert>
        </div>
      ) : conversations.data.length === 0 ? (
        <p className="px-4 pb-6 text-stone-600">{emptyText}</p>
      ) : (
        <ul data-testid="dashboard-conversations">
          {conversations.data.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              me={userId}
              href={paths.conversation.href(conversation.id)}
              active={false}
              unread={unread?.byConversation[conversation.id] ?? conversation.unreadCount}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
