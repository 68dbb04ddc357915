import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateConversation } from '../api/create-conversation.ts';

type MessageLandlordButtonProps = {
  landlordId: string;
  listingId: string;
  /** The signed-in user's id, or null for a visitor. */
  userId: string | null;
  /** Where a visitor signs in first, with the state that brings them back here. */
  signIn: { to: string; state: unknown };
};

/**
 * "Message landlord" on a listing: opens (or creates) the conversation with the listing's
 * landlord, about this listing, and goes to it. A link to /chat underneath, so it still leads to
 * the messages when opened in a new tab. Nothing for the landlord of the listing themself.
 */
export function MessageLandlordButton({
  landlordId,
  listingId,
  userId,
  signIn,
}: MessageLandlordButtonProps) {
  const create = useCreateConversation();
  const navigate = useNavigate();
  const toast = useToast();

  if (userId === landlordId) return null;
  if (userId === null) {
    return (
      <Link to={signIn.to} state={signIn.state} className={buttonClass('primary')}>
        Message landlord
      </Link>
    );
  }

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle button) just opens the messages.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (create.isPending) return;
    // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
    try {
      const conversationId = await create.mutateAsync({ participantId: landlordId, listingId });
      void navigate(`/chat/${encodeURIComponent(conversationId)}`, { state: { listingId } });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Link
      to="/chat"
      onClick={onClick}
      aria-busy={create.isPending || undefined}
      className={buttonClass('primary')}
    >
      {create.isPending ? <Spinner size="sm" color="white" /> : null}
      Message landlord
    </Link>
  );
}
