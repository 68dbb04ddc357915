import { useRef, useState } from 'react';
import { MAX_PHOTOS } from '../../../../shared/listings.ts';
import type { Photo } from '../../../../shared/schemas/listing-responses.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { deletePhoto, reorderPhotos, uploadPhoto } from '../api/listing-editor-api.ts';

type Upload = { key: string; name: string; progress: number };

/** Uploads (with progress), orders, picks the cover (first photo) and deletes photos. */
export function PhotoManager({
  listingId,
  photos,
  onChange,
}: {
  listingId: string;
  photos: readonly Photo[];
  onChange: (photos: Photo[]) => void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (files: FileList) => {
    setError(null);
    for (const file of Array.from(files)) {
      const key = `${file.name}-${Math.random().toString(36).slice(2)}`;
      setUploads((list) => [...list, { key, name: file.name, progress: 0 }]);
      try {
        const next = await uploadPhoto(listingId, file, (progress) =>
          setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u))),
        );
        onChange(next);
      } catch (cause) {
        setError(`${file.name}: ${errorMessage(cause)}`);
      } finally {
        setUploads((list) => list.filter((u) => u.key !== key));
      }
    }
  };

  const run = async (action: () => Promise<Photo[]>) => {
    setBusy(true);
    setError(null);
    try {
      onChange(await action());
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };
  const move = (from: number, to: number) => {
    const order = photos.map((p) => p.id);
    const [id] = order.splice(from, 1);
    if (id === undefined) return;
    order.splice(to, 0, id);
    void run(() => reorderPhotos(listingId, order));
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        Add up to {MAX_PHOTOS} photos (JPEG, PNG or WebP, at least 200 pixels on each side). The
        first photo is the cover.
      </p>
      <div>
        <label
          htmlFor="photo-files"
          className="inline-flex h-11 cursor-pointer items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 shadow-sm focus-within:outline-2 focus-within:outline-brand-700 hover:bg-stone-50"
        >
          Add photos
          <input
            ref={input}
            id="photo-files"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="sr-only"
            onChange={(event) => {
              const files = event.target.files;
              if (files && files.length > 0) void upload(files);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {uploads.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {uploads.map((u) => (
            <li key={u.key} className="flex items-center gap-3 text-sm text-stone-700">
              <span className="min-w-0 flex-1 truncate">{u.name}</span>
              <progress
                max={1}
                value={u.progress}
                aria-label={`Uploading ${u.name}`}
                className="w-40"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length > 0 ? (
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-2"
            >
              <img
                src={photo.url}
                alt={`Upload ${index + 1} of ${photos.length}`}
                width={photo.width}
                height={photo.height}
                className="aspect-[4/3] w-full rounded-lg object-cover"
              />
              <div className="flex flex-wrap items-center gap-1">
                {index === 0 ? (
                  <span className="rounded bg-brand-100 px-2 py-1 text-xs font-semibold text-brand-900">
                    Cover
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => move(index, 0)}
                    aria-label={`Make photo ${index + 1} the cover`}
                  >
                    Make cover
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy || index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={`Move photo ${index + 1} earlier`}
                >
                  ←
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy || index === photos.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={`Move photo ${index + 1} later`}
                >
                  →
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => void run(() => deletePhoto(listingId, photo.id))}
                  aria-label={`Delete photo ${index + 1}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
