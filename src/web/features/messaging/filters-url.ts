import { CONVERSATION_SORTS, PARTICIPANT_ROLES } from '../../../shared/messaging.ts';
import type { ConversationSort, ParticipantRole } from '../../../shared/schemas/messaging.ts';
import { type ConversationListFilters, DEFAULT_FILTERS, isUuid } from './api/messaging-keys.ts';

/*
 * The list's filters live in the address (`/chat?sort=oldest&unread=1&role=landlord&listing=…&q=…`)
 * so Back undoes a change and a thread opened from a filtered list keeps the list as it was.
 */

export function filtersFromSearch(search: URLSearchParams): ConversationListFilters {
  const sort = search.get('sort');
  const role = search.get('role');
  const listing = search.get('listing');
  return {
    sort: (CONVERSATION_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ConversationSort)
      : DEFAULT_FILTERS.sort,
    showUnreadOnly: search.get('unread') === '1',
    participantRole: (PARTICIPANT_ROLES as readonly string[]).includes(role ?? '')
      ? (role as ParticipantRole)
      : null,
    listingId: listing && isUuid(listing) ? listing : null,
    searchTerm: (search.get('q') ?? '').slice(0, 100),
  };
}

export function searchFromFilters(filters: ConversationListFilters): string {
  const params = new URLSearchParams();
  if (filters.searchTerm.trim()) params.set('q', filters.searchTerm.trim());
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.showUnreadOnly) params.set('unread', '1');
  if (filters.participantRole) params.set('role', filters.participantRole);
  if (filters.listingId) params.set('listing', filters.listingId);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** True when anything narrows the list (the sort alone does not). */
export function hasFilters(filters: ConversationListFilters): boolean {
  return (
    filters.showUnreadOnly ||
    filters.participantRole !== null ||
    filters.listingId !== null ||
    filters.searchTerm.trim().length > 0
  );
}
