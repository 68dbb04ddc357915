import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useToast } from '../components/ui/toast.tsx';
import { useAuth } from '../features/auth/use-auth.ts';
import { ChatbotMount } from '../features/chatbot/components/chatbot-mount.tsx';
import { NotesProvider } from '../features/notes/components/notes-provider.tsx';
import {
  fetchSavedListings,
  savedListingsQueryKey,
  saveListing,
  unsaveListing,
} from '../features/saved-listings/api/saved-listings-api.ts';
import {
  SavedListingsProvider,
  type SavedListingsRemote,
} from '../features/saved-listings/components/saved-listings-provider.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { LandlordConfinement } from './guards/landlord-confinement.tsx';

/**
 * The root of the route table: user-scoped providers, then the landlord confinement of
 * docs/spec.md §6.
 */
export function RootRoute() {
  const { user, isLoading } = useAuth();
  const userId = user?.id ?? null;
  // Notes are a renter's (issue 15): nobody else loads or syncs them.
  const notesUserId = user?.userType === 'renter' ? user.id : null;
  // A renter's notes work offline: the service worker keeps the app for them (decision 033).
  useEffect(() => {
    if (notesUserId !== null) registerServiceWorker();
  }, [notesUserId]);
  const queryClient = useQueryClient();
  const toast = useToast();
  const remote = useMemo<SavedListingsRemote>(
    () => ({
      load: () =>
        queryClient.fetchQuery({
          queryKey: savedListingsQueryKey,
          queryFn: () => fetchSavedListings(),
        }),
      save: saveListing,
      unsave: unsaveListing,
      onSignInNeeded: () => toast.info('Sign in to save listings.'),
      onError: (error) => toast.error(errorMessage(error)),
      onChanged: () => {
        void queryClient.invalidateQueries({ queryKey: savedListingsQueryKey });
      },
    }),
    [queryClient, toast],
  );
  return (
    <SavedListingsProvider userId={userId} remote={remote}>
      <NotesProvider userId={notesUserId}>
        <LandlordConfinement>
          <Outlet />
        </LandlordConfinement>
        <ScrollRestoration />
        {/* docs/spec.md §1: the chatbot for visitors and renters, decided once the session is
            known; never on the password pages (issue 26). */}
        <ChatbotMount viewer={{ sessionKnown: !isLoading, role: user?.userType ?? null }} />
      </NotesProvider>
    </SavedListingsProvider>
  );
}
