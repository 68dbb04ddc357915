import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { DashboardCard } from '../../components/ui/stat-card.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useNotes } from '../../features/notes/components/notes-provider.tsx';
import { useSavedListings } from '../../features/saved-listings/components/saved-listings-provider.tsx';

/** /renter/dashboard */
export function Component() {
  const { user } = useAuth();
  const { savedListings } = useSavedListings();
  const { notes } = useNotes();
  return (
    <Page title="Your dashboard" width="wide">
      <PageHeader
        title={`Welcome, ${user?.name ?? 'renter'}`}
        description="Everything about your apartment hunt in one place."
        actions={
          <Link to="/search" className={buttonClass('primary')}>
            Browse apartments
          </Link>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <DashboardCard
          title="Saved listings"
          count={savedListings.length}
          empty="You have not saved any listings yet."
          href="/saved-listings"
          linkLabel="Saved listings"
        />
        <DashboardCard
          title="Conversations"
          count={null}
          empty="No conversations yet. Message a landlord from a listing to start one."
          href="/chat"
          linkLabel="Messages"
        />
        <DashboardCard
          title="Tours"
          count={null}
          empty="Tour booking is coming soon."
          href="/tours"
          linkLabel="Tours"
        />
        <DashboardCard
          title="Viewing notes"
          count={notes.length}
          empty="No notes yet. Notes you take on a viewing stay in this browser."
          href="/profile"
          linkLabel="Your profile"
        />
      </div>
    </Page>
  );
}
