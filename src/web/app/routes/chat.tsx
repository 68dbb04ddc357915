import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon.tsx';

/** /chat and /chat/{conversationId} */
export function Component() {
  const { conversationId } = useParams();
  return (
    <ComingSoon
      title="Messages"
      description={
        conversationId
          ? `Conversation ${conversationId}`
          : 'Your conversations with renters and landlords.'
      }
    >
      <p>
        Direct messages between renters and landlords are on their way. Your conversations will
        appear here.
      </p>
    </ComingSoon>
  );
}
