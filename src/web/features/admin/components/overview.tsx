import type { AdminOverview } from '../../../../shared/schemas/admin.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useAdminOverview } from '../api/get-overview.ts';
import { plural } from '../format.ts';
import type { AdminTab } from './admin-tabs.tsx';

type Tile = {
  label: string;
  value: number;
  hint: string;
  tab: AdminTab;
  /** Draws the eye when there is work waiting. */
  urgent?: boolean;
  testId: string;
};

function tilesOf(o: AdminOverview): Tile[] {
  return [
    {
      label: 'Open reports',
      value: o.reports.open,
      hint: `${o.reports.resolved.toLocaleString('en-US')} resolved`,
      tab: 'reports',
      urgent: o.reports.open > 0,
      testId: 'count-open-reports',
    },
    {
      label: 'Users',
      value: o.users.total,
      hint: [
        plural(o.users.renters, 'renter'),
        plural(o.users.landlords, 'landlord'),
        plural(o.users.admins, 'admin'),
      ].join(' · '),
      tab: 'users',
      testId: 'count-users',
    },
    {
      label: 'Suspended',
      value: o.users.suspended,
      hint: 'accounts that cannot sign in',
      tab: 'users',
      testId: 'count-suspended',
    },
    {
      label: 'Active listings',
      value: o.listings.active,
      hint: `${o.listings.total.toLocaleString('en-US')} in all · ${plural(o.listings.draft, 'draft')} · ${o.listings.featured.toLocaleString('en-US')} featured`,
      tab: 'listings',
      testId: 'count-active-listings',
    },
    {
      label: 'Taken down',
      value: o.listings.unpublished,
      hint: 'listings unpublished by moderators',
      tab: 'listings',
      testId: 'count-unpublished',
    },
  ];
}

/** The counts across the top; each opens the tab where that work is done. */
export function Overview({ onOpen }: { onOpen: (tab: AdminTab) => void }) {
  const overview = useAdminOverview();
  if (overview.isError && overview.data === undefined) {
    return <Alert className="mb-6">{errorMessage(overview.error)}</Alert>;
  }
  return (
    <section aria-labelledby="overview-heading" className="mb-8">
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      <ul
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        aria-busy={overview.isPending}
      >
        {(overview.data ? tilesOf(overview.data) : PLACEHOLDERS).map((tile) => (
          <li key={tile.testId}>
            <button
              type="button"
              onClick={() => onOpen(tile.tab)}
              data-testid={tile.testId}
              className={cn(
                'flex h-full w-full flex-col rounded-2xl border bg-white p-3 text-left shadow-sm sm:p-4 transition-colors hover:border-brand-300 hover:bg-brand-50',
                tile.urgent ? 'border-amber-300' : 'border-stone-200',
              )}
            >
              <span className="text-sm font-medium text-stone-700">{tile.label}</span>
              <span
                className={cn(
                  'mt-1 text-2xl font-bold sm:text-3xl',
                  tile.urgent ? 'text-amber-800' : 'text-stone-900',
                )}
                data-testid="stat-value"
              >
                {overview.data ? tile.value.toLocaleString('en-US') : '–'}
              </span>
              <span className="mt-1 text-xs text-stone-600">{overview.data ? tile.hint : ' '}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Same tiles while the counts load, so nothing shifts when they arrive. */
const PLACEHOLDERS: Tile[] = tilesOf({
  users: { total: 0, renters: 0, landlords: 0, admins: 0, suspended: 0 },
  listings: { total: 0, active: 0, draft: 0, unpublished: 0, featured: 0 },
  reports: { open: 0, resolved: 0 },
});
