import { useState } from 'react';

/**
 * False until `pending` is first false, then true for good. A page shows one loading state until
 * the queries of its first screen have answered (cards filling in one by one push the ones below
 * them down: layout shift), and keeps its content on screen when a filter later fetches again.
 */
export function useSettledOnce(pending: boolean): boolean {
  const [settled, setSettled] = useState(!pending);
  // Updating state while rendering is React's way to derive it from a prop change.
  if (!settled && !pending) setSettled(true);
  return settled || !pending;
}
