import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProcessedPhoto } from '../lib/images.ts';
import { cachePhoto, readCachedPhoto } from './seed-photo-cache.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-photo-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const photo: ProcessedPhoto = {
  width: 1200,
  height: 800,
  placeholder: 'data:image/webp;base64,AAAA',
  variants: [
    { width: 400, height: 267, data: Buffer.from([1, 2, 3]) },
    { width: 800, height: 533, data: Buffer.from([4, 5, 6, 7]) },
  ],
};

describe('the seed photo cache', () => {
  it('gives back a cached photo byte for byte, for the same scene only', async () => {
    expect(await readCachedPhoto(dir, '<svg>a</svg>')).toBeNull();
    await cachePhoto(dir, '<svg>a</svg>', photo);
    expect(await readCachedPhoto(dir, '<svg>a</svg>')).toEqual(photo);
    // A changed drawing is another entry, never the old photo.
    expect(await readCachedPhoto(dir, '<svg>b</svg>')).toBeNull();
  });
});
