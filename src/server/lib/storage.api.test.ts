import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PhotoResponseSchema,
  PhotosResponseSchema,
} from '../../shared/schemas/listing-responses.ts';
import { publishListing, readListing, testJpeg, uploadPhoto } from '../test/listing-fixtures.ts';
import { createTestApp } from '../test/test-app.ts';
import { createS3Storage, MEDIA_CACHE_CONTROL, mediaOrigins } from './storage.ts';

/**
 * Media on a real S3-compatible server (s3rver, in this process, on a free port, files in a
 * temp dir), driven through the real photo upload API. The SDK is not mocked.
 */
const BUCKET = 'stoop-media';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }; // s3rver's own credentials
const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-s3rver-'));
const s3rver = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: s3dir,
  configureBuckets: [{ name: BUCKET, configs: [] }],
});
const { port } = await s3rver.run();
const endpoint = `http://127.0.0.1:${port}`;
afterAll(async () => {
  await s3rver.close();
  fs.rmSync(s3dir, { recursive: true, force: true });
});

const s3Env = {
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: KEYS.accessKeyId,
  S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
};
const bucket = new S3Client({
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  credentials: KEYS,
});

async function keysUnder(prefix: string): Promise<string[]> {
  const list = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (list.Contents ?? []).map((o) => o.Key ?? '').sort();
}

// Two apps on the same bucket: one serves /media itself, one names a public URL (a CDN).
const { app, deps, client } = await createTestApp({ env: s3Env });
const landlord = client.fork();
await landlord.signUp({ userType: 'landlord' });
const publicUrl = `${endpoint}/${BUCKET}/`;
const cdn = await createTestApp({ env: { ...s3Env, S3_PUBLIC_URL: publicUrl } });
const cdnLandlord = cdn.client.fork();
await cdnLandlord.signUp({ userType: 'landlord' });

