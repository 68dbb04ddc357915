import { useLocation, useParams } from 'react-router';
import { useAuth } from '../../features/auth/use-auth.ts';
import { ChatPage } from '../../features/messaging/components/chat-page.tsx';
import { ReportButton } from '../../features/reports/components/report-button.tsx';

/** What "Message landlord" leaves in the history state: the listing it came from. */
function listingHintOf(state: unknown): string | null {
  const listingId = (state as { listingId?: unknown } | null)?.listingId;
  return typeof listingId === 'string' ? listingId : null;
}

/** /chat and /chat/{conversationId} (login required: `RequireAuth` wraps both). */
export function Component() {
  const { conversationId } = useParams();
  const { user } = useAuth();
  const location = useLocation();
  if (user === null) return null;
  return (
    <ChatPage
      me={user}
      conversationId={conversationId ?? null}
      listingHint={listingHintOf(location.state)}
      // Renters and landlords can report a conversation they are in (admins moderate at /admin).
      threadActions={
        user.userType === 'admin'
          ? undefined
          : (conversation) => (
              <ReportButton
                target={{ conversationId: conversation.id }}
                label="Report conversation"
                compact
                className="text-stone-700"
              />
            )
      }
    />
  );
}
