import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ListingStatus } from '../../../../shared/listings.ts';
import type {
  LandlordListing,
  LandlordListingsQuery,
  LandlordListingsSchema,
} from '../../../../shared/schemas/landlord-listings.ts';
import type { Listing, Photo } from '../../../../shared/schemas/listing-responses.ts';
import type {
  CreateListingInput,
  UpdateListingInput,
} from '../../../../shared/schemas/listings.ts';
import { ApiError, api, apiAnswer } from '../../../lib/api-client.ts';

export type { LandlordListing };

function unexpected(): never {
  throw new ApiError({ status: 200, code: null, message: 'Unexpected answer from the server.' });
}

function parseListing(data: unknown): Listing {
  const listing = (data as { listing?: Listing } | null)?.listing;
  return listing && typeof listing.id === 'string' ? listing : unexpected();
}

function parsePhotos(data: unknown): Photo[] {
  const photos = (data as { photos?: unknown } | null)?.photos;
  return Array.isArray(photos) ? (photos as Photo[]) : unexpected();
}

/** `GET /api/listings/{id}`: the landlord sees their own drafts too. */
export function fetchOwnListing(id: string): Promise<Listing> {
  return api(`/api/listings/${encodeURIComponent(id)}`, { parse: parseListing });
}

export function createListing(input: CreateListingInput): Promise<Listing> {
  return api('/api/listings', { method: 'POST', body: input, parse: parseListing });
}

export function updateListing(id: string, input: UpdateListingInput): Promise<Listing> {
  return api(`/api/listings/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
    parse: parseListing,
  });
}

export function setListingStatus(id: string, status: ListingStatus): Promise<Listing> {
  return updateListing(id, { status });
}

/** A field the server refused, or a publish requirement it found unmet. */
export type PublishIssue = { path: string; message: string };

/** The `details` of an API error, as field issues (none when it has no such details). */
export function issuesOfError(error: unknown): PublishIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (d): d is PublishIssue =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as PublishIssue).path === 'string' &&
      typeof (d as PublishIssue).message === 'string',
  );
}

export type SaveDraftInput = {
  /** The draft, or null before the first save. */
  id: string | null;
  create: CreateListingInput;
  update: UpdateListingInput;
};

/**
 * Saves one step of the create wizard: the first save creates the draft (`POST`), the later
 * ones send what the step holds (`PATCH`, skipped when it holds nothing). Resolves with the
 * listing the server returned, or null when nothing was sent.
 */
export function useSaveDraft() {
  return useMutation({
    mutationFn: ({ id, create, update }: SaveDraftInput): Promise<Listing | null> => {
      if (id === null) return createListing(create);
      if (Object.keys(update).length > 0) return updateListing(id, update);
      return Promise.resolve(null);
    },
  });
}

/** Publishes a draft (`PATCH` to `active`); the server answers with what still blocks it. */
export function usePublishListing() {
  return useMutation({ mutationFn: (id: string) => setListingStatus(id, 'active') });
}

export function reorderPhotos(id: string, order: string[]): Promise<Photo[]> {
  return api(`/api/listings/${encodeURIComponent(id)}/photos`, {
    method: 'PATCH',
    body: { order },
    parse: parsePhotos,
  });
}

export function deletePhoto(id: string, photoId: string): Promise<Photo[]> {
  return api(`/api/listings/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`, {
    method: 'DELETE',
    parse: parsePhotos,
  });
}

/**
 * `POST /api/listings/{id}/photos` (multipart field `photo`) through XMLHttpRequest, which
 * reports upload progress (fetch does not). Resolves with the listing's photos in order.
 */
export function uploadPhoto(
  id: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Photo[]> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/listings/${encodeURIComponent(id)}/photos`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK', message: 'The upload failed.' }));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText) as unknown;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parsePhotos(data));
        } catch (error) {
          reject(error);
        }
        return;
      }
      const message =
        (data as { error?: { message?: unknown } } | null)?.error?.message ??
        'The photo could not be uploaded.';
      reject(
        new ApiError({
          status: xhr.status,
          code: null,
          message: typeof message === 'string' ? message : 'The photo could not be uploaded.',
        }),
      );
    };
    const form = new FormData();
    form.append('photo', file);
    xhr.send(form);
  });
}

export const landlordListingsQueryKey = ['landlord', 'listings'] as const;

export type LandlordListingsFilter = Partial<Pick<LandlordListingsQuery, 'q' | 'status' | 'page'>>;

/** The table's query string: only what differs from the defaults. */
export function landlordListingsSearch(filter: LandlordListingsFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** `GET /api/landlord/listings`: one page of the signed-in landlord's listings, with counts. */
export function useLandlordListings(filter: LandlordListingsFilter = {}) {
  const search = landlordListingsSearch(filter);
  return useQuery({
    queryKey: [...landlordListingsQueryKey, search],
    queryFn: () => apiAnswer<typeof LandlordListingsSchema>(`/api/landlord/listings${search}`),
    // The last page stays on screen while the next loads (no flash of an empty table).
    placeholderData: keepPreviousData,
    // Views and saves change while the landlord is away: fresh counts on every visit.
    refetchOnMount: 'always',
  });
}
