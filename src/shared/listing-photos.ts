import type { Photo } from './schemas/listing-responses.ts';

/*
 * How listing photos are asked for, shared by the web app's `<img srcset sizes>` and the
 * server's `<link rel="preload">` for the same image: a preload is only used when its
 * `imagesrcset` and `imagesizes` equal the image's own.
 */

/** The `sizes` of a listing page's main photo (the gallery). */
export const GALLERY_SIZES = '(min-width: 1024px) 800px, 100vw';

/** The `sizes` of a listing card's photo (search results, saved listings, featured). */
export const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

/** The `srcset` of a photo's sources. */
export function photoSrcSet(photo: Pick<Photo, 'sources'>): string {
  return photo.sources.map((s) => `${s.url} ${s.width}w`).join(', ');
}
