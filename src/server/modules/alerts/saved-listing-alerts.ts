import { sql } from 'drizzle-orm';
import type { EventsTransaction } from '../events/events.service.ts';
import type { AlertDraft, ListingFacts } from './alert-records.ts';

type SavedRow = {
  id: string;
  user_id: string;
  listing_id: string;
  saved_rent_cents: number | null;
  alert_rent_cents: number | null;
  rented_announced_at: string | null;
  alerts_on: boolean;
};

/**
 * Saved listings among the changed ones: a rent below the last one announced (or the one it was
 * saved at) is a price drop; "rented" is announced once (`rented_announced_at`). The rent seen
 * is recorded either way, so each later drop is announced once too. A user who turned these
 * alerts off (unsubscribe) gets none, but the record still moves on.
 */
export async function announceSavedListings(
  tx: EventsTransaction,
  listingIds: string[],
  facts: Map<string, ListingFacts>,
): Promise<AlertDraft[]> {
  const saved = await tx.execute<SavedRow>(sql`
    select sl.id, sl.user_id, sl.listing_id, sl.saved_rent_cents, sl.alert_rent_cents,
      sl.rented_announced_at, coalesce(p.saved_listing_alerts, true) as alerts_on
    from saved_listings sl left join alert_preferences p on p.user_id = sl.user_id
    where sl.listing_id = any(${sql.param(listingIds)}::uuid[])
    order by sl.id
    for update of sl`);
  const drafts: AlertDraft[] = [];
  for (const row of saved.rows) {
    const listing = facts.get(row.listing_id);
    if (!listing) continue;
    const draft = (kind: AlertDraft['kind'], previousRentCents: number | null) => {
      if (row.alerts_on) {
        drafts.push({ userId: row.user_id, search: null, listing, kind, previousRentCents });
      }
    };
    const rent = listing.rent_cents;
    if (listing.status === 'active' && rent !== null) {
      const before = row.alert_rent_cents ?? row.saved_rent_cents;
      if (before !== null && rent < before) draft('price_drop', before);
      if (rent !== row.alert_rent_cents) {
        await tx.execute(sql`update saved_listings set alert_rent_cents = ${rent}
          where id = ${row.id}`);
      }
    }
    if (listing.status === 'rented' && row.rented_announced_at === null) {
      draft('rented', null);
      await tx.execute(sql`update saved_listings set rented_announced_at = now()
        where id = ${row.id}`);
    }
  }
  return drafts;
}
