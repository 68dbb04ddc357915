import { useEffect, useId, useRef, useState } from 'react';
import { NOTE_LIMITS } from '../../../../shared/notes.ts';
import type { Photo } from '../../../../shared/schemas/listing-responses.ts';
import { cn } from '../../../lib/cn.ts';
import { MAX_PHOTO_EDGE, resizeImage } from '../resize-image.ts';

/** A photo chosen here, already resized, waiting for the note's save to upload it. */
export type NewPhoto = { key: string; name: string; blob: Blob; url: string };

type NotePhotosFieldProps = {
  existing: readonly Photo[];
  removed: ReadonlySet<string>;
  onToggleRemoved: (photoId: string) => void;
  added: readonly NewPhoto[];
  onAdd: (photos: NewPhoto[]) => void;
  onRemoveAdded: (key: string) => void;
  isOnline: boolean;
};

/**
 * The note's photos: the ones it has (each can be removed) and new ones, resized here before
 * upload. Photos go straight to the server, so offline the control is off and says why.
 */
export function NotePhotosField({
  existing,
  removed,
  onToggleRemoved,
  added,
  onAdd,
  onRemoveAdded,
  isOnline,
}: NotePhotosFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const [preparing, setPreparing] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const kept = existing.filter((p) => !removed.has(p.id)).length;
  const room = NOTE_LIMITS.photos - kept - added.length;
  const disabled = !isOnline || room <= 0 || preparing > 0;

  // Object URLs of the previews are freed when the field goes away.
  const urls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const choose = async (files: File[]) => {
    setError(null);
    const chosen = files.slice(0, Math.max(0, room));
    setPreparing(chosen.length);
    const ready: NewPhoto[] = [];
    for (const file of chosen) {
      try {
        const blob = await resizeImage(file);
        const url = URL.createObjectURL(blob);
        urls.current.push(url);
        ready.push({
          key: `${file.name}-${crypto.randomUUID()}`,
          name: file.name.replace(/\.[^.]+$/, '') || 'photo',
          blob,
          url,
        });
      } catch (cause) {
        setError(cause instanceof Error ? cause.message : 'That file could not be read.');
      }
      setPreparing((n) => n - 1);
    }
    if (files.length > chosen.length) {
      setError(`A note holds at most ${NOTE_LIMITS.photos} photos.`);
    }
    onAdd(ready);
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-stone-800">Photos</legend>
      <p
        id={hintId}
        className={cn('text-sm', isOnline ? 'text-stone-600' : 'font-medium text-amber-900')}
      >
        {isOnline
          ? `Up to ${NOTE_LIMITS.photos} photos. Large photos are made smaller (${MAX_PHOTO_EDGE} px on the long edge) on this device before they upload.`
          : 'You are offline, so photos cannot be added right now: they upload straight to your account. Save the note now and add photos once you are back online.'}
      </p>
      {existing.length + added.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {existing.map((photo, index) => {
            const isRemoved = removed.has(photo.id);
            return (
              <li key={photo.id} className="flex flex-col gap-1">
                <img
                  src={photo.url}
                  alt={`Saved, number ${index + 1}`}
                  className={cn(
                    'aspect-square w-full rounded-lg bg-stone-100 object-cover',
                    isRemoved && 'opacity-40',
                  )}
                />
                <button
                  type="button"
                  onClick={() => onToggleRemoved(photo.id)}
                  disabled={!isOnline}
                  className="min-h-9 rounded-md text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:text-stone-500"
                  aria-label={`${isRemoved ? 'Keep' : 'Remove'} saved photo ${index + 1}`}
                >
                  {isRemoved ? 'Keep' : 'Remove'}
                </button>
              </li>
            );
          })}
          {added.map((photo, index) => (
            <li key={photo.key} className="flex flex-col gap-1">
              <img
                src={photo.url}
                alt={`Added, number ${index + 1}`}
                className="aspect-square w-full rounded-lg bg-stone-100 object-cover ring-2 ring-brand-200"
              />
              <button
                type="button"
                onClick={() => onRemoveAdded(photo.key)}
                className="min-h-9 rounded-md text-sm font-medium text-brand-800 hover:bg-brand-50"
                aria-label={`Remove new photo ${index + 1}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex h-11 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 shadow-sm focus-within:outline-2 focus-within:outline-brand-700',
            disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-stone-50',
          )}
        >
          {preparing > 0 ? 'Preparing photos…' : 'Add photos'}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            disabled={disabled}
            aria-describedby={hintId}
            className="sr-only"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0) void choose(files);
            }}
          />
        </label>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
