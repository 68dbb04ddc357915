import { cn } from '../../../lib/cn.ts';
import { useSavedListings } from './saved-listings-provider.tsx';

type SaveButtonProps = {
  listingId: string;
  /** Names the listing for screen readers ("Save 2BR in Astoria"). */
  title: string;
  variant?: 'icon' | 'full';
};

/** The heart: saves or unsaves a listing (signed-out visitors get a sign-in hint). */
export function SaveButton({ listingId, title, variant = 'icon' }: SaveButtonProps) {
  const { isSaved, toggleSave } = useSavedListings();
  const saved = isSaved(listingId);
  const heart = (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={cn('size-5', saved ? 'fill-red-600 stroke-red-600' : 'fill-none stroke-current')}
      strokeWidth="2"
    >
      <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 5.3 3 1.7-1.9 3.2-3 5.3-3 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
    </svg>
  );
  if (variant === 'full') {
    return (
      <button
        type="button"
        aria-pressed={saved}
        onClick={() => toggleSave(listingId)}
        className="inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50"
      >
        {heart}
        {saved ? 'Saved' : 'Save'}
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${title}`}
      onClick={() => toggleSave(listingId)}
      className="flex size-10 items-center justify-center rounded-full bg-white/95 text-stone-800 shadow hover:bg-white"
    >
      {heart}
    </button>
  );
}
