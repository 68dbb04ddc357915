import { useLiveEvents } from '../hooks/use-live-events.ts';

/** Mount once in the layout: the signed-in user's live stream (renders nothing). */
export function LiveEvents({ userId }: { userId: string | null }) {
  useLiveEvents(userId);
  return null;
}
