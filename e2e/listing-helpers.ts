import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures.ts';

/** Mutating requests must come from our own origin. */
export const origin = (baseURL: string) => ({ Origin: new URL(baseURL).origin });

/** Publishes a listing for the signed-in landlord with these fields; returns its id. */
export async function publishListing(
  request: APIRequestContext,
  baseURL: string,
  fields: Record<string, unknown>,
) {
  const id = await createDraftListing(request, baseURL, fields);
  const published = await request.patch(`/api/listings/${id}`, {
    headers: origin(baseURL),
    data: { status: 'active' },
  });
  expect(published.status(), await published.text()).toBe(200);
  return id;
}

/** A draft listing with a photo (ready to publish) for the signed-in landlord; returns its id. */
export async function createDraftListing(
  request: APIRequestContext,
  baseURL: string,
  fields: Record<string, unknown>,
) {
  const headers = origin(baseURL);
  const created = await request.post('/api/listings', {
    headers,
    data: {
      title: 'Bright corner 2BR',
      description: 'Bright corner apartment with big windows and a quiet bedroom.',
      address: '12 Test Street',
      neighborhood: 'tribeca',
      lat: 40.7163,
      lng: -74.0086,
      rentCents: 315_000,
      bedrooms: 2,
      bathrooms: 1,
      availableFrom: '2027-01-01',
      leaseTermMonths: 12,
      pets: 'cats',
      laundry: 'in_building',
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { listing: { id: string } }).listing.id;
  const buffer = await sharp({
    create: { width: 480, height: 360, channels: 3, background: { r: 60, g: 120, b: 140 } },
  })
    .png()
    .toBuffer();
  const photo = await request.post(`/api/listings/${id}/photos`, {
    headers,
    multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer } },
  });
  expect(photo.status(), await photo.text()).toBe(201);
  return id;
}
