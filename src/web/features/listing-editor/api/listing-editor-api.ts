import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListingStatus } from '../../../../shared/listings.ts';
import type {
  CreateListingInput,
  LandlordListingsSchema,
  Listing,
  Photo,
  UpdateListingInput,
} from '../../../../shared/schemas/listings.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

export type LandlordListing = z.infer<typeof LandlordListingsSchema>['items'][number];

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

function parseLandlordListings(data: unknown): LandlordListing[] {
  const items = (data as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as LandlordListing[]) : unexpected();
}

/** `GET /api/landlord/listings`: every listing of the signed-in landlord, with counts. */
export function useLandlordListings() {
  return useQuery({
    queryKey: landlordListingsQueryKey,
    queryFn: () => api('/api/landlord/listings', { parse: parseLandlordListings }),
    // Views and saves change while the landlord is away: fresh counts on every visit.
    refetchOnMount: 'always',
  });
}
