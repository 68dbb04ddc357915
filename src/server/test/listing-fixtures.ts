import { expect } from 'vitest';
import { type Listing, ListingResponseSchema } from '../../shared/schemas/listing-responses.ts';
import { completeFields, testJpeg } from './listing-data.ts';
import type { ApiClient } from './test-app.ts';

// Vitest-free, for the benches' and lifecycle drills' use too.
export { completeFields, testJpeg };

type RequestApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** Posts a file as the multipart "photo" field to any photo upload path. */
export function uploadPhotoTo(
  app: RequestApp,
  client: ApiClient,
  path: string,
  data: Buffer | string,
  file: { name?: string; type?: string } = {},
): Promise<Response> {
  const form = new FormData();
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  form.append(
    'photo',
    new File([new Uint8Array(bytes)], file.name ?? 'photo.jpg', {
      type: file.type ?? 'image/jpeg',
    }),
  );
  return Promise.resolve(
    app.request(path, {
      method: 'POST',
      body: form,
      headers: client.cookie ? { cookie: client.cookie } : {},
    }),
  );
}

export function uploadPhoto(
  app: RequestApp,
  client: ApiClient,
  listingId: string,
  data: Buffer | string,
  file: { name?: string; type?: string } = {},
): Promise<Response> {
  return uploadPhotoTo(app, client, `/api/listings/${listingId}/photos`, data, file);
}

export async function readListing(res: Response): Promise<Listing> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  return ListingResponseSchema.parse(body).listing;
}

/** Creates, fills in, adds a photo to and publishes a listing as `landlord`. */
export async function publishListing(
  app: RequestApp,
  landlord: ApiClient,
  overrides: Record<string, unknown> = {},
): Promise<Listing> {
  const draft = await readListing(
    await landlord.post('/api/listings', { title: 'Corner 1BR by the park' }),
  );
  await readListing(await landlord.patch(`/api/listings/${draft.id}`, completeFields(overrides)));
  const upload = await uploadPhoto(app, landlord, draft.id, await testJpeg());
  expect(upload.status).toBe(201);
  return readListing(await landlord.patch(`/api/listings/${draft.id}`, { status: 'active' }));
}
