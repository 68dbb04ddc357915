import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NOT_LIVE, noteLiveStart, takeLiveStart } from './live-start.ts';

describe('live start', () => {
  it("notes the session's first answer with the queries started before it, handed out once", async () => {
    const queryClient = new QueryClient();
    await queryClient.fetchQuery({ queryKey: ['me'], queryFn: () => 'me', meta: NOT_LIVE });
    await queryClient.fetchQuery({ queryKey: ['listings', 1], queryFn: () => 'page' });
    noteLiveStart(queryClient, 'u1', 7);
    // A later answer (a refetch after the page's queries started) does not replace the first.
    await queryClient.fetchQuery({ queryKey: ['tours'], queryFn: () => 'tours' });
    noteLiveStart(queryClient, 'u1', 9);
    expect(takeLiveStart('u1')).toEqual({ eventId: 7, startedBefore: [['listings', 1]] });
    expect(takeLiveStart('u1')).toBeUndefined();
    expect(takeLiveStart('someone else')).toBeUndefined();
  });
});
