import { Outlet, ScrollRestoration } from 'react-router';
import { useAuth } from '../features/auth/use-auth.ts';
import { NotesProvider } from '../features/notes/components/notes-provider.tsx';
import { SavedListingsProvider } from '../features/saved-listings/components/saved-listings-provider.tsx';
import { LandlordConfinement } from './guards/landlord-confinement.tsx';

/** The root of the route table: user-scoped providers, then the landlord confinement of §6. */
export function RootRoute() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return (
    <SavedListingsProvider userId={userId}>
      <NotesProvider userId={userId}>
        <LandlordConfinement>
          <Outlet />
        </LandlordConfinement>
        <ScrollRestoration />
      </NotesProvider>
    </SavedListingsProvider>
  );
}
