import type { LandlordStats } from '../../../../shared/schemas/billing.ts';
import { StatTile } from '../../../components/ui/stat-card.tsx';
import { paths } from '../../../config/paths.ts';
import { formatInteger } from '../../../lib/format.ts';

const listingsWith = (status: string) => `${paths.landlordListings.href()}?status=${status}`;
const plural = (n: number, one: string, many: string) =>
  `${formatInteger(n)} ${n === 1 ? one : many}`;

/** The landlord's figures as tiles, each a link to where it is managed. */
export function LandlordFigures({
  stats,
  unread,
}: {
  stats: LandlordStats;
  /** The live unread count when the messaging stream has it; the stats' otherwise. */
  unread: number;
}) {
  const { plan, tours, waitlist, listings } = stats;
  const full = plan.activeListings >= plan.activeListingLimit;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <StatTile
        label="Live"
        value={formatInteger(listings.active)}
        href={listingsWith('active')}
        testId="stat-active"
      />
      <StatTile
        label="Drafts"
        value={formatInteger(listings.draft)}
        href={listingsWith('draft')}
        testId="stat-draft"
      />
      <StatTile
        label="Rented"
        value={formatInteger(listings.rented)}
        href={listingsWith('rented')}
        testId="stat-rented"
      />
      <StatTile
        label="Plan usage"
        value={`${formatInteger(plan.activeListings)}/${formatInteger(plan.activeListingLimit)}`}
        hint={
          full
            ? 'At your limit: upgrade'
            : `${plan.activeListingLimit - plan.activeListings} more can go live`
        }
        href={paths.landlordBilling.href()}
        testId="stat-plan"
      />
      {/* Confirmed only: the tours card beside it counts requests too ("Upcoming tours"). */}
      <StatTile
        label="Confirmed tours"
        value={formatInteger(tours.upcoming)}
        hint={
          tours.openRequests > 0
            ? `${plural(tours.openRequests, 'request', 'requests')} to answer`
            : 'No requests waiting'
        }
        href={paths.landlordTours.href()}
        testId="stat-tours"
      />
      <StatTile
        label="Waitlist"
        value={formatInteger(waitlist.waiting)}
        hint={`Waiting on ${plural(waitlist.listingsWithQueue, 'listing', 'listings')}`}
        href={paths.landlordWaitlist.href()}
        testId="stat-waitlist"
      />
      <StatTile
        label="Unread messages"
        value={formatInteger(unread)}
        href={paths.chat.href()}
        testId="stat-unread"
      />
    </div>
  );
}
