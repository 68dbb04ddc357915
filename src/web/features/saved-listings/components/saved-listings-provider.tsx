import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createStrictContext } from '../../../lib/strict-context.ts';

/** docs/spec.md §3: a saved listing, held only in client memory. */
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
  /**
   * Saves or unsaves; needs a signed-in user and a listing id, else only warns (docs/spec.md §5).
   */
  toggleSave: (listingId: string) => void;
};

/** The saved listings; `useSavedListings` throws when used outside a `SavedListingsProvider`. */
const [SavedListingsContext, useSavedListings] = createStrictContext<SavedListingsApi>(
  'useSavedListings',
  'SavedListingsProvider',
);

export { useSavedListings };

function temporaryId(): string {
  return `temp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Optional server persistence. Without it the list lives only in memory (docs/spec.md §3); with it
 * the list is loaded for the signed-in user and every toggle is sent to the server, the
 * temporary entry still showing at once and being rolled back when the server refuses.
 */
export type SavedListingsRemote = {
  load: () => Promise<Array<{ id: string; listingId: string; createdAt: string }>>;
  save: (listingId: string) => Promise<void>;
  unsave: (listingId: string) => Promise<void>;
  /** A toggle without a signed-in user (after the console warning). */
  onSignInNeeded?: () => void;
  onError?: (error: unknown) => void;
  /** After the server accepted a change. */
  onChanged?: () => void;
};

type SavedListingsProviderProps = {
  /** The signed-in user's id, or null; the list starts empty for every user. */
  userId: string | null;
  remote?: SavedListingsRemote;
  children: ReactNode;
};

type State = { userId: string | null; items: SavedListing[] };

function toggled(list: SavedListing[], userId: string, listingId: string): SavedListing[] {
  return list.some((s) => s.listing_id === listingId)
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
}

export function SavedListingsProvider({ userId, remote, children }: SavedListingsProviderProps) {
  const [state, setState] = useState<State>({ userId, items: [] });
  // The list belongs to one user: a different user starts from an empty list.
  const items = state.userId === userId ? state.items : [];
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => {
    if (remote === undefined || userId === null) return;
    let cancelled = false;
    remote
      .load()
      .then((loaded) => {
        if (cancelled) return;
        setState((current) => {
          const local = current.userId === userId ? current.items : [];
          const fromServer: SavedListing[] = loaded.map((s) => ({
            id: s.id,
            user_id: userId,
            listing_id: s.listingId,
            created_at: s.createdAt,
            listing: { id: s.listingId },
          }));
          const known = new Set(fromServer.map((s) => s.listing_id));
          return {
            userId,
            items: [...fromServer, ...local.filter((s) => !known.has(s.listing_id))],
          };
        });
      })
      .catch((error: unknown) => {
        if (!cancelled) remote.onError?.(error);
      });
    return () => {
      cancelled = true;
    };
  }, [remote, userId]);

  const toggleSave = useCallback(
    (listingId: string) => {
      if (userId === null || listingId.length === 0) {
        console.warn('Saving a listing needs a signed-in user and a listing id.');
        if (userId === null) remote?.onSignInNeeded?.();
        return;
      }
      const wasSaved = itemsRef.current.some((s) => s.listing_id === listingId);
      const flip = () =>
        setState((current) => ({
          userId,
          items: toggled(current.userId === userId ? current.items : [], userId, listingId),
        }));
      flip();
      if (remote === undefined) return;
      (wasSaved ? remote.unsave(listingId) : remote.save(listingId)).then(
        () => remote.onChanged?.(),
        (error: unknown) => {
          flip();
          remote.onError?.(error);
        },
      );
    },
    [userId, remote],
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
