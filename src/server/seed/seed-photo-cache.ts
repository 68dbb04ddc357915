import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProcessedPhoto } from '../lib/images.ts';

/**
 * The demo photos, once drawn and processed, kept in a folder for the next seed on this machine
 * (SEED_PHOTO_CACHE_DIR): `npm test` seeds a dozen fresh databases, and drawing the pool costs
 * about 6 CPU seconds each time. An entry is named by the hash of its scene, so a changed drawing
 * is a new entry; writes go through a rename, so two seeds at once never read half a file.
 */
type Entry = Omit<ProcessedPhoto, 'variants'> & {
  variants: { width: number; height: number }[];
};

function entryDir(dir: string, svg: string) {
  return path.join(dir, createHash('sha256').update(svg).digest('hex').slice(0, 32));
}

export async function readCachedPhoto(dir: string, svg: string): Promise<ProcessedPhoto | null> {
  const folder = entryDir(dir, svg);
  try {
    const entry = JSON.parse(await readFile(path.join(folder, 'photo.json'), 'utf8')) as Entry;
    const variants = await Promise.all(
      entry.variants.map(async (v) => ({
        ...v,
        data: await readFile(path.join(folder, `${v.width}.webp`)),
      })),
    );
    return { ...entry, variants };
  } catch {
    return null;
  }
}

export async function cachePhoto(dir: string, svg: string, photo: ProcessedPhoto) {
  const folder = entryDir(dir, svg);
  await mkdir(folder, { recursive: true });
  const atomically = async (name: string, data: string | Buffer) => {
    const temp = path.join(folder, `${name}.${process.pid}.tmp`);
    await writeFile(temp, data);
    await rename(temp, path.join(folder, name));
  };
  // The variants first: photo.json marks a complete entry.
  for (const v of photo.variants) await atomically(`${v.width}.webp`, v.data);
  const entry: Entry = {
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    variants: photo.variants.map(({ width, height }) => ({ width, height })),
  };
  await atomically('photo.json', JSON.stringify(entry));
}
