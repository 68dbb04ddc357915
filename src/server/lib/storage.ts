import fs from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';

/**
 * Where uploaded media lives. Keys are server-made (`listings/<listing>/<photo>-800.webp`);
 * nothing a user sends becomes part of a path.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes of a stored object, or null; used by the /media route for local storage. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  delete(keys: string[]): Promise<void>;
  /** The URL browsers fetch the object from. */
  publicUrl(key: string): string;
}

/** Keys are lower-case path segments ending in a media extension; never `..` or absolute. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(webp)$/;

export function isValidMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key);
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
    async put(key, body) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, target);
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
      return `/media/${key}`;
    },
  };
}

/**
 * Local disk unless S3_* is configured. The S3 implementation is not built yet (no client was
 * chosen and tested); refusing to start beats silently keeping uploads on one instance's disk.
 */
export function createStorage(env: Pick<Env, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT'>) {
  if (env.S3_BUCKET || env.S3_ENDPOINT) {
    throw new Error(
      'S3_BUCKET/S3_ENDPOINT are set, but S3-compatible media storage is not implemented yet. ' +
        'Unset the S3_* variables to keep media on local disk under DATA_DIR/media.',
    );
  }
  return createLocalStorage(path.join(env.DATA_DIR, 'media'));
}
