import sharp, { type OutputInfo } from 'sharp';
import { MAX_PHOTO_BYTES, PHOTO_MIN_SIDE_PX, PHOTO_WIDTHS } from '../../shared/listings.ts';
import type { Photo } from '../../shared/schemas/listing-responses.ts';
import { AppError } from './app-error.ts';
import type { MediaStorage } from './storage.ts';

export const PHOTO_MESSAGES = {
  unreadable: 'That file is not a photo we can read. Upload a JPEG, PNG, WebP or AVIF image.',
  svg: 'SVG files are not accepted. Upload a JPEG, PNG, WebP or AVIF photo.',
  heic: 'HEIC photos are not supported. Export the photo as JPEG and upload it again.',
  markup: 'That file contains web page code, so it is not accepted as a photo.',
  tooSmall: `Photos must be at least ${PHOTO_MIN_SIDE_PX} × ${PHOTO_MIN_SIDE_PX} pixels.`,
  tooLarge: 'Photos must be 10 MiB or smaller.',
  tooManyPixels: 'That photo has too many pixels (at most 60 megapixels).',
} as const;

const MAX_INPUT_PIXELS = 60_000_000;
const LARGEST = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] ?? 1600;

export type PhotoVariant = { width: number; height: number; data: Buffer };
export type ProcessedPhoto = {
  width: number;
  height: number;
  placeholder: string;
  variants: PhotoVariant[];
};

/**
 * Markup inside an image file (HTML in a JPEG comment, a GIFAR/HTML polyglot, SVG): such a
 * file is refused even when it also decodes as an image, because another program may read it
 * as a page. Tags are matched with a following space, `>` or `/`, which random compressed
 * bytes almost never produce.
 */
const MARKUP = /<(?:script|html|body|iframe|svg|object|embed|img|meta|!doctype|\?php)[\s>/]/i;

export function containsMarkup(data: Buffer): boolean {
  return MARKUP.test(data.toString('latin1'));
}

function refuse(message: string): never {
  throw new AppError('VALIDATION_ERROR', { message, details: [{ path: 'photo', message }] });
}

/**
 * Checks an upload by its content (never its name or declared type), then re-encodes it to
 * WebP at the fixed widths without upscaling, auto-rotated and without metadata, plus a tiny
 * blurred placeholder. Throws a 400 with a clear message for anything else.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length > MAX_PHOTO_BYTES) {
    const message = PHOTO_MESSAGES.tooLarge;
    throw new AppError('PAYLOAD_TOO_LARGE', { message, details: [{ path: 'photo', message }] });
  }
  if (input.length === 0) refuse(PHOTO_MESSAGES.unreadable);
  let format: string | undefined;
  let compression: string | undefined;
  let pixels = 0;
  try {
    // The header only (nothing is decoded), unlimited so a bomb is named for its pixels below.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    compression = meta.compression;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    refuse(PHOTO_MESSAGES.unreadable);
  }
  if (format === 'svg') refuse(PHOTO_MESSAGES.svg);
  if (format === 'heif' && compression !== 'av1') refuse(PHOTO_MESSAGES.heic);
  if (!format || !['jpeg', 'png', 'webp', 'heif'].includes(format)) {
    refuse(PHOTO_MESSAGES.unreadable);
  }
  if (pixels > MAX_INPUT_PIXELS) refuse(PHOTO_MESSAGES.tooManyPixels);
  if (containsMarkup(input)) refuse(PHOTO_MESSAGES.markup);

  // Decode once (fully: a truncated or corrupt file fails here), orient, cap the size.
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: LARGEST, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      refuse(PHOTO_MESSAGES.tooManyPixels);
    }
    refuse(PHOTO_MESSAGES.unreadable);
  }
  const { width, height, channels } = base.info;
  if (width < PHOTO_MIN_SIDE_PX || height < PHOTO_MIN_SIDE_PX) refuse(PHOTO_MESSAGES.tooSmall);
  const raw = () => sharp(base.data, { raw: { width, height, channels } });

  const widths: number[] = PHOTO_WIDTHS.filter((w) => w < width);
  if (width <= LARGEST) widths.push(width);
  const variants = await Promise.all(
    [...new Set(widths)].map(async (w) => {
      const out = await raw()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 78, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      return { width: out.info.width, height: out.info.height, data: out.data };
    }),
  );
  const tiny = await raw().resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
  return {
    width,
    height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    variants,
  };
}

export function variantKey(storageKey: string, width: number): string {
  return `${storageKey}-${width}.webp`;
}

/** The URL of a stored photo's largest variant at most `maxWidth` wide (else its smallest). */
export function variantUrlUpTo(
  storage: MediaStorage,
  storageKey: string | null,
  widths: readonly number[] | null,
  maxWidth: number,
): string | null {
  if (!storageKey || !widths?.length) return null;
  const sorted = [...widths].sort((a, b) => a - b);
  const width = sorted.filter((w) => w <= maxWidth).at(-1) ?? sorted[0];
  return width === undefined ? null : storage.publicUrl(variantKey(storageKey, width));
}

export async function storePhoto(storage: MediaStorage, storageKey: string, photo: ProcessedPhoto) {
  await Promise.all(
    photo.variants.map((v) => storage.put(variantKey(storageKey, v.width), v.data, 'image/webp')),
  );
}

/** A stored photo's row (listing photos, note photos): what `toPhoto` needs. */
export type PhotoRow = {
  id: string;
  storageKey: string;
  widths: number[];
  width: number;
  height: number;
  placeholder: string;
};

/** A processed photo stored under `storageKey`, as its row holds it. */
export function photoColumns(storageKey: string, photo: ProcessedPhoto): Omit<PhotoRow, 'id'> {
  return {
    storageKey,
    widths: photo.variants.map((v) => v.width),
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
  };
}

/**
 * A stored photo as the API sends it: every variant as a `srcset` source, at its public URL
 * unless `urlOf` says where a variant is served (a private photo's signed-in route).
 */
export function toPhoto(
  storage: MediaStorage,
  row: PhotoRow,
  urlOf: (width: number) => string = (w) => storage.publicUrl(variantKey(row.storageKey, w)),
): Photo {
  const widths = [...row.widths].sort((a, b) => a - b);
  const sources = widths.map((w) => ({
    width: w,
    height: Math.round((row.height * w) / row.width),
    url: urlOf(w),
  }));
  // A plain src for browsers without srcset: the largest at most 800 wide.
  const middle = [...sources].reverse().find((s) => s.width <= 800) ?? sources[0];
  return {
    id: row.id,
    url: middle?.url ?? '',
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    sources,
  };
}
