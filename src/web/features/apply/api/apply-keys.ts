/** Every query of the apply feature starts with 'apply': a live change refetches them all. */
export const applyKeys = {
  all: ['apply'] as const,
  settings: (listingId: string) => ['apply', 'settings', listingId] as const,
  target: (listingId: string) => ['apply', 'target', listingId] as const,
  mine: (listingId: string) => ['apply', 'mine', listingId] as const,
  profile: ['apply', 'profile'] as const,
  documents: ['apply', 'documents'] as const,
  counts: ['apply', 'counts'] as const,
};
