import { useState } from 'react';
import { GALLERY_SIZES } from '../../../../shared/listing-photos.ts';
import type { Photo } from '../../../../shared/schemas/listing-responses.ts';
import { cn } from '../../../lib/cn.ts';
import { ListingPhoto } from './listing-photo.tsx';

/** The main photo with a strip of thumbnails to switch it. */
export function ListingGallery({ photos, title }: { photos: readonly Photo[]; title: string }) {
  const [index, setIndex] = useState(0);
  const current = photos[Math.min(index, photos.length - 1)] ?? null;
  return (
    <div className="flex flex-col gap-2">
      <ListingPhoto
        photo={current}
        alt={current ? `${title}, photo ${index + 1} of ${photos.length}` : ''}
        sizes={GALLERY_SIZES}
        className="rounded-2xl"
        priority
      />
      {photos.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {photos.map((photo, i) => (
            <li key={photo.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-pressed={i === index}
                className={cn(
                  'block w-24 overflow-hidden rounded-lg border-2',
                  i === index ? 'border-brand-700' : 'border-transparent',
                )}
              >
                <ListingPhoto photo={photo} alt="" sizes="96px" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
