import { createContext, type ReactNode, use, useCallback, useMemo, useState } from 'react';

/** Spec §3: a saved listing, held only in client memory. */
export type SavedListing = {
  id: string;
  user_id: string;
  listing_id: string;
  created_at: string;
  listing: { id: string };
};

export type SavedListingsApi = {
  savedListings: readonly SavedListing[];
  isSaved: (listingId: string) => boolean;
  /** Saves or unsaves; needs a signed-in user and a listing id, else only warns (spec §5). */
  toggleSave: (listingId: string) => void;
};

const SavedListingsContext = createContext<SavedListingsApi | null>(null);

function temporaryId(): string {
  return `temp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

type SavedListingsProviderProps = {
  /** The signed-in user's id, or null; the list starts empty for every user. */
  userId: string | null;
  children: ReactNode;
};

export function SavedListingsProvider({ userId, children }: SavedListingsProviderProps) {
  const [state, setState] = useState<{ userId: string | null; items: SavedListing[] }>({
    userId,
    items: [],
  });
  // The list belongs to one user: a different user starts from an empty list.
  const items = state.userId === userId ? state.items : [];

  const toggleSave = useCallback(
    (listingId: string) => {
      if (userId === null || listingId.length === 0) {
        console.warn('Saving a listing needs a signed-in user and a listing id.');
        return;
      }
      setState((current) => {
        const list = current.userId === userId ? current.items : [];
        const exists = list.some((s) => s.listing_id === listingId);
        const next = exists
          ? list.filter((s) => s.listing_id !== listingId)
          : [
              ...list,
              {
                id: temporaryId(),
                user_id: userId,
                listing_id: listingId,
                created_at: new Date().toISOString(),
                listing: { id: listingId },
              },
            ];
        return { userId, items: next };
      });
    },
    [userId],
  );

  const value = useMemo<SavedListingsApi>(
    () => ({
      savedListings: items,
      isSaved: (listingId) => items.some((s) => s.listing_id === listingId),
      toggleSave,
    }),
    [items, toggleSave],
  );

  return <SavedListingsContext value={value}>{children}</SavedListingsContext>;
}

/** The saved listings; throws when used outside a `SavedListingsProvider`. */
export function useSavedListings(): SavedListingsApi {
  const context = use(SavedListingsContext);
  if (context === null) {
    throw new Error('useSavedListings must be used within a SavedListingsProvider.');
  }
  return context;
}
