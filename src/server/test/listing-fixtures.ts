import sharp from 'sharp';
import { expect } from 'vitest';
import { type Listing, ListingResponseSchema } from '../../shared/schemas/listings.ts';
import type { ApiClient } from './test-app.ts';

type RequestApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** A real photo-like JPEG (gradient plus noise-free shapes) made on the spot. */
export async function testJpeg(
  options: { width?: number; height?: number; exif?: boolean } = {},
): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#3d5a80"/><circle cx="50%" cy="50%" r="30%" fill="#ee6c4d"/></svg>`;
  let image = sharp(Buffer.from(svg)).jpeg({ quality: 85 });
  if (options.exif) {
    image = image.withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'Jane Doe' } });
  }
  return image.toBuffer();
}

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

/** Everything publishing needs, apart from a photo. */
export function completeFields(overrides: Record<string, unknown> = {}) {
  return {
    description: 'A bright corner one-bedroom with a new kitchen and lots of closet space.',
    address: '215 Bedford Ave',
    unit: '4F',
    neighborhood: 'williamsburg',
    rentCents: 385_000,
    bedrooms: 1,
    bathrooms: 1,
    sqft: 650,
    availableFrom: '2026-12-01',
    leaseTermMonths: 12,
    pets: 'cats',
    laundry: 'in_building',
    amenities: ['dishwasher', 'elevator'],
    fees: [
      { type: 'application', amountCents: 2000, frequency: 'one_time', required: true },
      { type: 'security_deposit', amountCents: 385_000, frequency: 'one_time', required: true },
    ],
    ...overrides,
  };
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
