import { useId } from 'react';
import type {
  ConversationSort,
  ListingContext,
  ParticipantRole,
} from '../../../../shared/schemas/messaging.ts';
import { OptionList, type SelectOptions } from '../../../components/ui/select-field.tsx';
import type { ConversationListFilters } from '../api/messaging-keys.ts';

const SELECT_CLASS =
  'block h-10 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900 shadow-sm';

const SORTS: ReadonlyArray<[ConversationSort, string]> = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['unread_first', 'Unread first'],
];

const ROLES: ReadonlyArray<['' | ParticipantRole, string]> = [
  ['', 'Everyone'],
  ['landlord', 'Landlords'],
  ['renter', 'Renters'],
];

type ConversationFiltersProps = {
  filters: ConversationListFilters;
  onChange: (filters: ConversationListFilters) => void;
  /** The listings the user's conversations are about (for the listing filter). */
  listings: readonly ListingContext[];
};

/** Unread only, the other person's role, the listing, and the three sorts of docs/spec.md §9. */
export function ConversationFilters({ filters, onChange, listings }: ConversationFiltersProps) {
  const id = useId();
  const listingOptions: SelectOptions = [
    ['', 'All listings'],
    ...listings.map((listing) => [listing.id, listing.title] as const),
  ];
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
          <OptionList options={SORTS} />
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
          <OptionList options={ROLES} />
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
          <OptionList options={listingOptions} />
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
