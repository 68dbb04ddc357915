import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../env.ts';

/** Names are server-made and never reused, so every object may be cached for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Private media (note photos, renter documents) is answered to its owner only, and kept by no cache. */
export const PRIVATE_MEDIA_CACHE_CONTROL = 'private, no-store';

/** A stored object opened for streaming. */
export type MediaObject = { body: ReadableStream<Uint8Array>; size: number | undefined };

/**
 * Where uploaded media lives. Keys are server-made (`listings/<listing>/<photo>-800.webp`);
 * nothing a user sends becomes part of a path.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Fails with a clear message when the storage cannot be used (checked at start-up). */
  check(): Promise<void>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object as a stream, or null when there is none; what the /media route serves. */
  open(key: string): Promise<MediaObject | null>;
  /** The bytes of a stored object, or null. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  delete(keys: string[]): Promise<void>;
  /**
   * The URL browsers fetch the object from (`/media/<key>`, or under S3_PUBLIC_URL); throws for
   * a private key (`isPrivateMediaKey`), which has none.
   */
  publicUrl(key: string): string;
}

/**
 * Keys are lower-case path segments ending in a media extension (`.bin`: a renter's document,
 * typed by its row, not its name); never `..` or absolute.
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(webp|bin)$/;

export function isValidMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Where private media is stored (note photos, issue 26): never served at `/media` and never
 * given a public URL; the module that owns it streams it to whoever may see it. With S3, keep
 * `private/` out of any public-read bucket policy (S3_PUBLIC_URL's CDN included).
 */
export const PRIVATE_MEDIA_PREFIX = 'private/';

/** Note photos stored before issue 26, under `notes/`, are private too. */
const PRIVATE_PREFIXES = [PRIVATE_MEDIA_PREFIX, 'notes/'];

export function isPrivateMediaKey(key: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** What a stored object says about caching it (only a bucket served directly ever sends it). */
function cacheControlOf(key: string): string {
  return isPrivateMediaKey(key) ? PRIVATE_MEDIA_CACHE_CONTROL : MEDIA_CACHE_CONTROL;
}

/** A private key has no public URL: asking for one is a bug, not a link to hand out. */
function assertPublic(key: string) {
  if (isPrivateMediaKey(key)) throw new Error(`private media has no public URL: ${key}`);
}

function assertKey(key: string) {
  if (!isValidMediaKey(key)) throw new Error(`invalid media key: ${key}`);
}

/** Local disk under DATA_DIR/media, served by this process at /media/*. */
export function createLocalStorage(root: string): MediaStorage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK).catch(() => {
        throw new Error(`Media directory ${root} is not writable.`);
      });
    },
    async put(key, body) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, target);
    },
    async open(key) {
      if (!isValidMediaKey(key)) return null;
      const handle = await fs.open(file(key)).catch(() => null);
      if (!handle) return null;
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw new Error('not a file');
        const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
        return { body, size: stat.size };
      } catch {
        await handle.close();
        return null;
      }
    },
    async read(key) {
      if (!isValidMediaKey(key)) return null;
      return fs.readFile(file(key)).catch(() => null);
    },
    async exists(key) {
      return fs
        .access(file(key))
        .then(() => true)
        .catch(() => false);
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(file(key), { force: true })));
    },
    publicUrl(key) {
      assertPublic(key);
      return `/media/${key}`;
    },
  };
}

export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, ...); unset: AWS S3 of `region`. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  /** Both or neither; neither: the AWS SDK's default credential chain (instance role, ...). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** A base URL that serves the bucket (a CDN); unset: this app serves `/media/*` from S3. */
  publicUrl?: string | undefined;
};

/** The HTTP status of an AWS SDK error, if it came from a response. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/**
 * Any S3-compatible object storage. Objects keep their server-made keys, typed WebP and cached
 * for a year; browsers fetch them from S3_PUBLIC_URL (a CDN in front of the bucket) or, without
 * one, from this app's `/media/*`, which streams them from the bucket.
 */
export function createS3Storage(config: S3StorageConfig): MediaStorage {
  // The SDK loads on first use, and only with a bucket configured: at every start it was a fifth
  // of the CPU the server spends loading modules (decision 021).
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: newClient(sdk) })));
  const newClient = (sdk: typeof import('@aws-sdk/client-s3')) =>
    new sdk.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle ?? false,
      ...(config.accessKeyId && config.secretAccessKey
        ? {
            credentials: {
              accessKeyId: config.accessKeyId,
              secretAccessKey: config.secretAccessKey,
            },
          }
        : {}),
      // Checksums only where the API requires them: not every S3-compatible server knows the
      // newer flexible-checksum headers the SDK would otherwise send on every PUT.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A dead endpoint fails a request (and start-up) instead of hanging it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  const Bucket = config.bucket;
  const base = config.publicUrl?.replace(/\/+$/, '');
  const open = async (key: string): Promise<MediaObject | null> => {
    if (!isValidMediaKey(key)) return null;
    try {
      const { sdk, client } = await s3();
      const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
      if (!object.Body) return null;
      return {
        body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        size: object.ContentLength,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const where = `bucket "${Bucket}"${config.endpoint ? ` at ${config.endpoint}` : ` in ${config.region}`}`;

  return {
    kind: 's3',
    async check() {
      try {
        const { sdk, client } = await s3();
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        const reason =
          status === 404
            ? 'it does not exist (create it first)'
            : status === 403
              ? 'access was denied (check S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY and that they may list the bucket)'
              : status === 301
                ? `it is not in region ${config.region} (check S3_REGION)`
                : `${(error as Error).name}: ${(error as Error).message}`;
        throw new Error(`S3 media storage: cannot use ${where}: ${reason}.`, { cause: error });
      }
    },
    async put(key, body, contentType) {
      assertKey(key);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: cacheControlOf(key),
        }),
      );
    },
    open,
    async read(key) {
      const object = await open(key);
      if (!object) return null;
      return Buffer.from(await new Response(object.body).arrayBuffer());
    },
    async exists(key) {
      assertKey(key);
      try {
        const { sdk, client } = await s3();
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(keys) {
      // One DeleteObject per key (a photo has at most three): DeleteObjects needs a checksum
      // header that some S3-compatible servers reject.
      keys.forEach(assertKey);
      const { sdk, client } = await s3();
      await Promise.all(
        keys.map((Key) => client.send(new sdk.DeleteObjectCommand({ Bucket, Key }))),
      );
    },
    publicUrl(key) {
      assertPublic(key);
      return base ? `${base}/${key}` : `/media/${key}`;
    },
  };
}

/** S3-compatible storage when S3_BUCKET is set (env.ts checks the rest); local disk otherwise. */
export function createStorage(
  env: Pick<
    Env,
    | 'DATA_DIR'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_FORCE_PATH_STYLE'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_PUBLIC_URL'
  >,
): MediaStorage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(path.join(env.DATA_DIR, 'media'));
}

/** Origins images may come from besides our own (for the CSP's img-src). */
export function mediaOrigins(env: Pick<Env, 'S3_BUCKET' | 'S3_PUBLIC_URL'>): string[] {
  return env.S3_BUCKET && env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [];
}
