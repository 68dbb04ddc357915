import { photoSrcSet } from '../../../../shared/listing-photos.ts';
import type { Photo } from '../../../../shared/schemas/listing-responses.ts';
import { cn } from '../../../lib/cn.ts';

type ListingPhotoProps = {
  photo: Photo | null;
  alt: string;
  /** The `sizes` attribute: how wide the photo is shown. */
  sizes: string;
  className?: string;
  /** Above-the-fold photos load eagerly with high priority. */
  priority?: boolean;
};

/** A listing photo: responsive `srcset`, fixed aspect ratio and a blurred placeholder. */
export function ListingPhoto({
  photo,
  alt,
  sizes,
  className,
  priority = false,
}: ListingPhotoProps) {
  if (photo === null) {
    return (
      <div
        className={cn(
          'flex aspect-[4/3] items-center justify-center bg-stone-200 text-sm text-stone-600',
          className,
        )}
      >
        No photo yet
      </div>
    );
  }
  return (
    <img
      src={photo.url}
      srcSet={photoSrcSet(photo)}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={cn('aspect-[4/3] w-full bg-stone-200 bg-cover bg-center object-cover', className)}
      style={{ backgroundImage: `url("${photo.placeholder}")` }}
    />
  );
}
