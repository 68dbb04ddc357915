import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../shared/schemas/error.ts';
import { PHOTO_MESSAGES } from './lib/images.ts';
import { readListing, uploadPhoto } from './test/listing-fixtures.ts';
import { person } from './test/messaging-fixtures.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * Issue 10 item 9: a decompression bomb (a small file declaring 10000 × 10000 pixels) is refused
 * for its pixel count, by name, not as "not a photo we can read".
 */
const { app, client } = await createTestApp();
const landlord = await person(client, 'landlord');

describe('a decompression bomb', () => {
  it('is refused naming the pixel limit', async () => {
    // 100 megapixels of one colour: a few hundred KB of PNG.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#808080' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const draft = await readListing(await landlord.client.post('/api/listings', { title: 'Bomb' }));
    const res = await uploadPhoto(app, landlord.client, draft.id, bomb, { name: 'bomb.png' });
    const body = ErrorBodySchema.parse(await res.json());
    expect(res.status).toBe(400);
    expect(body.error.message).toBe(PHOTO_MESSAGES.tooManyPixels);
  }, 60_000);
});
