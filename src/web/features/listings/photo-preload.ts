import { photoSrcSet } from '../../../shared/listing-photos.ts';
import type { Photo } from '../../../shared/schemas/listing-responses.ts';

/**
 * Starts loading the file of `photo` that an `<img srcset sizes>` with these `sizes` will pick,
 * before React renders that image (`<link rel="preload" as="image" imagesrcset imagesizes>`).
 */
export function preloadPhoto(photo: Photo, sizes: string): void {
  if (typeof document === 'undefined') return;
  const srcset = photoSrcSet(photo);
  const selector = `link[rel="preload"][imagesrcset="${CSS.escape(srcset)}"]`;
  if (document.head.querySelector(selector)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.setAttribute('imagesrcset', srcset);
  link.setAttribute('imagesizes', sizes);
  link.setAttribute('fetchpriority', 'high');
  link.href = photo.url;
  document.head.append(link);
}
