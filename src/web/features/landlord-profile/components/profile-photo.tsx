import { useRef } from 'react';
import { MAX_PHOTO_BYTES } from '../../../../shared/listings.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { initials } from '../../../lib/response-figures.ts';
import { useProfilePhoto } from '../api/landlord-profile.ts';

/** Longest side a too-large photo is scaled to before upload (the server re-encodes it anyway). */
const MAX_SIDE = 2000;

/**
 * A photo over the upload limit (a phone's 12 MB shot) is scaled down in the browser to a JPEG;
 * anything else goes as it is, and the server re-encodes it like a listing photo.
 */
export async function fitForUpload(file: File): Promise<Blob> {
  if (file.size <= MAX_PHOTO_BYTES || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve) =>
    canvas.toBlob((blob) => resolve(blob ?? file), 'image/jpeg', 0.9),
  );
}

export function ProfilePhoto({ photoUrl, name }: { photoUrl: string | null; name: string }) {
  const { upload, remove } = useProfilePhoto();
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const error = upload.error ?? remove.error;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        {photoUrl ? (
          <img
            src={photoUrl}
            alt={`${name || 'You'}, as renters see you`}
            width={80}
            height={80}
            className="size-20 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-20 items-center justify-center rounded-full bg-brand-700 text-2xl font-semibold text-white"
          >
            {initials(name || '?')}
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor="profile-photo-file"
            className="inline-flex h-11 cursor-pointer items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 shadow-sm focus-within:outline-2 focus-within:outline-brand-700 hover:bg-stone-50"
          >
            {upload.isPending ? 'Uploading…' : photoUrl ? 'Replace photo' : 'Add a photo'}
            <input
              ref={input}
              id="profile-photo-file"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={upload.isPending}
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
                const uploading = upload.mutateAsync({
                  file: await fitForUpload(file),
                  name: file.name,
                });
                if (input.current) input.current.value = '';
                try {
                  await uploading;
                  toast.success('Your photo has been updated.');
                } catch {
                  // Shown by the alert below (the mutation's error).
                }
              }}
            />
          </label>
          {photoUrl ? (
            <Button
              variant="ghost"
              pending={remove.isPending}
              // Awaited, not mutate's callbacks: a live event's refetch can unmount this first.
              onClick={async () => {
                try {
                  await remove.mutateAsync(undefined);
                  toast.success('Your photo has been removed.');
                } catch {
                  // Shown by the alert below (the mutation's error).
                }
              }}
            >
              Remove photo
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-stone-600">
        JPEG, PNG or WebP, at least 200 pixels on each side. A clear face or your company's logo.
      </p>
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
    </div>
  );
}
