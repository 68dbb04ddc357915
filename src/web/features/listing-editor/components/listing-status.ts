import type { ListingStatus } from '../../../../shared/listings.ts';

export const STATUS_LABEL: Record<ListingStatus, string> = {
  draft: 'Draft',
  active: 'Live',
  rented: 'Rented',
  archived: 'Archived',
};

export const STATUS_CLASS: Record<ListingStatus, string> = {
  draft: 'bg-stone-100 text-stone-800',
  active: 'bg-brand-100 text-brand-900',
  rented: 'bg-amber-100 text-amber-900',
  archived: 'bg-stone-200 text-stone-700',
};

/** The status changes a listing offers, in the API's allowed transitions. */
export function statusActions(status: ListingStatus): Array<[ListingStatus, string]> {
  switch (status) {
    case 'draft':
      return [
        ['active', 'Publish'],
        ['archived', 'Archive'],
      ];
    case 'active':
      return [
        ['rented', 'Mark rented'],
        ['archived', 'Archive'],
      ];
    case 'rented':
      return [
        ['active', 'Relist'],
        ['archived', 'Archive'],
      ];
    case 'archived':
      return [['draft', 'Restore as draft']];
  }
}
