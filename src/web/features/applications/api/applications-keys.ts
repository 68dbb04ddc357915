import type { ApplicationStatus } from '../../../../shared/schemas/applications.ts';

/**
 * Whose list: a renter's own applications come newest first, a landlord's oldest first (the
 * server's order, which the cache keeps when it places a changed application).
 */
export type ApplicationsSide = 'renter' | 'landlord';

/** What `GET /api/applications` is asked for. */
export type ApplicationsFilter = {
  listingId?: string | undefined;
  status?: ApplicationStatus | undefined;
};

/** Every applications query key starts with 'applications'. */
export const applicationsKeys = {
  all: ['applications'] as const,
  lists: ['applications', 'list'] as const,
  list: (side: ApplicationsSide, filter: ApplicationsFilter) =>
    [
      'applications',
      'list',
      side,
      { listingId: filter.listingId ?? null, status: filter.status ?? null },
    ] as const,
  details: ['applications', 'detail'] as const,
  detail: (id: string) => ['applications', 'detail', id] as const,
  /** The renter's documents, to attach to an answer. */
  myDocuments: ['applications', 'my-documents'] as const,
  /** The landlord's listings, to filter by. */
  myListings: ['applications', 'my-listings'] as const,
};
