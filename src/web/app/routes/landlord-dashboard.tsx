import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { DashboardCard } from '../../components/ui/stat-card.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';

const MANAGE = [
  ['/landlord/tours', 'Tours'],
  ['/landlord/availability', 'Availability'],
  ['/landlord/waitlist', 'Waitlist'],
  ['/landlord/billing', 'Billing'],
  ['/landlord/profile', 'Profile'],
] as const;

/** /landlord/dashboard */
export function Component() {
  const { user } = useAuth();
  return (
    <Page title="Landlord dashboard" width="wide">
      <PageHeader
        title={`Welcome, ${user?.name ?? 'landlord'}`}
        description="Your listings, conversations and tours."
        actions={
          <Link to="/listings/create" className={buttonClass('primary')}>
            + New Listing
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <section aria-labelledby="listings-heading">
          <h2 id="listings-heading" className="sr-only">
            Your listings
          </h2>
          <EmptyState
            title="You have no listings yet"
            as="h3"
            action={
              <Link to="/listings/create" className={buttonClass('secondary')}>
                Create your first listing
              </Link>
            }
          >
            <p>Listings you publish appear here, with their messages and tours.</p>
          </EmptyState>
        </section>
        <div className="grid gap-4 sm:grid-cols-2">
          <DashboardCard
            title="Conversations"
            count={null}
            empty="No conversations yet. Renters who message you about a listing appear here."
            href="/chat"
            linkLabel="Messages"
          />
          <DashboardCard
            title="Upcoming tours"
            count={null}
            empty="Tour scheduling is coming soon."
            href="/landlord/tours"
            linkLabel="Tours"
          />
        </div>
        <nav
          aria-label="Manage"
          className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
        >
          <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">Manage</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {MANAGE.map(([to, label]) => (
              <li key={to}>
                <Link to={to} className={buttonClass('secondary', 'sm')}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </Page>
  );
}
