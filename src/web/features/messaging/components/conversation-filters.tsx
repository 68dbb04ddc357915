import { useId } from 'react';
import type {
  ConversationSort,
  ListingContext,
  ParticipantRole,
} from '../../../../shared/schemas/messaging.ts';
import type { ConversationListFilters } from '../api/messaging-keys.ts';

const SELECT_CLASS =
  'block h-10 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900 shadow-sm';

const SORT_LABELS: Record<ConversationSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  unread_first: 'Unread first',
};

type ConversationFiltersProps = {
  filters: ConversationListFilters;
  onChange: (filters: ConversationListFilters) => void;
  /** The listings the user's conversations are about (for the listing filter). */
  listings: readonly ListingContext[];
};

/** Unread only, the other person's role, the listing, and the three sorts of spec §9. */
export function ConversationFilters({ filters, onChange, listings }: ConversationFiltersProps) {
  const id = useId();
  return (
    <fieldset className="grid grid-cols-2 gap-x-3 gap-y-2">
      <legend className="sr-only">Filter and sort conversations</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-sort`} className="text-xs font-medium text-stone-700">
          Sort
        </label>
        <select
          id={`${id}-sort`}
          className={SELECT_CLASS}
          value={filters.sort}
          onChange={(event) =>
            onChange({ ...filters, sort: event.target.value as ConversationSort })
          }
        >
          {(Object.keys(SORT_LABELS) as ConversationSort[]).map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-role`} className="text-xs font-medium text-stone-700">
          With
        </label>
        <select
          id={`${id}-role`}
          className={SELECT_CLASS}
          value={filters.participantRole ?? ''}
          onChange={(event) =>
            onChange({
              ...filters,
              participantRole: (event.target.value || null) as ParticipantRole | null,
            })
          }
        >
          <option value="">Everyone</option>
          <option value="landlord">Landlords</option>
          <option value="renter">Renters</option>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-listing`} className="text-xs font-medium text-stone-700">
          Listing
        </label>
        <select
          id={`${id}-listing`}
          className={SELECT_CLASS}
          value={filters.listingId ?? ''}
          onChange={(event) => onChange({ ...filters, listingId: event.target.value || null })}
        >
          <option value="">All listings</option>
          {listings.map((listing) => (
            <option key={listing.id} value={listing.id}>
              {listing.title}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end">
        <label className="flex h-10 cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={filters.showUnreadOnly}
            onChange={(event) => onChange({ ...filters, showUnreadOnly: event.target.checked })}
          />
          Unread only
        </label>
      </div>
    </fieldset>
  );
}
