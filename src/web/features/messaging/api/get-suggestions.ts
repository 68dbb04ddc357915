import { useQuery } from '@tanstack/react-query';
import {
  SUGGESTIONS_DEFAULT_LIMIT,
  SUGGESTIONS_MIN_TERM_LENGTH,
} from '../../../../shared/constants.ts';
import type { SuggestionsSchema } from '../../../../shared/schemas/messaging.ts';
import { api, asAnswer } from '../../../lib/api-client.ts';
import { messagingKeys } from './messaging-keys.ts';

export type Suggestion = { kind: 'participant' | 'listing'; value: string; conversationId: string };

/** `GET /api/conversations/suggestions?term=…&limit=5` (terms under 2 characters get none). */
export async function fetchSuggestions(term: string, signal?: AbortSignal): Promise<Suggestion[]> {
  const params = new URLSearchParams({ term, limit: String(SUGGESTIONS_DEFAULT_LIMIT) });
  const { items } = await api(`/api/conversations/suggestions?${params}`, {
    parse: asAnswer<typeof SuggestionsSchema>,
    ...(signal ? { signal } : {}),
  });
  return items;
}

export function useSuggestions(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: messagingKeys.suggestions(trimmed),
    queryFn: ({ signal }) => fetchSuggestions(trimmed, signal),
    enabled: trimmed.length >= SUGGESTIONS_MIN_TERM_LENGTH,
    staleTime: 30_000,
  });
}