describe('S3 media storage without a public URL (the app serves /media from the bucket)', () => {
  it('stores uploaded photos in the bucket and serves them at /media', async () => {
    expect(deps.storage.kind).toBe('s3');
    await deps.storage.check();
    const draft = await readListing(await landlord.post('/api/listings', { title: 'S3 photo' }));
    const res = await uploadPhoto(
      app,
      landlord,
      draft.id,
      await testJpeg({ width: 1000, height: 750 }),
    );
    expect(res.status).toBe(201);
    const { photo } = PhotoResponseSchema.parse(await res.json());
    expect(photo.sources.map((s) => s.width)).toEqual([400, 800, 1000]);

    // The objects are in the bucket under server-made names, typed and cached for a year.
    const expected = photo.sources.map((s) => s.url.replace(/^\/media\//, '')).sort();
    expect(await keysUnder(`listings/${draft.id}/`)).toEqual(expected);
    for (const source of photo.sources) {
      expect(source.url).toMatch(/^\/media\/listings\/[0-9a-f-]+\/[0-9a-f-]+-\d+\.webp$/);
      const key = source.url.replace(/^\/media\//, '');
      const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(object.ContentType).toBe('image/webp');
      expect(object.CacheControl).toBe(MEDIA_CACHE_CONTROL);
      const stored = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      expect(await sharp(stored).metadata()).toMatchObject({
        format: 'webp',
        width: source.width,
        height: source.height,
      });

      // /media streams the same bytes with the same headers as local media.
      const media = await app.request(source.url);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('image/webp');
      expect(media.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
      expect(media.headers.get('x-content-type-options')).toBe('nosniff');
      // Media never runs as a document (the page CSP must not replace this one).
      expect(media.headers.get('content-security-policy')).toMatch(
        /^default-src 'none'; sandbox;?$/,
      );
      expect(media.headers.get('content-length')).toBe(String(stored.length));
      expect(Buffer.from(await media.arrayBuffer()).equals(stored)).toBe(true);
    }

    // The listing JSON's photos (and srcset sources) point at those objects.
    const listing = await readListing(await landlord.get(`/api/listings/${draft.id}`));
    expect(listing.photos[0]?.sources).toEqual(photo.sources);
    expect(listing.photos[0]?.url).toBe(photo.sources.find((s) => s.width === 800)?.url);
  });

  it('answers HEAD without a body and 404 for objects that are not there', async () => {
    const listing = await publishListing(app, landlord);
    const url = listing.photos[0]?.url ?? '';
    const head = await app.request(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
    expect((await app.request(url.replace(/-\d+\.webp$/, '-9999.webp'))).status).toBe(404);
    expect((await app.request('/media/listings/..%2f..%2fetc/passwd')).status).toBe(404);
    expect((await app.request('/media/listings/x/Y.PNG')).status).toBe(404);
  });

  it('deletes a removed photo from the bucket', async () => {
    const draft = await readListing(await landlord.post('/api/listings', { title: 'Two photos' }));
    const ids: string[] = [];
    for (const width of [640, 700]) {
      const res = await uploadPhoto(app, landlord, draft.id, await testJpeg({ width }));
      ids.push(PhotoResponseSchema.parse(await res.json()).photo.id);
    }
    expect(await keysUnder(`listings/${draft.id}/${ids[0]}`)).toHaveLength(2);
    const res = await landlord.request('DELETE', `/api/listings/${draft.id}/photos/${ids[0]}`);
    expect(PhotosResponseSchema.parse(await res.json()).photos.map((p) => p.id)).toEqual([ids[1]]);
    expect(await keysUnder(`listings/${draft.id}/${ids[0]}`)).toEqual([]);
    expect(await keysUnder(`listings/${draft.id}/${ids[1]}`)).toHaveLength(2);
    expect(await deps.storage.exists(`listings/${draft.id}/${ids[0]}-400.webp`)).toBe(false);
    expect(await deps.storage.exists(`listings/${draft.id}/${ids[1]}-400.webp`)).toBe(true);
  });
});

describe('S3 media storage behind a public URL (a CDN in front of the bucket)', () => {
  it('points photo URLs (and srcset) at the public URL, which serves the objects', async () => {
    const listing = await publishListing(cdn.app, cdnLandlord);
    const photo = listing.photos[0];
    expect(photo?.sources.length).toBeGreaterThan(0);
    for (const source of photo?.sources ?? []) {
      expect(source.url.startsWith(`${endpoint}/${BUCKET}/listings/${listing.id}/`)).toBe(true);
      const key = source.url.slice(`${endpoint}/${BUCKET}/`.length);
      const head = await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(head.ContentType).toBe('image/webp');
      // Fetched as a browser would, straight from the "CDN" (s3rver serves the bucket).
      const res = await fetch(source.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: source.width });
    }
    expect(mediaOrigins({ S3_BUCKET: BUCKET, S3_PUBLIC_URL: publicUrl })).toEqual([endpoint]);
    expect(mediaOrigins({ S3_BUCKET: undefined, S3_PUBLIC_URL: undefined })).toEqual([]);
    // Pages may show images from there; without a public URL they may not.
    const csp = (await cdn.app.request('/api/health')).headers.get('content-security-policy');
    expect(csp).toMatch(new RegExp(`img-src [^;]*${endpoint.replace(/[.:/]/g, '\\$&')}`));
    const own = (await app.request('/api/health')).headers.get('content-security-policy');
    expect(own).not.toContain(endpoint);
  });
});

describe('S3 storage start-up check', () => {
  it('fails with a clear message for a missing bucket, bad keys or a dead endpoint', async () => {
    const base = { region: 'us-east-1', endpoint, forcePathStyle: true, ...KEYS };
    await expect(createS3Storage({ ...base, bucket: BUCKET }).check()).resolves.toBeUndefined();
    await expect(createS3Storage({ ...base, bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      `S3 media storage: cannot use bucket "no-such-bucket" at ${endpoint}: it does not exist`,
    );
    // (s3rver checks the key id, not the signature)
    const badKeys = createS3Storage({ ...base, bucket: BUCKET, accessKeyId: 'UNKNOWN' });
    await expect(badKeys.check()).rejects.toThrow(/access was denied/);
    const dead = createS3Storage({ ...base, bucket: BUCKET, endpoint: 'http://127.0.0.1:9' });
    await expect(dead.check()).rejects.toThrow(/cannot use bucket "stoop-media" at http:\/\/127/);
  });
});
