import { pageQueryKeys } from '../../../../shared/ssr.ts';

/** Every query of the apply feature starts with 'apply': a live change refetches them all. */
export const applyKeys = {
  all: ['apply'] as const,
  settings: pageQueryKeys.applicationSettings,
  target: (listingId: string) => ['apply', 'target', listingId] as const,
  mine: (listingId: string) => ['apply', 'mine', listingId] as const,
  profile: ['apply', 'profile'] as const,
  documents: ['apply', 'documents'] as const,
  counts: ['apply', 'counts'] as const,
  /**
   * Outside 'apply' on purpose: the live refetch after joining would read the spent link as a
   * 404 and show "invalid" for the moment before the page moves on.
   */
  invitation: (token: string) => ['apply-invitation', token] as const,
};
