import { Link } from 'react-router';
import { AfterPaint } from '../../components/ui/after-paint.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useLandlordStats } from '../../features/dashboards/api/get-landlord-stats.ts';
import { ActivityCharts } from '../../features/dashboards/components/activity-charts.tsx';
import { ApplicationsCard } from '../../features/dashboards/components/applications-card.tsx';
import { LandlordFigures } from '../../features/dashboards/components/landlord-figures.tsx';
import { useUnreadCounts } from '../../features/messaging/api/get-unread-count.ts';
import { LatestConversations } from '../../features/messaging/components/latest-conversations.tsx';
import { LandlordUpcomingTours } from '../../features/tours/components/landlord-upcoming-tours.tsx';
import { errorMessage } from '../../lib/api-client.ts';

const MANAGE = [
  [paths.landlordListings.href(), 'My listings'],
  [paths.landlordApplications.href(), 'Applications'],
  [paths.landlordTours.href(), 'Tours'],
  [paths.landlordAvailability.href(), 'Availability'],
  [paths.landlordWaitlist.href(), 'Waitlist'],
  [paths.landlordBilling.href(), 'Billing'],
  [paths.landlordProfile.href(), 'Profile'],
] as const;

const ACTIVITY_LINKS = {
  views: paths.landlordListings.href(),
  saves: paths.landlordListings.href(),
  inquiries: paths.chat.href(),
};

/**
 * /landlord/dashboard: the landlord's real figures (`GET /api/landlord/stats`, live), each linking to
 * where it is managed; 7- and 30-day activity charts; conversations, applications to review and
 * the next tours.
 */
export function Component() {
  const { user } = useAuth();
  const dashboard = useLandlordStats();
  const unread = useUnreadCounts(user?.id ?? null);
  const figures = dashboard.data;
  const listingCount = figures
    ? figures.listings.active +
      figures.listings.draft +
      figures.listings.rented +
      figures.listings.archived
    : null;

  return (
    <Page title="Landlord dashboard" width="wide">
      <PageHeader
        title={`Welcome, ${user?.name ?? 'landlord'}`}
        description="Your listings, conversations and tours."
        actions={
          <Link to={paths.listingCreate.href()} className={buttonClass('primary')}>
            + New Listing
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        {dashboard.isError ? <Alert>{errorMessage(dashboard.error)}</Alert> : null}
        {dashboard.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner size="lg" label="Loading your figures" />
          </div>
        ) : listingCount === 0 ? (
          <section aria-labelledby="listings-heading">
            <h2 id="listings-heading" className="sr-only">
              Your listings
            </h2>
            <EmptyState
              title="You have no listings yet"
              as="h3"
              action={
                <Link to={paths.listingCreate.href()} className={buttonClass('secondary')}>
                  Create your first listing
                </Link>
              }
            >
              <p>Listings you publish appear here, with their messages and tours.</p>
            </EmptyState>
          </section>
        ) : figures ? (
          <section aria-labelledby="listings-heading">
            <div className="mb-3 flex items-baseline justify-between">
              <h2 id="listings-heading" className="text-lg font-semibold text-stone-900">
                Your listings
              </h2>
              <Link
                to={paths.landlordListings.href()}
                className="text-sm font-semibold text-brand-800 hover:underline"
              >
                Manage listings →
              </Link>
            </div>
            <LandlordFigures stats={figures} unread={unread?.total ?? figures.unreadMessages} />
          </section>
        ) : null}
        {figures && listingCount !== 0 ? (
          <ActivityCharts stats={figures} hrefs={ACTIVITY_LINKS} />
        ) : null}
        {/* Below the figures only once they are in: appearing later, it would be pushed down.
            And after they have painted, in a task of its own (decision 068): at the end of
            the page, it moves nothing on screen. */}
        {dashboard.isPending ? null : (
          <AfterPaint>
            <div className="grid gap-4 lg:grid-cols-3">
              <div className="min-w-0 lg:col-span-2">
                {user ? (
                  <LatestConversations
                    userId={user.id}
                    emptyText="No conversations yet. Renters who message you about a listing appear here."
                  />
                ) : null}
              </div>
              <div className="flex min-w-0 flex-col gap-4">
                <ApplicationsCard
                  side="landlord"
                  href={paths.landlordApplications.href()}
                  linkLabel="Review applications"
                />
                <LandlordUpcomingTours />
              </div>
            </div>
            <nav
              aria-label="Manage"
              className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
            >
              <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
                Manage
              </h2>
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
          </AfterPaint>
        )}
      </div>
    </Page>
  );
}
